import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './TextField';

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
