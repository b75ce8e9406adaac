import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './TextField';

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
