import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '@supabase/supabase-js';
import { Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/form/CheckboxField';
import { FormAlert } from '../../components/form/FormAlert';
import { OneTimeCodeField } from '../../components/form/OneTimeCodeField';
import { PasswordField } from '../../components/form/PasswordField';
import { TextField } from '../../components/form/TextField';
import { ModalDialog, modalDialogStyles } from '../../components/ModalDialog';
import { useText } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { useZodForm } from '../../lib/form';
import { authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { deleteAccount } from './accountData';
import {
  ACCOUNT_DELETED_PATH,
  CONFIRMATION_WORD,
  DELETION_TEXTS,
  deleteAccountSchema,
  isDeletionConfirmed,
  normalizeCode,
  proofFor,
  type DeleteAccountForm,
  type DeletedState,
  type Proof,
} from './deletion';
import profileStyles from './ProfilePage.module.css';
import styles from './DeleteAccountSection.module.css';

/** The refused code of an account without a password (the server says 'Nonce has expired…'). */
export const WRONG_EMAIL_CODE = msg`That code did not work: it is wrong, already used or expired. Check the email, or send a new code.`;
/** `insufficient_aal`: two-factor is on and this session has not passed it. */
export const DELETE_NEEDS_SECOND_FACTOR = msg`Two-factor authentication is on for your account and this session has not passed it. Sign out, sign in again with the code from your authenticator app, then delete the account.`;

type CodeState = { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string };

/** The code for an account without a password: 'Email me a code', then the field for it. */
function EmailCodeStatus({
  email,
  state,
  onSend,
  disabled,
}: {
  email: string;
  state: CodeState;
  onSend: () => void;
  disabled: boolean;
}) {
  return (
    <div className={styles.code}>
      <p className={styles.text}>
        <Trans>Your account has no password, so we email you a code to confirm it is you.</Trans>
      </p>
      <div role="status" className={state.kind === 'sent' ? accountStyles.notice : undefined}>
        {state.kind === 'sent' ? (
          <p>
            <Trans>
              We sent a 6-digit code to{' '}
              <strong>
                <bdi>{email}</bdi>
              </strong>
              . It works once, for 15 minutes.
            </Trans>
          </p>
        ) : null}
      </div>
      <FormAlert>{state.kind === 'failed' ? state.message : null}</FormAlert>
      <Button
        type="button"
        variant="outline"
        small
        onClick={onSend}
        disabled={disabled || state.kind === 'sending'}
      >
        {state.kind === 'sending' ? (
          <Trans>Sending…</Trans>
        ) : state.kind === 'idle' ? (
          <Trans>Email me a code</Trans>
        ) : (
          <Trans>Send a new code</Trans>
        )}
      </Button>
    </div>
  );
}

interface DeleteAccountFormProps {
  user: User;
  proof: Proof;
  onCancel: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** The dialog's form: the typed word, the proof, the newsletter choice, and the two buttons. */
function DeleteAccountDialogForm({ user, proof, onCancel, onBusyChange }: DeleteAccountFormProps) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const email = user.email ?? '';
  const word = CONFIRMATION_WORD;
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState<CodeState>({ kind: 'idle' });
  const schema = useMemo(() => deleteAccountSchema(proof), [proof]);
  const {
    field,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useZodForm<DeleteAccountForm>(schema, {
    confirmation: '',
    password: '',
    code: '',
    newsletter: true,
  });
  const confirmed = isDeletionConfirmed(useWatch({ control, name: 'confirmation' }));

  // The dialog has just opened (its showModal ran in ModalDialog's layout effect).
  useEffect(() => {
    setFocus('confirmation');
  }, [setFocus]);
  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  const sendCode = async () => {
    setCode({ kind: 'sending' });
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.reauthenticate();
      setCode(
        error
          ? { kind: 'failed', message: authErrorMessage(error, t`We could not send the code.`) }
          : { kind: 'sent' },
      );
    } catch {
      setCode({ kind: 'failed', message: i18n._(DELETION_TEXTS.network) });
    }
  };

  const onSubmit = handleSubmit(async ({ password, code: nonce, newsletter }) => {
    setFailure(null);
    const result = await deleteAccount({
      confirmation: CONFIRMATION_WORD,
      ...(proof === 'password' ? { password } : { nonce: normalizeCode(nonce) }),
      newsletter,
    });
    if (result.ok) {
      const state: DeletedState = { newsletter, signOut: true };
      navigate(ACCOUNT_DELETED_PATH, { replace: true, state });
      return;
    }
    switch (result.code) {
      case ErrorCode.currentPasswordMismatch:
        setError('password', { message: result.message }, { shouldFocus: true });
        return;
      case ErrorCode.reauthenticationNotValid:
        setError('code', { message: i18n._(WRONG_EMAIL_CODE) }, { shouldFocus: true });
        return;
      case ErrorCode.reauthenticationNeeded:
        setError(proof === 'password' ? 'password' : 'code', { message: result.message });
        return;
      case ErrorCode.insufficientAal:
        setFailure(i18n._(DELETE_NEEDS_SECOND_FACTOR));
        return;
      default:
        setFailure(result.message);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <h2 id="delete-dialog-title" className={modalDialogStyles.title}>
        <Trans>Delete your account?</Trans>
      </h2>
      <p id="delete-dialog-intro" className={styles.text}>
        <Trans>
          This deletes the account{' '}
          <strong>
            <bdi>{email}</bdi>
          </strong>{' '}
          at once and for good: your profile (email address, name and password), your sign-in
          methods, your two-factor settings, your signed-in devices and your account activity. Every
          device is signed out. This cannot be undone.
        </Trans>
      </p>
      <FormAlert>{failure}</FormAlert>
      <TextField
        label={t({
          message: `Type ${word} to confirm`,
          comment: '{word} is DELETE, the English word the person types (kept in English)',
        })}
        type="text"
        dir="ltr"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.confirmation?.message}
        {...field('confirmation')}
      />
      {proof === 'password' ? (
        <PasswordField
          label={t`Current password`}
          autoComplete="current-password"
          error={errors.password?.message}
          {...field('password')}
        />
      ) : (
        <>
          <EmailCodeStatus
            email={email}
            state={code}
            onSend={() => void sendCode()}
            disabled={isSubmitting}
          />
          <OneTimeCodeField kind="email" error={errors.code?.message} {...field('code')} />
        </>
      )}
      <CheckboxField label={i18n._(DELETION_TEXTS.newsletter)} {...field('newsletter')} />
      <div className={styles.actions}>
        <Button type="submit" variant="danger" disabled={!confirmed || isSubmitting}>
          <Trash2 size={18} aria-hidden="true" />
          {isSubmitting ? <Trans>Deleting…</Trans> : <Trans>Delete my account</Trans>}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/**
 * Profile → Account Information → "Delete account": what goes and what stays, and a modal
 * dialog (native `<dialog>`: focus kept inside, Escape closes, focus back on the opener) where
 * the person types DELETE and proves it is them (docs/behaviour.md#accounts-data).
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const text = useText();
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const proof = proofFor(user);

  const onClose = () => {
    setOpen(false);
    setBusy(false);
    opener.current?.focus();
  };

  return (
    <section className={profileStyles.securitySection} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className={profileStyles.panelTitle}>
        <Trans>Delete account</Trans>
      </h2>
      <p className={styles.text}>
        {text(
          msg`Deleting your {brand} account is immediate and cannot be undone. It erases your profile (email address, name and password), your sign-in methods, your two-factor settings, your signed-in devices and your account activity. You choose whether your newsletter and waitlist subscriptions go too. Nothing personal is kept. We email a receipt to your address.`,
        )}
      </p>
      <p className={styles.text}>{i18n._(DELETION_TEXTS.store)}</p>
      <Button
        ref={opener}
        type="button"
        variant="danger"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Trash2 size={18} aria-hidden="true" />
        <Trans>Delete account</Trans>
      </Button>
      <ModalDialog
        open={open}
        onClose={onClose}
        busy={busy}
        labelledBy="delete-dialog-title"
        describedBy="delete-dialog-intro"
      >
        <DeleteAccountDialogForm
          user={user}
          proof={proof}
          onCancel={() => setOpen(false)}
          onBusyChange={setBusy}
        />
      </ModalDialog>
    </section>
  );
}
