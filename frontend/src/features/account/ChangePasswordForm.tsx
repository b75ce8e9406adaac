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
import { createChangePasswordSchema, type ChangePasswordForm as Form } from './schema';
import styles from './ProfilePage.module.css';

export const PASSWORD_CHANGED =
  'Password updated. Your other devices have been signed out; this one stays signed in.';

/** Which field a server error belongs to (it is shown under that field). */
function fieldFor(code: string | undefined): keyof Form | null {
  switch (code) {
    case ErrorCode.currentPasswordMismatch:
    case ErrorCode.currentPasswordRequired:
      return 'currentPassword';
    case ErrorCode.weakPassword:
    case ErrorCode.samePassword:
      return 'newPassword';
    default:
      return null;
  }
}

export function ChangePasswordForm() {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const { passwordMinLength } = useConfig();
  const schema = useMemo(() => createChangePasswordSchema(passwordMinLength), [passwordMinLength]);
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

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(null);
    const supabase = await getSupabase();
    const { error } = await supabase.auth.updateUser({
      password: newPassword,
      current_password: currentPassword,
    });
    if (error) {
      const message = authErrorMessage(error, 'Failed to update password');
      const target = fieldFor(authErrorCode(error));
      if (target) setError(target, { message }, { shouldFocus: true });
      else setOutcome({ ok: false, message });
      toast.error(message);
      return;
    }
    reset();
    setOutcome({ ok: true, message: PASSWORD_CHANGED });
    toast.success('Password updated');
  });

  return (
    <form
      className={styles.passwordForm}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title" className={styles.panelTitle}>
        Change Password
      </h2>
      {outcome ? (
        <div
          className={outcome.ok ? accountStyles.notice : accountStyles.alert}
          role={outcome.ok ? 'status' : 'alert'}
        >
          <p>{outcome.message}</p>
        </div>
      ) : null}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...field('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={`${passwordHint(passwordMinLength)} Other devices will be signed out.`}
        error={errors.newPassword?.message}
        {...field('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...field('confirmPassword')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Updating…' : 'Update Password'}
      </Button>
    </form>
  );
}
