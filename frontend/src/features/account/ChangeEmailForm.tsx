import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '@supabase/supabase-js';
import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { EmailField } from '../../components/form/PersonFields';
import { FormAlert } from '../../components/form/FormAlert';
import { ErrorCode } from '../../lib/errorCodes';
import { useZodForm } from '../../lib/form';
import { activeLocale } from '../../lib/i18n/catalogs';
import { localizePath } from '../../lib/i18n/locales';
import { authErrorCode, authErrorMessage, siteUrl } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { createChangeEmailSchema, type ChangeEmailForm as Form } from './schema';
import styles from './ProfilePage.module.css';

/** The texts of the email change (docs/behaviour.md#accounts-email-change). */
export const EMAIL_CHANGE_TEXTS = {
  /** `email_exists`: the address belongs to another account (the server says no more). */
  taken: msg`That address is already used by another account. Please choose another.`,
  /** 400 from the server: it could not read the address. */
  invalid: msg`Email is invalid`,
  needsSecondFactor: msg`Two-factor authentication is on for your account and this session has not passed it. Sign out, sign in again with the code from your authenticator app, then change your address.`,
  failed: msg`Could not send the confirmation links. Please try again.`,
};

/** After the request: where the links went (the addresses isolated from the sentence). */
export function LinksSentMessage({ current, next }: { current: string; next: string }) {
  return current ? (
    <Trans>
      Check both inboxes: we sent a link to <bdi>{current}</bdi> and to <bdi>{next}</bdi>. Your
      address changes when both are opened.
    </Trans>
  ) : (
    <Trans>
      Check your inbox: we sent a link to <bdi>{next}</bdi>. Your address changes when it is opened.
    </Trans>
  );
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
  const { t, i18n } = useLingui();
  const current = user.email ?? '';
  const pending = user.new_email;
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<ReactNode>(notice ?? null);
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
  // Before the browser paints (a layout effect): Preact runs plain effects a frame later, and
  // focus would meanwhile fall to the page's body from the form's removed input.
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
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
    setStatus(null);
    let error: unknown = null;
    try {
      const supabase = await getSupabase();
      ({ error } = await supabase.auth.updateUser(
        { email },
        // The confirmation links lead back to the site in this page's language.
        { emailRedirectTo: siteUrl(localizePath('/auth/callback', activeLocale())) },
      ));
    } catch {
      error = {}; // the client did not load: the fallback below
    }
    if (error) {
      const code = authErrorCode(error);
      if (code === ErrorCode.emailExists) {
        setError('email', { message: i18n._(EMAIL_CHANGE_TEXTS.taken) }, { shouldFocus: true });
      } else if (code === ErrorCode.validationFailed) {
        setError('email', { message: i18n._(EMAIL_CHANGE_TEXTS.invalid) }, { shouldFocus: true });
      } else if (code === ErrorCode.insufficientAal) {
        setFailure(i18n._(EMAIL_CHANGE_TEXTS.needsSecondFactor));
      } else {
        // 429 says how long to wait: 'Too many requests. Please try again in 42 seconds.'
        setFailure(authErrorMessage(error, i18n._(EMAIL_CHANGE_TEXTS.failed)));
      }
      return;
    }
    // An account whose address was never confirmed gets only the new address's link.
    setStatus(<LinksSentMessage current={user.email_confirmed_at ? current : ''} next={email} />);
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
          <Trans>
            Waiting for confirmation:{' '}
            <strong className={styles.pendingEmail}>
              <bdi>{pending}</bdi>
            </strong>
          </Trans>
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
        <Trans>Change email address</Trans>
      </Button>
      {open ? (
        <form
          id={formId}
          className={styles.emailForm}
          onSubmit={onSubmit}
          noValidate
          aria-label={t`Change email address`}
        >
          <FormAlert>{failure}</FormAlert>
          <EmailField
            label={t`New email address`}
            hint={t`We will email a link to your current address and one to the new address.`}
            error={errors.email?.message}
            {...field('email')}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Trans>Sending…</Trans> : <Trans>Send confirmation links</Trans>}
            </Button>
            <Button variant="outline" onClick={close} disabled={isSubmitting}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
