import { useLingui } from '@lingui/react/macro';
import type { FormEventHandler } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { EmailField } from '../../components/form/PersonFields';

interface EmailRequestFormProps {
  /** The id of the heading that names the form (the screen's title). */
  labelledBy: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error?: string;
  /** The address field as `useZodForm`'s `field('email')` registers it (schemas.ts's
   * emailOnlySchema). */
  input: UseFormRegisterReturn;
  busy: boolean;
  submitLabel: string;
}

/**
 * The form that asks only for the account's address and emails it something: a reset link, a
 * sign-in link and code, a new confirmation link.
 */
export function EmailRequestForm({
  labelledBy,
  onSubmit,
  error,
  input,
  busy,
  submitLabel,
}: EmailRequestFormProps) {
  const { t } = useLingui();
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <EmailField label={t`Email`} error={error} {...input} />
      <Button type="submit" className={styles.submit} disabled={busy}>
        {busy ? t`Sending…` : submitLabel}
      </Button>
    </form>
  );
}
