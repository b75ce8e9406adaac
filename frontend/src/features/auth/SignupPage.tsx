import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { EmailField, NameField } from '../../components/form/PersonFields';
import { FormAlert } from '../../components/form/FormAlert';
import { PasswordField } from '../../components/form/PasswordField';
import { useConfig } from '../../lib/configContext';
import { useZodForm } from '../../lib/form';
import { activeLocale } from '../../lib/i18n/catalogs';
import { passwordHint } from '../../lib/password';
import { welcomeState } from '../../lib/profileArrival';
import { withReturnPath } from '../../lib/returnPath';
import { authErrorMessage, useDelayedNavigate } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { AuthLinks } from './AuthLinks';
import { ProviderButtons } from './ProviderButtons';
import { useGoToReturnPath, useReturnPath } from './returnPath';
import { createSignupSchema, type SignupForm } from './schemas';
import { returnUrl } from './siteLinks';

/** To the confirmation screen two seconds after signing up (docs/behaviour.md#accounts-signup). */
export const SIGNUP_REDIRECT_MS = 2000;

export default function SignupPage() {
  const { t } = useLingui();
  const navigateLater = useDelayedNavigate();
  const next = useReturnPath();
  const goToReturnPath = useGoToReturnPath();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { passwordMinLength, providers } = useConfig();
  const schema = useMemo(() => createSignupSchema(passwordMinLength), [passwordMinLength]);
  const {
    field,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm<SignupForm>(schema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setFailure(null);
    const supabase = await getSupabase();
    // The page's language goes with the account (user metadata `locale`), for the server's
    // emails; the confirmation link comes back to the callback in that language, with the
    // return path (docs/behaviour.md#accounts-return-path).
    const { data, error } = await supabase.auth.signUp({
      email: email.trim(),
      password,
      options: {
        emailRedirectTo: returnUrl(withReturnPath('/auth/callback', next)),
        data: { name: name.trim(), locale: activeLocale() },
      },
    });
    if (error) {
      const message = authErrorMessage(error, t`Error creating account`);
      toast.error(message);
      setFailure(message);
      return;
    }
    setDone(true);
    if (data.session) {
      // A deployment that confirms addresses automatically signs straight in.
      toast.success(t`Account created! Welcome.`);
      if (next) goToReturnPath(next, { delayMs: SIGNUP_REDIRECT_MS });
      else navigateLater('/profile', SIGNUP_REDIRECT_MS, welcomeState('newAccount'));
      return;
    }
    // Also for an address that already has an account: the server does not say so, and
    // neither does this screen.
    toast.success(t`Account created! Please check your email to confirm your account.`);
    navigateLater(withReturnPath('/auth/confirm-signup', next), SIGNUP_REDIRECT_MS, {
      email: email.trim(),
    });
  });

  return (
    <AccountFrame
      eyebrow={t`Account`}
      title={t`Create Account`}
      titleId="signup-title"
      intro={
        <p>
          <Trans>An account is optional: it syncs your prayer history across your devices.</Trans>
        </p>
      }
    >
      <ProviderButtons providers={providers} />
      <FormAlert>{failure}</FormAlert>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
        <NameField label={t`Full name`} error={errors.name?.message} {...field('name')} />
        <EmailField label={t`Email`} error={errors.email?.message} {...field('email')} />
        <PasswordField
          label={t`Password`}
          autoComplete="new-password"
          hint={passwordHint(passwordMinLength)}
          error={errors.password?.message}
          {...field('password')}
        />
        <PasswordField
          label={t`Confirm password`}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...field('confirmPassword')}
        />
        <Button type="submit" className={styles.submit} disabled={isSubmitting || done}>
          {isSubmitting ? t`Creating account…` : t`Create Account`}
        </Button>
      </form>
      <AuthLinks links={['home', 'signIn']} />
    </AccountFrame>
  );
}
