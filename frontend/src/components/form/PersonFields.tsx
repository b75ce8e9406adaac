import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './TextField';

// The person's fields of a form, the address and the name, in one module: the public contact
// and join pages take both, as one chunk.

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'spellCheck' | 'autoCapitalize'>;

/**
 * Every form's email address: the email keyboard, left to right in every language (TextField's
 * default for `type="email"`), no autocorrection, and the browser's saved address
 * (`autoComplete="email"` unless the form says otherwise, e.g. `username` beside a new
 * password). Its rule is lib/emailField.ts.
 */
export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function EmailField(
  { autoComplete = 'email', ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
});

type NameFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * Every form's name of a person: free text that follows what is typed (TextField's `auto`
 * direction, so an Arabic name reads right to left on an English page) and the browser's saved
 * name. Its rule is lib/nameField.ts.
 */
export const NameField = forwardRef<HTMLInputElement, NameFieldProps>(function NameField(
  { autoComplete = 'name', ...props },
  ref,
) {
  return <TextField ref={ref} type="text" autoComplete={autoComplete} {...props} />;
});
