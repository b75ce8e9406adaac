import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field, type FieldProps } from './Field';
import styles from './TextField.module.css';

export interface TextFieldProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  /** Something after the input inside its row (e.g. a show-password toggle). */
  adornment?: ReactNode;
}

/**
 * A labelled input (see Field). Works with react-hook-form's `register` (the ref is
 * forwarded), whose `shouldFocusError` moves focus to the first invalid field on submit.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, adornment, className, ...input },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <div className={styles.row}>
          <input ref={ref} {...control} {...input} />
          {adornment}
        </div>
      )}
    </Field>
  );
});
