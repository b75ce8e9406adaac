import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import styles from './HoneypotField.module.css';

type HoneypotFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'tabIndex' | 'autoComplete'
>;

/**
 * The spam trap of the public forms (docs/behaviour.md#join-form, docs/behaviour.md#contact): a
 * "Website" input hidden from people and from assistive technology, out of the tab order. Only
 * bots fill it in.
 */
export const HoneypotField = forwardRef<HTMLInputElement, HoneypotFieldProps>(
  function HoneypotField(props, ref) {
    const id = useId();
    return (
      <div className={styles.honeypot} aria-hidden="true">
        {/* English on purpose in every language: bots look for the usual field names. */}
        {/* eslint-disable-next-line lingui/no-unlocalized-strings */}
        <label htmlFor={id}>Website</label>
        <input ref={ref} id={id} type="text" tabIndex={-1} autoComplete="off" {...props} />
      </div>
    );
  },
);
