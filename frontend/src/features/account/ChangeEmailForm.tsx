import type { User } from '@supabase/supabase-js';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { ErrorCode } from '../../lib/errorCodes';
import { useZodForm } from '../../lib/form';
import { authErrorCode, authErrorMessage, siteUrl } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { createChangeEmailSchema, type ChangeEmailForm as Form } from './schema';
import styles from './ProfilePage.module.css';

/** The texts of the email change (docs/behaviour.md#accounts-email-change). */
export const EMAIL_CHANGE_TEXTS = {
  /** `email_exists`: the address belongs to another account (the server says no more). */
  taken: 'That address is already used by another account. Please choose another.',
  /** 400 from the server: it could not read the address. */
  invalid: 'Email is invalid',
  needsSecondFactor:
    'Two-factor authentication is on for your account and this session has not passed it. Sign out, sign in again with the code from your authenticator app, then change your address.',
  failed: 'Could not send the confirmation links. Please try again.',
} as const;

/** After the request: where the links went. */
export function linksSentMessage(current: string, next: string): string {
  return current
    ? `Check both inboxes: we sent a link to ${current} and to ${next}. Your address changes when both are opened.`
    : `Check your inbox: we sent a link to ${next}. Your address changes when it is opened.`;
}

interface ChangeEmailFormProps {
  user: User;
  /** Reloads the account from the server (its pending `new_email`). */
  onRequested: () => void;
  /** Shown on arrival: 'Your email address is now …' from /auth/callback. */
  notice?: string | undefined;
}

/**
 * Profile → Account Information, under the read-only address: 'Change email address' opens a
 * form for the new address. The server emails a link to the current address and one to the new
 * one; the address changes once both are opened (Supabase's secure email change).
 */
export function ChangeEmailForm({ user, onRequested, notice }: ChangeEmailFormProps) {
  const current = user.email ?? '';
  const pending = user.new_email;
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState(notice ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const schema = useMemo(() => createChangeEmailSchema(current), [current]);
  const {
    field,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm<Form>(schema, { email: '' });

  // Opening the form puts the cursor in it; closing it (Cancel, or sent) returns to the button.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) setFocus('email');
    else if (wasOpen.current) toggle.current?.focus();
    wasOpen.current = open;
  }, [open, setFocus]);

  const close = () => {
    setOpen(false);
    setFailure(null);
    reset();
  };

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    setStatus('');
    let error: unknown = null;
    try {
      const supabase = await getSupabase();
      ({ error } = await supabase.auth.updateUser(
        { email },
        { emailRedirectTo: siteUrl('/auth/callback') },
      ));
    } catch {
      error = {}; // the client did not load: the fallback below
    }
    if (error) {
      const code = authErrorCode(error);
      if (code === ErrorCode.emailExists) {
        setError('email', { message: EMAIL_CHANGE_TEXTS.taken }, { shouldFocus: true });
      } else if (code === ErrorCode.validationFailed) {
        setError('email', { message: EMAIL_CHANGE_TEXTS.invalid }, { shouldFocus: true });
      } else if (code === ErrorCode.insufficientAal) {
        setFailure(EMAIL_CHANGE_TEXTS.needsSecondFactor);
      } else {
        // 429 says how long to wait: 'Too many requests. Please try again in 42 seconds.'
        setFailure(authErrorMessage(error, EMAIL_CHANGE_TEXTS.failed));
      }
      return;
    }
    // An account whose address was never confirmed gets only the new address's link.
    setStatus(linksSentMessage(user.email_confirmed_at ? current : '', email));
    close();
    onRequested();
  });

  return (
    <div className={styles.emailChange}>
      <div className={status ? accountStyles.notice : undefined} role="status">
        {status ? <p>{status}</p> : null}
      </div>
      {pending ? (
        <p className={styles.status}>
          Waiting for confirmation: <strong className={styles.pendingEmail}>{pending}</strong>
        </p>
      ) : null}
      <Button
        ref={toggle}
        variant="outline"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => {
          // Kept enabled while sending (focus returns to it afterwards); a click then waits.
          if (isSubmitting) return;
          if (open) close();
          else setOpen(true);
        }}
      >
        Change email address
      </Button>
      {open ? (
        <form
          id={formId}
          className={styles.emailForm}
          onSubmit={onSubmit}
          noValidate
          aria-label="Change email address"
        >
          {failure ? (
            <div className={accountStyles.alert} role="alert">
              <p>{failure}</p>
            </div>
          ) : null}
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            hint="We will email a link to your current address and one to the new address."
            error={errors.email?.message}
            {...field('email')}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send confirmation links'}
            </Button>
            <Button variant="outline" onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
