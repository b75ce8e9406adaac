import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import styles from './CheckboxField.module.css';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  label: string;
};

/** One checkbox with its label beside it (registered like the other fields, or controlled). */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(
  function CheckboxField({ label, className, ...input }, ref) {
    const id = useId();
    return (
      <div className={[styles.choice, className].filter(Boolean).join(' ')}>
        <input ref={ref} id={id} type="checkbox" className={styles.checkbox} {...input} />
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
      </div>
    );
  },
);
