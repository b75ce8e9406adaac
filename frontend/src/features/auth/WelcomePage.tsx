import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Redirect, useLocation } from 'wouter';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { EmailField } from '../../components/form/EmailField';
import { FormAlert } from '../../components/form/FormAlert';
import { PasswordField } from '../../components/form/PasswordField';
import { LoadingState } from '../../components/LoadingState';
import { useConfig, useText } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { useZodForm } from '../../lib/form';
import { passwordHint } from '../../lib/password';
import { authErrorCode, authErrorMessage, useSession } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { TWO_FACTOR_PATH, type TwoFactorState } from '../../lib/twoFactor';
import { WELCOME_PATH } from './paths';
import { useSecondFactorOwed } from './secondFactorOwed';
import { createResetPasswordSchema, type ResetPasswordForm } from './schemas';

/** The texts of the invitation's screen (docs/behaviour.md#accounts-invite). */
export const WELCOME_TEXTS = {
  title: msg`Welcome to {brand}`,
  intro: msg`Choose a password to finish setting up your account.`,
  /** Shown once on the profile, under its heading. */
  done: msg`Your password is set. Welcome!`,
  failed: msg`Failed to set password`,
} as const;

/** The profile's route state: the message (in the page's language), under the page's heading. */
function welcomeDoneState(message: string) {
  return { message, section: 'page' } as const;
}

/** The form, for a session that owes nothing more. */
function ChoosePassword({ email }: { email: string }) {
  const { t, i18n } = useLingui();
  const text = useText();
  const [, navigate] = useLocation();
  const { passwordMinLength } = useConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const schema = useMemo(() => createResetPasswordSchema(passwordMinLength), [passwordMinLength]);
  const {
    field,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm<ResetPasswordForm>(schema, { password: '', confirmPassword: '' });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    const supabase = await getSupabase();
    // An invited account has no password yet, so the server asks for no current one
    // (docs/behaviour.md#accounts-password-change); setting it adds the email sign-in.
    const { error } = await supabase.auth.updateUser({ password });
    if (error) {
      const message = authErrorMessage(error, i18n._(WELCOME_TEXTS.failed));
      const code = authErrorCode(error);
      if (code === ErrorCode.weakPassword || code === ErrorCode.samePassword) {
        setError('password', { message }, { shouldFocus: true });
      } else {
        setFailure(message);
      }
      toast.error(message);
      return;
    }
    setDone(true);
    navigate('/profile', { replace: true, state: welcomeDoneState(i18n._(WELCOME_TEXTS.done)) });
  });

  return (
    <AccountFrame
      eyebrow={t`Account`}
      title={text(WELCOME_TEXTS.title)}
      titleId="welcome-title"
      intro={<p>{i18n._(WELCOME_TEXTS.intro)}</p>}
    >
      <FormAlert>{failure}</FormAlert>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="welcome-title">
        {/* The address, read-only: the account being set up, and the user name a password
            manager saves with the new password. */}
        <EmailField label={t`Email`} autoComplete="username" value={email} readOnly />
        <PasswordField
          label={t`New password`}
          autoComplete="new-password"
          hint={passwordHint(passwordMinLength)}
          error={errors.password?.message}
          {...field('password')}
        />
        <PasswordField
          label={t`Confirm new password`}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...field('confirmPassword')}
        />
        <Button type="submit" className={styles.submit} disabled={isSubmitting || done}>
          {isSubmitting ? t`Saving…` : t`Set Password`}
        </Button>
      </form>
    </AccountFrame>
  );
}

/**
 * /auth/welcome: where /auth/callback sends an invitation's link (`type=invite`), which signed
 * the invited person in to their new account; it has no password yet. Signed out: /login. A
 * session that still owes its second factor passes it first, then returns here.
 */
export default function WelcomePage() {
  const { t } = useLingui();
  const session = useSession();
  const owed = useSecondFactorOwed(session.session?.user.id);

  if (session.status === 'signedOut') return <Redirect to="/login" replace />;
  if (session.status === 'loading' || owed === null) {
    return (
      <section className={styles.page} aria-label={t`Welcome`}>
        <LoadingState label={t`Loading your account…`} />
      </section>
    );
  }
  if (owed) {
    const state: TwoFactorState = { from: WELCOME_PATH };
    return <Redirect to={TWO_FACTOR_PATH} replace state={state} />;
  }
  return <ChoosePassword email={session.session.user.email ?? ''} />;
}
