import { Trans } from '@lingui/react/macro';
import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { OneTimeCodeField } from '../../components/form/OneTimeCodeField';
import local from './CodeEntry.module.css';

interface CodeEntryProps {
  /** The id of its heading, which names the form. */
  titleId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A refusal that belongs to no field, shown above it. */
  alert?: ReactNode;
  error?: string;
  /** The code field as `useZodForm`'s `field('code')` registers it. */
  input: UseFormRegisterReturn;
  busy: boolean;
  done: boolean;
  submitLabel: string;
  busyLabel: string;
}

/**
 * The 6-digit code of an email, typed instead of opening its link (the same email holds both):
 * under the check-your-email message of sign-in by email and of sign-up confirmation.
 */
export function CodeEntry(props: CodeEntryProps) {
  return (
    <form
      className={`${styles.form} ${local.codeForm}`}
      onSubmit={props.onSubmit}
      noValidate
      aria-labelledby={props.titleId}
    >
      <h2 id={props.titleId} className={local.codeTitle}>
        <Trans>Or enter the 6-digit code from the email</Trans>
      </h2>
      {props.alert}
      <OneTimeCodeField kind="email" error={props.error} {...props.input} />
      <Button type="submit" className={styles.submit} disabled={props.busy || props.done}>
        {props.busy ? props.busyLabel : props.submitLabel}
      </Button>
    </form>
  );
}
