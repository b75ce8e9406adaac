import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { CheckEmail } from '../../components/form/CheckEmail';
import { FormAlert } from '../../components/form/FormAlert';
import { useZodForm } from '../../lib/form';
import { welcomeState } from '../../lib/profileArrival';
import { withReturnPath } from '../../lib/returnPath';
import { authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { AuthLinks } from './AuthLinks';
import { MESSAGES } from './callback';
import { CodeEntry } from './CodeEntry';
import { EmailRequestForm } from './EmailRequestForm';
import { codeFailure } from './emailSignIn';
import { useGoToReturnPath, useReturnPath } from './returnPath';
import {
  emailCodeSchema,
  emailOnlySchema,
  type EmailCodeForm,
  type EmailOnlyForm,
} from './schemas';
import { isolate, returnUrl } from './siteLinks';

type Result = { ok: true; message: string } | { ok: false; message: string };

/**
 * Sends the confirmation email again, its link back to the callback with the return path
 * (`next`); the outcome's message is in the page's language.
 */
async function resendConfirmation(address: string, next: string | null): Promise<Result> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email: address,
    options: { emailRedirectTo: returnUrl(withReturnPath('/auth/callback', next)) },
  });
  if (error) {
    return {
      ok: false,
      message: authErrorMessage(error, i18n._(msg`Could not send the email. Please try again.`)),
    };
  }
  const email = isolate(address);
  return { ok: true, message: i18n._(msg`We sent a new confirmation link to ${email}.`) };
}

/**
 * The email's 6-digit code, typed here (the email may be read on another device): it confirms
 * the account like the link and signs this browser in (docs/behaviour.md#accounts-confirm).
 */
function ConfirmCodeForm({ email, next }: { email: string; next: string | null }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const goToReturnPath = useGoToReturnPath();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const {
    field,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm<EmailCodeForm>(emailCodeSchema, { code: '' });

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    let error: unknown = null;
    let supabase: SupabaseClient | null = null;
    try {
      supabase = await getSupabase();
      ({ error } = await supabase.auth.verifyOtp({ email, token: code, type: 'signup' }));
    } catch {
      error = {}; // the client did not load: the fallback
    }
    if (error || !supabase) {
      // A wrong, used or expired code under the field; the limits and the rest above it.
      const refused = codeFailure(error);
      if (refused.field) setError('code', { message: refused.message }, { shouldFocus: true });
      else setFailure(refused.message);
      return;
    }
    setConfirmed(true);
    // A new account has no second factor: the return path with a welcome
    // (docs/behaviour.md#accounts-return-path), else the profile, with what to do next.
    if (next) {
      toast.success(i18n._(MESSAGES.accountConfirmed));
      goToReturnPath(next, { replace: true });
      return;
    }
    navigate('/profile', { replace: true, state: welcomeState('newAccount') });
  });

  return (
    <CodeEntry
      titleId="confirm-code-title"
      onSubmit={onSubmit}
      alert={<FormAlert>{failure}</FormAlert>}
      error={errors.code?.message}
      input={field('code')}
      busy={isSubmitting}
      done={confirmed}
      submitLabel={t`Confirm my account`}
      busyLabel={t`Confirming…`}
    />
  );
}

export default function ConfirmSignupPage() {
  const { t } = useLingui();
  const next = useReturnPath();
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
    report(await resendConfirmation(email, next));
    setSending(false);
  };

  const onAskEmail = handleSubmit(async ({ email: typed }) => {
    const address = typed.trim();
    const outcome = await resendConfirmation(address, next);
    report(outcome);
    if (outcome.ok) setEmail(address);
  });

  const feedback = result ? (
    <div className={result.ok ? styles.notice : styles.alert} role={result.ok ? 'status' : 'alert'}>
      <p>{result.message}</p>
    </div>
  ) : null;

  return (
    <AccountFrame eyebrow={t`Account`} title={t`Confirm your email`} titleId="confirm-title">
      {email ? (
        <CheckEmail
          title={<Trans>Check your inbox</Trans>}
          sent={
            <Trans>
              We sent a confirmation link and a 6-digit code to{' '}
              <strong>
                <bdi>{email}</bdi>
              </strong>
              . Open the link, or type the code here, to activate your account.
            </Trans>
          }
          hint={
            <Trans>
              Can&apos;t find it? Please check your spam or junk folder, or send it again.
            </Trans>
          }
        >
          {feedback}
          <Button variant="outline" onClick={() => void resend()} disabled={sending}>
            {sending ? t`Sending…` : t`Resend confirmation email`}
          </Button>
          <Link to={withReturnPath('/login', next)} className={styles.inlineLink}>
            <Trans>Go to sign in</Trans>
          </Link>
        </CheckEmail>
      ) : null}
      {email ? (
        <ConfirmCodeForm email={email} next={next} />
      ) : (
        <>
          <div className={styles.intro}>
            <p>
              <Trans>
                Enter the email address you signed up with and we will send you a new confirmation
                link.
              </Trans>
            </p>
          </div>
          {feedback}
          <EmailRequestForm
            labelledBy="confirm-title"
            onSubmit={onAskEmail}
            error={errors.email?.message}
            input={field('email')}
            busy={isSubmitting}
            submitLabel={t`Send confirmation link`}
          />
          <AuthLinks links={['backToSignIn', 'createAccount']} />
        </>
      )}
    </AccountFrame>
  );
}
