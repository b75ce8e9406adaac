import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field, type FieldProps } from './Field';
import styles from './TextField.module.css';

export interface TextFieldProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  /** Something after the input inside its row (e.g. a show-password toggle). */
  adornment?: ReactNode;
}

// Inputs read left to right in every language (addresses and phone numbers).
const LEFT_TO_RIGHT = new Set(['email', 'url', 'tel']);

function defaultDirection(type: string | undefined): 'ltr' | 'auto' | undefined {
  if (type === undefined || type === 'text' || type === 'search') return 'auto';
  return LEFT_TO_RIGHT.has(type) ? 'ltr' : undefined;
}

/**
 * A labelled input (see Field). Works with react-hook-form's `register` (the ref is
 * forwarded), whose `shouldFocusError` moves focus to the first invalid field on submit.
 * Unless a `dir` is given, addresses (email, URL, phone) are left to right in every language
 * and free text follows what is typed (`auto`), so an Arabic name reads right to left on an
 * English page and an email address stays whole on an Arabic one.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, adornment, className, ...input },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <div className={styles.row}>
          <input ref={ref} {...control} dir={defaultDirection(input.type)} {...input} />
          {adornment}
        </div>
      )}
    </Field>
  );
});
