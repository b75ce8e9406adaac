import { Trans, useLingui } from '@lingui/react/macro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { CheckEmail } from '../../components/form/CheckEmail';
import { FormAlert } from '../../components/form/FormAlert';
import { useZodForm } from '../../lib/form';
import { withReturnPath } from '../../lib/returnPath';
import { getSupabase } from '../../lib/supabase';
import { AuthLinks } from './AuthLinks';
import { CodeEntry } from './CodeEntry';
import { EmailRequestForm } from './EmailRequestForm';
import { codeFailure, EMAIL_SIGN_IN_TEXTS, sendFailure, type Failure } from './emailSignIn';
import {
  emailCodeSchema,
  emailOnlySchema,
  type EmailCodeForm,
  type EmailOnlyForm,
} from './schemas';
import { useReturnPath } from './returnPath';
import { useFinishSignIn } from './signIn';
import { returnUrl } from './siteLinks';

/**
 * /login/email-link: sign in without the password (docs/behaviour.md#accounts-email-sign-in).
 * The email holds a link, which signs in through /auth/callback like a confirmation link, and
 * a 6-digit code, typed here; either finishes like a password sign-in.
 */
export default function EmailSignInPage() {
  const { t, i18n } = useLingui();
  const finishSignIn = useFinishSignIn();
  const next = useReturnPath();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const request = useZodForm<EmailOnlyForm>(emailOnlySchema, { email: '' });
  const code = useZodForm<EmailCodeForm>(emailCodeSchema, { code: '' });
  const { setFocus: focusRequest } = request;
  const { setFocus: focusCode } = code;

  // The form that replaces the other gets the focus: the code field once the email is sent,
  // the address again when the person chooses to use another one.
  const wasSent = useRef(false);
  useEffect(() => {
    if (sentTo) focusCode('code');
    else if (wasSent.current) focusRequest('email');
    wasSent.current = sentTo !== null;
  }, [sentTo, focusCode, focusRequest]);

  /** Asks for the email: null once sent (and toasted), else why not. */
  const send = async (email: string): Promise<Failure<'email'> | null> => {
    setFailure(null);
    let error: unknown = null;
    try {
      const supabase = await getSupabase();
      // shouldCreateUser: false: this signs in; accounts are made on /signup. The link returns
      // to the callback the sign-up and provider flows use, in the page's language, with the
      // return path.
      ({ error } = await supabase.auth.signInWithOtp({
        email,
        options: {
          shouldCreateUser: false,
          emailRedirectTo: returnUrl(withReturnPath('/auth/callback', next)),
        },
      }));
    } catch {
      error = {}; // the client did not load: the fallback
    }
    if (error) return sendFailure(error);
    toast.success(i18n._(EMAIL_SIGN_IN_TEXTS.sent));
    return null;
  };

  const onRequest = request.handleSubmit(async ({ email }) => {
    const address = email.trim();
    const refused = await send(address);
    if (!refused) setSentTo(address);
    else if (refused.field) {
      request.setError(refused.field, { message: refused.message }, { shouldFocus: true });
    } else {
      toast.error(refused.message);
      setFailure(refused.message);
    }
  });

  /** The same address again (the server allows one email a minute to it). */
  const resend = async () => {
    if (!sentTo) return;
    setResending(true);
    const refused = await send(sentTo);
    setResending(false);
    if (refused) {
      toast.error(refused.message);
      setFailure(refused.message);
    }
  };

  const chooseAnotherAddress = () => {
    setFailure(null);
    setSentTo(null);
    code.reset({ code: '' });
  };

  const onCode = code.handleSubmit(async ({ code: token }) => {
    if (!sentTo) return;
    setFailure(null);
    let error: unknown = null;
    let supabase: SupabaseClient | null = null;
    try {
      supabase = await getSupabase();
      ({ error } = await supabase.auth.verifyOtp({ email: sentTo, token, type: 'email' }));
    } catch {
      error = {}; // the client did not load: the fallback
    }
    if (error || !supabase) {
      const refused = codeFailure(error);
      if (refused.field) {
        code.setError(refused.field, { message: refused.message }, { shouldFocus: true });
      } else {
        toast.error(refused.message);
        setFailure(refused.message);
      }
      return;
    }
    setSignedIn(true);
    await finishSignIn(supabase, next);
  });

  /** The address the email went to, as the sentence names it. */
  const email = sentTo;

  const alert = <FormAlert>{failure}</FormAlert>;

  return (
    <AccountFrame
      eyebrow={t`Account`}
      title={t`Sign in with an email link`}
      titleId="email-sign-in-title"
      intro={
        sentTo ? undefined : (
          <p>
            <Trans>
              Enter the email address of your account and we will email you a link that signs you
              in, and a code you can type here instead.
            </Trans>
          </p>
        )
      }
    >
      <div role="status">
        {sentTo ? (
          <CheckEmail
            sent={
              <Trans>
                If an account exists for{' '}
                <strong>
                  <bdi>{email}</bdi>
                </strong>
                , we have sent it a sign-in link and a 6-digit code. The link and the code work
                once.
              </Trans>
            }
          />
        ) : null}
      </div>
      {sentTo ? (
        <>
          <CodeEntry
            titleId="email-code-title"
            onSubmit={onCode}
            alert={alert}
            error={code.formState.errors.code?.message}
            input={code.field('code')}
            busy={code.formState.isSubmitting}
            done={signedIn}
            submitLabel={t`Sign In`}
            busyLabel={t`Signing in…`}
          />
          <div className={styles.links}>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => void resend()}
              disabled={resending || signedIn}
            >
              {resending ? t`Sending…` : t`Send a new link`}
            </button>
            <button
              type="button"
              className={styles.linkButton}
              onClick={chooseAnotherAddress}
              disabled={signedIn}
            >
              <Trans>Use another email address</Trans>
            </button>
          </div>
        </>
      ) : (
        <>
          {alert}
          <EmailRequestForm
            labelledBy="email-sign-in-title"
            onSubmit={onRequest}
            error={request.formState.errors.email?.message}
            input={request.field('email')}
            busy={request.formState.isSubmitting}
            submitLabel={t`Send sign-in link`}
          />
        </>
      )}
      <AuthLinks links={['backToSignIn']} centered />
    </AccountFrame>
  );
}
