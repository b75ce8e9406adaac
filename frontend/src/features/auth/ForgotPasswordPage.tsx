import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { CheckEmail } from '../../components/form/CheckEmail';
import { FormAlert } from '../../components/form/FormAlert';
import { useZodForm } from '../../lib/form';
import { authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { AuthLinks } from './AuthLinks';
import { EmailRequestForm } from './EmailRequestForm';
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
        <CheckEmail
          role="status"
          sent={
            <Trans>
              If an account exists for{' '}
              <strong>
                <bdi>{email}</bdi>
              </strong>
              , we have sent a link to reset your password. The link works once.
            </Trans>
          }
        >
          <Link to="/login" className={styles.inlineLink}>
            <Trans>Back to sign in</Trans>
          </Link>
        </CheckEmail>
      ) : (
        <>
          <FormAlert>{failure}</FormAlert>
          <EmailRequestForm
            labelledBy="forgot-title"
            onSubmit={onSubmit}
            error={errors.email?.message}
            input={field('email')}
            busy={isSubmitting}
            submitLabel={t`Send Reset Link`}
          />
          <AuthLinks links={['backToSignIn', 'createAccount']} />
        </>
      )}
    </AccountFrame>
  );
}
