import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';

export interface TextAreaFieldProps
  extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {}

/**
 * A labelled multi-line input (see Field); TextField's sibling for longer text, whose direction
 * follows what is typed unless a `dir` is given.
 */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ label, error, hint, className, ...textarea }, ref) {
    return (
      <Field label={label} error={error} hint={hint} className={className}>
        {(control) => <textarea ref={ref} {...control} dir="auto" {...textarea} />}
      </Field>
    );
  },
);
