import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { ButtonLink } from '../../components/Button';
import { LoadingState } from '../../components/LoadingState';
import { getSupabase } from '../../lib/supabase';
import { needsSecondFactor, TWO_FACTOR_PATH, type TwoFactorState } from '../../lib/twoFactor';
import { NewPasswordForm } from './NewPasswordForm';
import { clearRecovery, hasRecentRecovery, isRecoveryHash, markRecovery } from './recovery';

type Status =
  | { kind: 'checking' }
  | { kind: 'ready' }
  | { kind: 'secondFactor' }
  | { kind: 'invalid'; reason?: string };

/**
 * Where the recovery email leads (`#access_token…&type=recovery`, read by the client's
 * detectSessionInUrl), or where /auth/callback sends a recovery. Offers the form only with a
 * session that came from a recovery link.
 */
async function checkRecovery(hash: string, fromCallback: boolean): Promise<Status> {
  try {
    const supabase = await getSupabase();
    const { error: urlError } = await supabase.auth.initialize();
    if (urlError && hash) return { kind: 'invalid', reason: urlError.message };
    const { data } = await supabase.auth.getSession();
    if (!data.session) return { kind: 'invalid' };
    if (isRecoveryHash(hash) || fromCallback) markRecovery();
    else if (!hasRecentRecovery()) return { kind: 'invalid' };
    // With two-factor on, the new password waits for the code (the server requires it).
    return (await needsSecondFactor(supabase)) ? { kind: 'secondFactor' } : { kind: 'ready' };
  } catch {
    return { kind: 'invalid' };
  }
}

export default function ResetPasswordPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const fromCallback = Boolean(useHistoryState<{ recovery?: unknown } | null>()?.recovery);
  const [hash] = useState(() => window.location.hash);
  const [status, setStatus] = useState<Status>({ kind: 'checking' });
  useEffect(() => {
    let active = true;
    void checkRecovery(hash, fromCallback).then((result) => {
      if (active) setStatus(result);
    });
    return () => {
      active = false;
    };
  }, [hash, fromCallback]);

  const onSaved = () => {
    clearRecovery();
    toast.success(t`Your password has been updated.`);
    navigate('/profile', { replace: true });
  };

  if (status.kind === 'secondFactor') {
    const state: TwoFactorState = { from: '/auth/reset-password' };
    return <Redirect to={TWO_FACTOR_PATH} replace state={state} />;
  }
  return (
    <AccountFrame
      eyebrow={t`Account`}
      title={t`Set a new password`}
      titleId="reset-title"
      intro={
        status.kind === 'ready' ? (
          <p>
            <Trans>Choose a new password for your account. Other devices will be signed out.</Trans>
          </p>
        ) : undefined
      }
    >
      {status.kind === 'checking' ? <LoadingState label={t`Checking your link…`} /> : null}
      {status.kind === 'invalid' ? (
        <div className={styles.message}>
          <div className={styles.alert} role="alert">
            <p>
              <Trans>This password reset link is invalid or has expired.</Trans>
            </p>
            {status.reason ? <p>{status.reason}</p> : null}
          </div>
          <p>
            <Trans>Reset links work once. Please ask for a new one.</Trans>
          </p>
          <ButtonLink to="/auth/forgot-password">
            <Trans>Request a new link</Trans>
          </ButtonLink>
          <Link to="/login" className={styles.inlineLink}>
            <Trans>Back to sign in</Trans>
          </Link>
        </div>
      ) : null}
      {status.kind === 'ready' ? (
        <NewPasswordForm
          titleId="reset-title"
          submitLabel={t`Update Password`}
          failedMessage={t`Failed to update password`}
          onSaved={onSaved}
        />
      ) : null}
    </AccountFrame>
  );
}
