import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { useZodForm } from '../../lib/form';
import { authErrorMessage, siteUrl } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { emailOnlySchema, type EmailOnlyForm } from './schemas';

type Result = { ok: true; message: string } | { ok: false; message: string };

async function resendConfirmation(email: string): Promise<Result> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: siteUrl('/auth/callback') },
  });
  if (error) {
    return {
      ok: false,
      message: authErrorMessage(error, 'Could not send the email. Please try again.'),
    };
  }
  return { ok: true, message: `We sent a new confirmation link to ${email}.` };
}

export default function ConfirmSignupPage() {
  const stateEmail = useHistoryState<{ email?: unknown } | null>()?.email;
  const [email, setEmail] = useState<string | null>(
    typeof stateEmail === 'string' && stateEmail ? stateEmail : null,
  );
  const [result, setResult] = useState<Result | null>(null);
  const [sending, setSending] = useState(false);
  const {
    field,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm<EmailOnlyForm>(emailOnlySchema, { email: '' });

  const report = (outcome: Result) => {
    setResult(outcome);
    if (outcome.ok) toast.success(outcome.message);
    else toast.error(outcome.message);
  };

  const resend = async () => {
    if (!email) return;
    setSending(true);
    report(await resendConfirmation(email));
    setSending(false);
  };

  const onAskEmail = handleSubmit(async ({ email: typed }) => {
    const address = typed.trim();
    const outcome = await resendConfirmation(address);
    report(outcome);
    if (outcome.ok) setEmail(address);
  });

  const feedback = result ? (
    <div className={result.ok ? styles.notice : styles.alert} role={result.ok ? 'status' : 'alert'}>
      <p>{result.message}</p>
    </div>
  ) : null;

  return (
    <AccountFrame eyebrow="Account" title="Confirm your email" titleId="confirm-title">
      {email ? (
        <div className={styles.message}>
          <MailCheck size={48} aria-hidden="true" />
          <h2>Check your inbox</h2>
          <p>
            We sent a confirmation link to <strong>{email}</strong>. Open it to activate your
            account, then sign in.
          </p>
          <p>Can&apos;t find it? Please check your spam or junk folder, or send it again.</p>
          {feedback}
          <Button variant="outline" onClick={() => void resend()} disabled={sending}>
            {sending ? 'Sending…' : 'Resend confirmation email'}
          </Button>
          <Link to="/login" className={styles.inlineLink}>
            Go to sign in
          </Link>
        </div>
      ) : (
        <>
          <div className={styles.intro}>
            <p>
              Enter the email address you signed up with and we will send you a new confirmation
              link.
            </p>
          </div>
          {feedback}
          <form
            className={styles.form}
            onSubmit={onAskEmail}
            noValidate
            aria-labelledby="confirm-title"
          >
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...field('email')}
            />
            <Button type="submit" className={styles.submit} disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send confirmation link'}
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
