import { Trans, useLingui } from '@lingui/react/macro';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { useZodForm } from '../../lib/form';
import { authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { emailOnlySchema, type EmailOnlyForm } from './schemas';
import { returnUrl } from './siteLinks';

export default function ForgotPasswordPage() {
  const { t } = useLingui();
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
    // The reset link opens the reset screen in the page's language.
    const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
      redirectTo: returnUrl('/auth/reset-password'),
    });
    if (error) {
      const message = authErrorMessage(error, t`Failed to send reset email. Please try again.`);
      toast.error(message);
      setFailure(message);
      return;
    }
    toast.success(t`Check your email for the reset link.`);
    setSentTo(email.trim());
  });

  /** The address the email went to, as the sentence names it. */
  const email = sentTo;

  return (
    <AccountFrame
      eyebrow={t`Account`}
      title={t`Reset Password`}
      titleId="forgot-title"
      intro={
        sentTo ? undefined : (
          <p>
            <Trans>
              Enter the email address of your account and we will send you a reset link.
            </Trans>
          </p>
        )
      }
    >
      {sentTo ? (
        <div className={styles.message} role="status">
          <MailCheck size={48} aria-hidden="true" />
          <h2>
            <Trans>Check your email</Trans>
          </h2>
          <p>
            <Trans>
              If an account exists for{' '}
              <strong>
                <bdi>{email}</bdi>
              </strong>
              , we have sent a link to reset your password. The link works once.
            </Trans>
          </p>
          <p>
            <Trans>Can&apos;t find it? Please check your spam or junk folder too.</Trans>
          </p>
          <Link to="/login" className={styles.inlineLink}>
            <Trans>Back to sign in</Trans>
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
              label={t`Email`}
              type="email"
              autoComplete="email"
              dir="ltr"
              error={errors.email?.message}
              {...field('email')}
            />
            <Button type="submit" className={styles.submit} disabled={isSubmitting}>
              {isSubmitting ? t`Sending…` : t`Send Reset Link`}
            </Button>
          </form>
          <div className={styles.links}>
            <Link to="/login">
              <Trans>Back to sign in</Trans>
            </Link>
            <Link to="/signup">
              <Trans>Create an account</Trans>
            </Link>
          </div>
        </>
      )}
    </AccountFrame>
  );
}
