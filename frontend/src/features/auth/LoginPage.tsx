import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { EmailField } from '../../components/form/PersonFields';
import { FormAlert } from '../../components/form/FormAlert';
import { PasswordField } from '../../components/form/PasswordField';
import { useConfig } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { useZodForm } from '../../lib/form';
import { withReturnPath } from '../../lib/returnPath';
import { authErrorCode, authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { AuthLinks } from './AuthLinks';
import { ProviderButtons } from './ProviderButtons';
import { useReturnPath } from './returnPath';
import { loginSchema, type LoginForm } from './schemas';
import { useFinishSignIn } from './signIn';

interface LoginState {
  message?: string;
  email?: string;
}

/** A refused sign-in: its message is the toast alone (once is enough); the screen adds the way to
 * confirm an unconfirmed address (docs/behaviour.md#accounts-signin). */
interface Failure {
  unconfirmedEmail?: string;
}

export default function LoginPage() {
  const { t } = useLingui();
  const finishSignIn = useFinishSignIn();
  const next = useReturnPath();
  const routeState = useHistoryState<LoginState | null>() ?? {};
  const [failure, setFailure] = useState<Failure | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const { providers } = useConfig();
  const {
    field,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm<LoginForm>(loginSchema, { email: routeState.email ?? '', password: '' });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signInWithPassword({ email, password });
    if (error) {
      const message = authErrorMessage(error, t`Invalid email or password`);
      toast.error(message);
      setFailure({
        unconfirmedEmail: authErrorCode(error) === ErrorCode.emailNotConfirmed ? email : undefined,
      });
      return;
    }
    setSignedIn(true);
    await finishSignIn(supabase, next);
  });

  return (
    <AccountFrame
      eyebrow={t`Account`}
      title={t`Welcome Back`}
      titleId="login-title"
      intro={
        <p>
          <Trans>Sign in to sync your prayer history across your devices.</Trans>
        </p>
      }
    >
      {routeState.message && !failure ? (
        <div className={styles.notice} role="status">
          <p>{routeState.message}</p>
        </div>
      ) : null}
      <ProviderButtons providers={providers} />
      {failure?.unconfirmedEmail ? (
        <FormAlert>
          <Trans>
            Please confirm your email address first.{' '}
            <Link
              to={withReturnPath('/auth/confirm-signup', next)}
              state={{ email: failure.unconfirmedEmail }}
              className={styles.inlineLink}
            >
              Resend the confirmation email
            </Link>
          </Trans>
        </FormAlert>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <EmailField label={t`Email`} error={errors.email?.message} {...field('email')} />
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          error={errors.password?.message}
          {...field('password')}
        />
        <Button type="submit" className={styles.submit} disabled={isSubmitting || signedIn}>
          {isSubmitting ? t`Signing in…` : t`Sign In`}
        </Button>
      </form>
      <AuthLinks links={['forgotPassword', 'emailLink', 'signUp']} />
      <AuthLinks links={['home']} centered />
    </AccountFrame>
  );
}
