import { useEffect, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { LoadingState } from '../../components/LoadingState';
import { useZodForm } from '../../lib/form';
import { useDelayedNavigate, useSession } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import {
  codeFailureMessage,
  needsSecondFactor,
  totpCodeSchema,
  verifiedTotp,
  WRONG_TOTP_CODE,
  type TotpCodeForm,
  type TwoFactorState,
} from '../../lib/twoFactor';
import { LOGIN_REDIRECT_MS, SIGNED_IN_MESSAGE } from './signIn';

const recoverySchema = z.object({
  code: z.string().trim().min(1, 'Enter one of your recovery codes'),
});
const WRONG_RECOVERY_CODE = 'That recovery code did not work, or it was already used.';

/** The second step of signing in: a code from the authenticator app, or a recovery code. */
function SecondStep({ from }: { from?: string }) {
  const navigateLater = useDelayedNavigate();
  const navigate = useNavigate();
  const [useRecovery, setUseRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useZodForm<TotpCodeForm>(useRecovery ? recoverySchema : totpCodeSchema, {
    code: '',
  });
  const {
    field,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

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
      const { data } = await supabase.auth.getUser();
      const factor = data.user ? verifiedTotp(data.user) : undefined;
      if (!factor) {
        setFailure('Two-factor authentication is not set up for this account.');
        return;
      }
      ({ error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code }));
    }
    if (error) {
      setFailure(
        codeFailureMessage(
          error,
          useRecovery ? WRONG_RECOVERY_CODE : WRONG_TOTP_CODE,
          'Verification failed. Please try again.',
        ),
      );
      return;
    }
    setDone(true);
    if (from) {
      navigate(from, { replace: true });
      return;
    }
    toast.success(SIGNED_IN_MESSAGE);
    navigateLater('/', LOGIN_REDIRECT_MS);
  });

  const cancel = async () => {
    const supabase = await getSupabase();
    await supabase.auth.signOut({ scope: 'local' });
    navigate('/login', { replace: true });
  };

  return (
    <AccountFrame
      eyebrow="Account"
      title="Two-factor authentication"
      titleId="two-factor-title"
      intro={
        <p>
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for this account.'}
        </p>
      }
    >
      {failure ? (
        <div className={styles.alert} role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="two-factor-title"
      >
        {useRecovery ? (
          <TextField
            key="recovery"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.code?.message}
            {...field('code')}
          />
        ) : (
          <TextField
            key="totp"
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            error={errors.code?.message}
            {...field('code')}
          />
        )}
        <Button type="submit" className={styles.submit} disabled={isSubmitting || done}>
          {isSubmitting ? 'Verifying…' : 'Verify'}
        </Button>
      </form>
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={switchMode}>
          {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => void cancel()}>
          Cancel and sign out
        </button>
      </div>
    </AccountFrame>
  );
}

/** /auth/two-factor: only for a session that still owes its second factor. */
export default function TwoFactorPage() {
  const session = useSession();
  const location = useLocation();
  const from = (location.state as TwoFactorState | null)?.from;
  const [owed, setOwed] = useState<boolean | null>(null);
  const userId = session.session?.user.id;

  useEffect(() => {
    if (!userId) return;
    let active = true;
    void getSupabase()
      .then((supabase) => needsSecondFactor(supabase))
      .then((needed) => {
        if (active) setOwed(needed);
      });
    return () => {
      active = false;
    };
  }, [userId]);

  if (session.status === 'signedOut') return <Navigate to="/login" replace />;
  if (session.status === 'loading' || owed === null) {
    return (
      <section className={styles.page} aria-label="Two-factor authentication">
        <LoadingState label="Loading…" />
      </section>
    );
  }
  if (!owed) return <Navigate to={from ?? '/profile'} replace />;
  return <SecondStep from={from} />;
}
