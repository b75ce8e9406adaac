import { z } from 'zod';
import { EMAIL_PATTERN } from '../../lib/email';
import { emailAddressField } from '../../lib/emailField';
import { hasHiddenCharacter, hiddenCharacterMessage } from '../../lib/hiddenText';
import { newPasswordRule } from '../../lib/password';

/** Sign-in takes any address of the pattern: an account created before today's rules
 * (docs/behaviour.md#email-addresses) still signs in, and the server answers an unknown one
 * like a wrong password. */
export const signInEmailField = z
  .string()
  .trim()
  .min(1, { message: 'Email is required', abort: true })
  .regex(EMAIL_PATTERN, 'Email is invalid');

/** Every address the server will send to: the pattern and the server's rules. */
export const emailField = emailAddressField;

/** Both passwords were typed (the mismatch check runs even when other fields are invalid). */
function passwordsPresent(value: unknown, confirmRequired: boolean): boolean {
  if (!value || typeof value !== 'object') return false;
  const { password, confirmPassword } = value as Record<string, unknown>;
  if (typeof password !== 'string' || typeof confirmPassword !== 'string') return false;
  return !confirmRequired || confirmPassword !== '';
}

/** The password rules take the server's minimum length (runtime config `passwordMinLength`). */
export function createSignupSchema(passwordMinLength: number) {
  return z
    .object({
      name: z
        .string()
        .trim()
        .min(1, 'Name is required')
        .refine((name) => !hasHiddenCharacter(name), hiddenCharacterMessage('Name')),
      email: emailField,
      password: newPasswordRule(passwordMinLength, 'Password is required'),
      confirmPassword: z.string(),
    })
    .refine((form) => form.password === form.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
      // Shown with the other fields' errors, not only once they are all valid.
      when: (payload) => passwordsPresent(payload.value, false),
    });
}
export type SignupForm = z.input<ReturnType<typeof createSignupSchema>>;

export const loginSchema = z.object({
  email: signInEmailField,
  password: z.string().min(1, 'Password is required'),
});
export type LoginForm = z.input<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: emailField });
export type EmailOnlyForm = z.input<typeof emailOnlySchema>;

/** The reset screen after a recovery link: a new password and its confirmation. */
export function createResetPasswordSchema(passwordMinLength: number) {
  return z
    .object({
      password: newPasswordRule(passwordMinLength, 'New password is required'),
      confirmPassword: z.string().min(1, 'Please confirm your new password'),
    })
    .refine((form) => form.password === form.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
      when: (payload) => passwordsPresent(payload.value, true),
    });
}
export type ResetPasswordForm = z.input<ReturnType<typeof createResetPasswordSchema>>;

/**
 * The 6-digit code of a sign-in email (docs/behaviour.md#accounts-email-sign-in); spaces typed
 * or pasted inside ("123 456") do not count.
 */
export const emailCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { message: 'Enter the 6-digit code from the email', abort: true })
        .regex(/^\d{6}$/, 'The code is 6 digits'),
    ),
});
export type EmailCodeForm = z.input<typeof emailCodeSchema>;
