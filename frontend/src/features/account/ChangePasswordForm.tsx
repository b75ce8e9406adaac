import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/form/PasswordField';
import { useConfig } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { useZodForm } from '../../lib/form';
import { passwordHint } from '../../lib/password';
import { authErrorCode, authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { accountErrorMessage } from './serverMessages';
import { createChangePasswordSchema, type ChangePasswordForm as Form } from './schema';
import styles from './ProfilePage.module.css';

export const PASSWORD_CHANGED = msg`Password updated. Your other devices have been signed out; this one stays signed in.`;
export const PASSWORD_SET = msg`Password set. You can now also sign in with your email address and password.`;

/**
 * Which field a server error belongs to (it is shown under that field); null shows it above the
 * form (also a current-password error when setting a first password: there is no such field).
 */
function fieldFor(code: string | undefined, hasPassword: boolean): keyof Form | null {
  switch (code) {
    case ErrorCode.currentPasswordMismatch:
    case ErrorCode.currentPasswordRequired:
      return hasPassword ? 'currentPassword' : null;
    case ErrorCode.weakPassword:
    case ErrorCode.samePassword:
      return 'newPassword';
    default:
      return null;
  }
}

interface ChangePasswordFormProps {
  /**
   * False for an account created through Google or Apple that has no password yet: the form
   * becomes 'Set a Password', without the current password (docs/behaviour.md#accounts-providers).
   */
  hasPassword?: boolean;
  /**
   * Called after a password was set or changed, so the profile reloads the account (its
   * identities), the signed-in devices (a change signs the others out) and the recent activity.
   */
  onPasswordSet?: () => void;
}

export function ChangePasswordForm({ hasPassword = true, onPasswordSet }: ChangePasswordFormProps) {
  const { t, i18n } = useLingui();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const { passwordMinLength } = useConfig();
  const schema = useMemo(
    () => createChangePasswordSchema(passwordMinLength, { hasPassword }),
    [passwordMinLength, hasPassword],
  );
  const {
    field,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm<Form>(schema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  const submit = hasPassword
    ? { idle: t`Update Password`, busy: t`Updating…` }
    : { idle: t`Set Password`, busy: t`Saving…` };

  const hint = passwordHint(passwordMinLength);

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(null);
    const supabase = await getSupabase();
    // A first password needs no current one (the server adds the email identity).
    const { error } = await supabase.auth.updateUser(
      hasPassword
        ? { password: newPassword, current_password: currentPassword }
        : { password: newPassword },
    );
    if (error) {
      const message =
        accountErrorMessage(error) ??
        authErrorMessage(
          error,
          hasPassword ? t`Failed to update password` : t`Failed to set password`,
        );
      const target = fieldFor(authErrorCode(error), hasPassword);
      if (target) setError(target, { message }, { shouldFocus: true });
      else setOutcome({ ok: false, message });
      toast.error(message);
      return;
    }
    reset();
    if (!hasPassword) {
      setOutcome({ ok: true, message: i18n._(PASSWORD_SET) });
      toast.success(t`Password set`);
      onPasswordSet?.();
      return;
    }
    setOutcome({ ok: true, message: i18n._(PASSWORD_CHANGED) });
    toast.success(t`Password updated`);
    onPasswordSet?.();
  });

  return (
    <form
      className={styles.passwordForm}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title" className={styles.panelTitle}>
        {hasPassword ? <Trans>Change Password</Trans> : <Trans>Set a Password</Trans>}
      </h2>
      {hasPassword ? null : (
        <p className={styles.status}>
          <Trans>
            Your account has no password yet: you sign in with a connected account. Set one to also
            sign in with your email address and a password.
          </Trans>
        </p>
      )}
      {outcome ? (
        <div
          className={outcome.ok ? accountStyles.notice : accountStyles.alert}
          role={outcome.ok ? 'status' : 'alert'}
        >
          <p>{outcome.message}</p>
        </div>
      ) : null}
      {hasPassword ? (
        <PasswordField
          label={t`Current password`}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...field('currentPassword')}
        />
      ) : null}
      <PasswordField
        label={t`New password`}
        autoComplete="new-password"
        hint={
          hasPassword
            ? t({
                message: `${hint} Other devices will be signed out.`,
                comment: '{hint} is the password rule, e.g. "At least 8 characters."',
              })
            : hint
        }
        error={errors.newPassword?.message}
        {...field('newPassword')}
      />
      <PasswordField
        label={t`Confirm new password`}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...field('confirmPassword')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? submit.busy : submit.idle}
      </Button>
    </form>
  );
}
