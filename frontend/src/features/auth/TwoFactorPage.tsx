import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { FormAlert } from '../../components/form/FormAlert';
import { OneTimeCodeField } from '../../components/form/OneTimeCodeField';
import { LoadingState } from '../../components/LoadingState';
import { useZodForm } from '../../lib/form';
import { welcomeState } from '../../lib/profileArrival';
import { withReturnPath } from '../../lib/returnPath';
import { authErrorMessage, useDelayedNavigate, useSession } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import {
  codeFailureMessage,
  recoveryCodeSchema as recoverySchema,
  totpCodeSchema,
  verifiedTotp,
  WRONG_RECOVERY_CODE,
  WRONG_TOTP_CODE,
  type CodeForm,
  type TwoFactorState,
} from '../../lib/twoFactor';
import { clearRecovery } from './recovery';
import { useGoToReturnPath, useReturnPath } from './returnPath';
import { useSecondFactorOwed } from './secondFactorOwed';
import { LOGIN_REDIRECT_MS, SIGNED_IN_MESSAGE } from './signIn';

/**
 * The second step of signing in: a code from the authenticator app, or a recovery code. Then
 * back to the screen that asked for it (`from`), else the return path (`next`,
 * docs/behaviour.md#accounts-return-path) or the profile's welcome.
 */
function SecondStep({ from, next }: { from?: string; next: string | null }) {
  const { t, i18n } = useLingui();
  const navigateLater = useDelayedNavigate();
  const goToReturnPath = useGoToReturnPath();
  const [, navigate] = useLocation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    field,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useZodForm<CodeForm>(useRecovery ? recoverySchema : totpCodeSchema, { code: '' });

  // The field has focus on arrival and after switching between code kinds.
  useEffect(() => setFocus('code'), [useRecovery, setFocus]);

  const switchMode = () => {
    setUseRecovery((current) => !current);
    setFailure(null);
    reset({ code: '' });
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    const supabase = await getSupabase();
    let error: unknown = null;
    if (useRecovery) {
      ({ error } = await supabase.auth.mfa.recoveryCodes.verify({ code }));
    } else {
      const { data, error: userError } = await supabase.auth.getUser();
      const factor = data.user ? verifiedTotp(data.user) : undefined;
      if (!factor) {
        setFailure(
          userError
            ? authErrorMessage(userError, t`Verification failed. Please try again.`)
            : t`Two-factor authentication is not set up for this account.`,
        );
        return;
      }
      ({ error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code }));
    }
    if (error) {
      const message = codeFailureMessage(
        error,
        useRecovery ? WRONG_RECOVERY_CODE : WRONG_TOTP_CODE,
        t`Verification failed. Please try again.`,
      );
      setError('code', { message }, { shouldFocus: true });
      return;
    }
    setDone(true);
    if (from) {
      navigate(from, { replace: true });
      return;
    }
    toast.success(i18n._(SIGNED_IN_MESSAGE));
    if (next) goToReturnPath(next, { delayMs: LOGIN_REDIRECT_MS });
    else navigateLater('/profile', LOGIN_REDIRECT_MS, welcomeState('signedIn'));
  });

  const cancel = async () => {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error) {
      setFailure(authErrorMessage(error, t`Failed to sign out`));
      return;
    }
    clearRecovery();
    navigate(withReturnPath('/login', next), { replace: true });
  };

  return (
    <AccountFrame
      eyebrow={t`Account`}
      title={t`Two-factor authentication`}
      titleId="two-factor-title"
      intro={
        <p>
          {useRecovery
            ? t`Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.`
            : t`Open your authenticator app and enter the 6-digit code it shows for this account.`}
        </p>
      }
    >
      <FormAlert>{failure}</FormAlert>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="two-factor-title"
      >
        <OneTimeCodeField
          key={useRecovery ? 'recovery' : 'totp'}
          kind={useRecovery ? 'recovery' : 'totp'}
          dir="ltr"
          error={errors.code?.message}
          {...field('code')}
        />
        <Button type="submit" className={styles.submit} disabled={isSubmitting || done}>
          {isSubmitting ? t`Verifying…` : t`Verify`}
        </Button>
      </form>
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={switchMode}>
          {useRecovery ? t`Use your authenticator app` : t`Use a recovery code`}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => void cancel()}>
          <Trans>Cancel and sign out</Trans>
        </button>
      </div>
    </AccountFrame>
  );
}

/** A session that owes nothing here goes straight on to the return path. */
function OnToReturnPath({ next }: { next: string }) {
  const goToReturnPath = useGoToReturnPath();
  useEffect(() => goToReturnPath(next, { replace: true }), [goToReturnPath, next]);
  return null;
}

/** /auth/two-factor: only for a session that still owes its second factor. */
export default function TwoFactorPage() {
  const { t } = useLingui();
  const session = useSession();
  const from = useHistoryState<TwoFactorState | null>()?.from;
  const next = useReturnPath();
  const owed = useSecondFactorOwed(session.session?.user.id);

  if (session.status === 'signedOut') {
    return <Redirect to={withReturnPath('/login', next)} replace />;
  }
  if (session.status === 'loading' || owed === null) {
    return (
      <section className={styles.page} aria-label={t`Two-factor authentication`}>
        <LoadingState label={t`Loading…`} />
      </section>
    );
  }
  if (!owed) {
    if (!from && next) return <OnToReturnPath next={next} />;
    return <Redirect to={from ?? '/profile'} replace />;
  }
  return <SecondStep from={from} next={next} />;
}
