import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useLocation } from 'wouter';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { ButtonLink } from '../../components/Button';
import { LoadingState } from '../../components/LoadingState';
import { returnPathIn, withReturnPath } from '../../lib/returnPath';
import { getSupabase } from '../../lib/supabase';
import { needsSecondFactor } from '../../lib/twoFactor';
import { decideCallback, MESSAGES, type CallbackOutcome } from './callback';
import { markRecovery } from './recovery';
import { useGoToReturnPath } from './returnPath';
import { SIGNED_IN_MESSAGE } from './signIn';

/** The address as the page opened, before the client reads and clears the fragment. */
function openedAt(): { hash: string; search: string } {
  return { hash: window.location.hash, search: window.location.search };
}

async function resolveCallback(url: { hash: string; search: string }): Promise<CallbackOutcome> {
  try {
    const supabase = await getSupabase();
    // initialize() is the client's one reading of the URL (detectSessionInUrl); awaiting it
    // again returns that reading's result, including an error from the fragment.
    const { error: initError } = await supabase.auth.initialize();
    const { data, error } = await supabase.auth.getSession();
    if (error) throw error;
    return decideCallback({
      ...url,
      initError,
      hasSession: Boolean(data.session),
      email: data.session?.user.email,
      needsSecondFactor: data.session ? await needsSecondFactor(supabase) : false,
    });
  } catch {
    return { kind: 'error', message: i18n._(MESSAGES.unexpected) };
  }
}

export default function CallbackPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const goToReturnPath = useGoToReturnPath();
  const [url] = useState(openedAt);
  const [outcome, setOutcome] = useState<CallbackOutcome | null>(null);

  useEffect(() => {
    let active = true;
    void resolveCallback(url).then((result) => {
      if (active) setOutcome(result);
    });
    return () => {
      active = false;
    };
  }, [url]);

  useEffect(() => {
    if (outcome?.kind !== 'return') return;
    toast.success(
      i18n._(outcome.welcome === 'newAccount' ? MESSAGES.accountConfirmed : SIGNED_IN_MESSAGE),
    );
    goToReturnPath(outcome.next, { replace: true });
  }, [outcome, goToReturnPath]);

  useEffect(() => {
    if (outcome?.kind !== 'redirect') return;
    if (outcome.state?.recovery) markRecovery();
    const go = () => navigate(outcome.to, { replace: true, state: outcome.state });
    if (outcome.delayMs === 0) {
      go();
      return;
    }
    const timer = window.setTimeout(go, outcome.delayMs);
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  if (outcome?.kind === 'info') {
    return (
      <AccountFrame eyebrow={t`Account`} title={t`One more link to open`} titleId="callback-title">
        <div className={styles.message}>
          <div className={styles.notice} role="status">
            <p>{outcome.message}</p>
          </div>
          <ButtonLink to="/profile">
            <Trans>Go to your profile</Trans>
          </ButtonLink>
          <Link to="/" className={styles.inlineLink}>
            <Trans>Back to home</Trans>
          </Link>
        </div>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame
      eyebrow={t`Account`}
      title={t`Processing Authentication`}
      titleId="callback-title"
    >
      {outcome?.kind === 'error' ? (
        <div className={styles.message}>
          <div className={styles.alert} role="alert">
            <p>{outcome.message}</p>
          </div>
          {outcome.backTo === '/profile' ? (
            <ButtonLink to="/profile">
              <Trans>Back to your profile</Trans>
            </ButtonLink>
          ) : (
            <ButtonLink to={withReturnPath('/login', returnPathIn(url.search))}>
              <Trans>Go to sign in</Trans>
            </ButtonLink>
          )}
          <Link to="/" className={styles.inlineLink}>
            <Trans>Back to home</Trans>
          </Link>
        </div>
      ) : (
        <LoadingState
          label={
            outcome?.kind === 'redirect' && outcome.to === '/'
              ? t`Nothing to confirm here. Taking you home…`
              : t`Please wait while we sign you in…`
          }
        />
      )}
    </AccountFrame>
  );
}
