import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User, UserIdentity } from '@supabase/supabase-js';
import { Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { FormAlert } from '../../components/form/FormAlert';
import { ProviderLogo } from '../../components/ProviderLogo';
import { useConfig } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { activeLocale } from '../../lib/i18n/catalogs';
import { localizePath } from '../../lib/i18n/locales';
import { useBackForwardRestore } from '../../lib/pageRestore';
import { callbackPath, PROVIDER_NAMES, type SignInProvider } from '../../lib/providers';
import { authErrorCode, authErrorMessage, siteUrl } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { emailIdentity, identityEmail, providerIdentity } from './identities';
import styles from './ProfilePage.module.css';

/** Under the Disconnect of the account's only way to sign in (which stays disabled). */
export const ONLY_WAY_HINT = msg`Set a password before disconnecting your only way to sign in.`;

/** `insufficient_aal`: two-factor is on and this session has not passed it. */
export const NEEDS_SECOND_FACTOR = msg`Two-factor authentication is on for your account and this session has not passed it. Sign out, sign in again with the code from your authenticator app, then connect the account.`;

interface ConnectedAccountsProps {
  user: User;
  /** Reloads the account from the server (after a disconnect). */
  onChanged: () => void;
  /** Shown on arrival, e.g. 'Your Google account is connected.' from /auth/callback. */
  notice?: string;
}

/**
 * Profile → Account Information → "Connected accounts": the email-and-password sign-in when the
 * account has one, and each configured provider, connected (with its address and 'Disconnect')
 * or not ('Connect'). Nothing when the deployment has no provider.
 */
export function ConnectedAccounts({ user, onChanged, notice }: ConnectedAccountsProps) {
  const { t, i18n } = useLingui();
  const { providers } = useConfig();
  const [status, setStatus] = useState(notice ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<SignInProvider | null>(null);
  // Identities removed here, hidden until the reloaded account arrives without them.
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const title = useRef<HTMLHeadingElement>(null);
  // Back from the provider's page: the restored screen must not stay busy.
  useBackForwardRestore(() => {
    setBusy(null);
    setStatus('');
  });

  if (providers.length === 0) return null;

  const identities = (user.identities ?? []).filter(
    (identity) => !removed.includes(identity.identity_id),
  );
  const password = emailIdentity(identities);
  // The server refuses to remove the last identity (single_identity_not_deletable).
  const onlyOne = identities.length <= 1;

  const connect = async (provider: SignInProvider) => {
    const providerName = PROVIDER_NAMES[provider];
    const fallback = t`Could not connect your ${providerName} account. Please try again.`;
    setBusy(provider);
    setFailure(null);
    setStatus(t`Taking you to ${providerName}…`);
    try {
      const supabase = await getSupabase();
      // The client asks our server for the provider's address (with this session's token) and
      // goes there; the provider sends the browser back to /auth/callback?link=<provider>.
      const { error } = await supabase.auth.linkIdentity({
        provider,
        options: { redirectTo: siteUrl(localizePath(callbackPath(provider), activeLocale())) },
      });
      if (!error) return;
      setFailure(
        authErrorCode(error) === ErrorCode.insufficientAal
          ? i18n._(NEEDS_SECOND_FACTOR)
          : authErrorMessage(error, fallback),
      );
    } catch {
      setFailure(fallback);
    }
    setBusy(null);
    setStatus('');
  };

  const disconnect = async (provider: SignInProvider, identity: UserIdentity) => {
    const providerName = PROVIDER_NAMES[provider];
    setBusy(provider);
    setFailure(null);
    setStatus('');
    let error: unknown = null;
    try {
      const supabase = await getSupabase();
      ({ error } = await supabase.auth.unlinkIdentity(identity));
    } catch {
      error = {}; // the client did not load: the fallback below
    }
    setBusy(null);
    // The row's button was disabled while waiting, which took its focus: back to the heading.
    title.current?.focus();
    if (error) {
      setFailure(
        authErrorMessage(
          error,
          authErrorCode(error) === ErrorCode.singleIdentityNotDeletable
            ? i18n._(ONLY_WAY_HINT)
            : t`Could not disconnect your ${providerName} account. Please try again.`,
        ),
      );
      return;
    }
    setRemoved((current) => [...current, identity.identity_id]);
    setStatus(t`Your ${providerName} account is disconnected.`);
    onChanged();
  };

  return (
    <section className={styles.securitySection} aria-labelledby="connected-accounts-title">
      <h2 id="connected-accounts-title" ref={title} tabIndex={-1} className={styles.panelTitle}>
        <Trans>Connected accounts</Trans>
      </h2>
      <p className={styles.status}>
        <Trans>The ways you can sign in to this account.</Trans>
      </p>
      <div className={status ? accountStyles.notice : undefined} role="status">
        {status ? <p>{status}</p> : null}
      </div>
      <FormAlert>{failure}</FormAlert>
      <ul className={styles.identities}>
        {password ? (
          <li className={styles.identity}>
            <span className={styles.identityLogo} aria-hidden="true">
              <Mail size={20} />
            </span>
            <div className={styles.identityText}>
              <p className={styles.identityName}>
                <Trans>Email and password</Trans>
              </p>
              <p className={styles.identityMeta}>
                <bdi>{identityEmail(password) ?? user.email ?? ''}</bdi>
              </p>
            </div>
          </li>
        ) : null}
        {providers.map((provider) => {
          const providerName = PROVIDER_NAMES[provider];
          const identity = providerIdentity(identities, provider);
          const email = identity ? identityEmail(identity) : null;
          const hintId = `connected-accounts-${provider}-hint`;
          const locked = Boolean(identity) && onlyOne;
          return (
            <li key={provider} className={styles.identity}>
              <span className={styles.identityLogo} aria-hidden="true">
                <ProviderLogo provider={provider} />
              </span>
              <div className={styles.identityText}>
                <p className={styles.identityName}>{providerName}</p>
                <p className={styles.identityMeta}>
                  {identity ? (
                    email ? (
                      <Trans>
                        Connected as <bdi>{email}</bdi>
                      </Trans>
                    ) : (
                      <Trans>Connected</Trans>
                    )
                  ) : (
                    <Trans>Not connected</Trans>
                  )}
                </p>
                {locked ? (
                  <p id={hintId} className={styles.identityHint}>
                    {i18n._(ONLY_WAY_HINT)}
                  </p>
                ) : null}
              </div>
              {identity ? (
                <Button
                  variant="outline"
                  aria-label={
                    busy === provider
                      ? t`Disconnecting ${providerName}…`
                      : t`Disconnect ${providerName}`
                  }
                  aria-describedby={locked ? hintId : undefined}
                  disabled={busy !== null || locked}
                  onClick={() => void disconnect(provider, identity)}
                >
                  {busy === provider ? <Trans>Disconnecting…</Trans> : <Trans>Disconnect</Trans>}
                </Button>
              ) : (
                <Button
                  variant="outline"
                  aria-label={
                    busy === provider ? t`Connecting ${providerName}…` : t`Connect ${providerName}`
                  }
                  disabled={busy !== null}
                  onClick={() => void connect(provider)}
                >
                  {busy === provider ? <Trans>Connecting…</Trans> : <Trans>Connect</Trans>}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
