import { useId, type ReactNode } from 'react';
import styles from './Field.module.css';

/** What every field takes besides its control's own attributes. */
export interface FieldProps {
  label: string;
  /** The field's error (docs/behaviour.md#messages); tied to the control, announced when shown. */
  error?: string | undefined;
  /** Help text under the field, also tied to the control. */
  hint?: ReactNode;
  className?: string | undefined;
}

/** The attributes the frame gives its control. */
export interface ControlProps {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The frame shared by TextField and TextAreaField: a label, the control, a hint and an error
 * linked with `aria-describedby` and `aria-invalid`, the error read out when it appears.
 */
export function Field({
  label,
  error,
  hint,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        className: styles.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
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
}
