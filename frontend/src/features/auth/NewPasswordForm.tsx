import { useLingui } from '@lingui/react/macro';
import { useMemo, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import { accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { FormAlert } from '../../components/form/FormAlert';
import { PasswordField } from '../../components/form/PasswordField';
import { useConfig } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { useZodForm } from '../../lib/form';
import { passwordHint } from '../../lib/password';
import { authErrorCode, authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { createResetPasswordSchema, type ResetPasswordForm } from './schemas';

interface NewPasswordFormProps {
  /** The id of the screen's title, which names the form. */
  titleId: string;
  submitLabel: string;
  /** The fallback message when the server's refusal has none of its own. */
  failedMessage: string;
  /** After the server has saved the password. */
  onSaved: () => void;
  /** Fields above the passwords (the invitation's read-only address). */
  children?: ReactNode;
}

/**
 * A new password and its confirmation, saved with `updateUser({ password })`: after a recovery
 * link (/auth/reset-password) and for an invited account (/auth/welcome). A weak or unchanged
 * password is refused under its field; any other refusal above the form (and as a toast).
 */
export function NewPasswordForm({
  titleId,
  submitLabel,
  failedMessage,
  onSaved,
  children,
}: NewPasswordFormProps) {
  const { t } = useLingui();
  const { passwordMinLength } = useConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const schema = useMemo(() => createResetPasswordSchema(passwordMinLength), [passwordMinLength]);
  const {
    field,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm<ResetPasswordForm>(schema, { password: '', confirmPassword: '' });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    const supabase = await getSupabase();
    const { error } = await supabase.auth.updateUser({ password });
    if (error) {
      const message = authErrorMessage(error, failedMessage);
      const code = authErrorCode(error);
      if (code === ErrorCode.weakPassword || code === ErrorCode.samePassword) {
        setError('password', { message }, { shouldFocus: true });
      } else {
        setFailure(message);
      }
      toast.error(message);
      return;
    }
    setDone(true);
    onSaved();
  });

  return (
    <>
      <FormAlert>{failure}</FormAlert>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        {children}
        <PasswordField
          label={t`New password`}
          autoComplete="new-password"
          hint={passwordHint(passwordMinLength)}
          error={errors.password?.message}
          {...field('password')}
        />
        <PasswordField
          label={t`Confirm new password`}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...field('confirmPassword')}
        />
        <Button type="submit" className={styles.submit} disabled={isSubmitting || done}>
          {isSubmitting ? t`Saving…` : submitLabel}
        </Button>
      </form>
    </>
  );
}
