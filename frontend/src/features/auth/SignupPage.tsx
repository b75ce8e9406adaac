import { useMemo, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/form/PasswordField';
import { TextField } from '../../components/form/TextField';
import { useConfig } from '../../lib/configContext';
import { useZodForm } from '../../lib/form';
import { passwordHint } from '../../lib/password';
import { authErrorMessage, siteUrl, useDelayedNavigate } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { ProviderButtons } from './ProviderButtons';
import { createSignupSchema, type SignupForm } from './schemas';

/** To the confirmation screen two seconds after signing up (docs/behaviour.md#accounts-signup). */
export const SIGNUP_REDIRECT_MS = 2000;

export default function SignupPage() {
  const navigateLater = useDelayedNavigate();
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
    const { data, error } = await supabase.auth.signUp({
      email: email.trim(),
      password,
      options: { emailRedirectTo: siteUrl('/auth/callback'), data: { name: name.trim() } },
    });
    if (error) {
      const message = authErrorMessage(error, 'Error creating account');
      toast.error(message);
      setFailure(message);
      return;
    }
    setDone(true);
    if (data.session) {
      // A deployment that confirms addresses automatically signs straight in.
      toast.success('Account created! Welcome.');
      navigateLater('/profile', SIGNUP_REDIRECT_MS);
      return;
    }
    // Also for an address that already has an account: the server does not say so, and
    // neither does this screen.
    toast.success('Account created! Please check your email to confirm your account.');
    navigateLater('/auth/confirm-signup', SIGNUP_REDIRECT_MS, { email: email.trim() });
  });

  return (
    <AccountFrame
      eyebrow="Account"
      title="Create Account"
      titleId="signup-title"
      intro={<p>An account is optional: it syncs your prayer history across your devices.</p>}
    >
      <ProviderButtons providers={providers} />
      {failure ? (
        <div className={styles.alert} role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
        <TextField
          label="Full name"
          type="text"
          autoComplete="name"
          error={errors.name?.message}
          {...field('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...field('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={passwordHint(passwordMinLength)}
          error={errors.password?.message}
          {...field('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...field('confirmPassword')}
        />
        <Button type="submit" className={styles.submit} disabled={isSubmitting || done}>
          {isSubmitting ? 'Creating account…' : 'Create Account'}
        </Button>
      </form>
      <div className={styles.links}>
        <Link to="/">Back to home</Link>
        <Link to="/login">Already have an account? Sign in</Link>
      </div>
    </AccountFrame>
  );
}
