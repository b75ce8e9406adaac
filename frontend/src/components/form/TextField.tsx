import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's error (SPEC §5 message); tied to the input and announced when it appears. */
  error?: string | undefined;
  /** Help text under the field, also tied to the input. */
  hint?: ReactNode;
  /** Something after the input inside its row (e.g. a show-password toggle). */
  adornment?: ReactNode;
}

/**
 * A labelled input whose error is linked with `aria-describedby` and `aria-invalid`, and read
 * out when it appears. Works with react-hook-form's `register` (the ref is forwarded), whose
 * default `shouldFocusError` moves focus to the first invalid field on submit.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, adornment, className, ...input },
  ref,
) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          ref={ref}
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {adornment}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <p id={errorId} className={styles.error} role="alert">
        {error}
      </p>
    </div>
  );
});
