import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { useZodForm } from '../../lib/form';
import { authErrorMessage, siteUrl } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { emailOnlySchema, type EmailOnlyForm } from './schemas';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    field,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm<EmailOnlyForm>(emailOnlySchema, { email: '' });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    const supabase = await getSupabase();
    const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
      redirectTo: siteUrl('/auth/reset-password'),
    });
    if (error) {
      const message = authErrorMessage(error, 'Failed to send reset email. Please try again.');
      toast.error(message);
      setFailure(message);
      return;
    }
    toast.success('Check your email for the reset link.');
    setSentTo(email.trim());
  });

  return (
    <AccountFrame
      eyebrow="Account"
      title="Reset Password"
      titleId="forgot-title"
      intro={
        sentTo ? undefined : (
          <p>Enter the email address of your account and we will send you a reset link.</p>
        )
      }
    >
      {sentTo ? (
        <div className={styles.message} role="status">
          <MailCheck size={48} aria-hidden="true" />
          <h2>Check your email</h2>
          <p>
            If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset your
            password. The link works once.
          </p>
          <p>Can&apos;t find it? Please check your spam or junk folder too.</p>
          <Link to="/login" className={styles.inlineLink}>
            Back to sign in
          </Link>
        </div>
      ) : (
        <>
          {failure ? (
            <div className={styles.alert} role="alert">
              <p>{failure}</p>
            </div>
          ) : null}
          <form
            className={styles.form}
            onSubmit={onSubmit}
            noValidate
            aria-labelledby="forgot-title"
          >
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...field('email')}
            />
            <Button type="submit" className={styles.submit} disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send Reset Link'}
            </Button>
          </form>
          <div className={styles.links}>
            <Link to="/login">Back to sign in</Link>
            <Link to="/signup">Create an account</Link>
          </div>
        </>
      )}
    </AccountFrame>
  );
}
