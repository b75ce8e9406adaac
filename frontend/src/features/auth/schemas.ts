import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../lib/session';

/** SPEC §5: the simple email pattern (text @ text . text). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string()
  .trim()
  .min(1, { message: 'Email is required', abort: true })
  .regex(EMAIL_PATTERN, 'Email is invalid');

/** Both passwords were typed (the mismatch check runs even when other fields are invalid). */
function passwordsPresent(value: unknown, confirmRequired: boolean): boolean {
  if (!value || typeof value !== 'object') return false;
  const { password, confirmPassword } = value as Record<string, unknown>;
  if (typeof password !== 'string' || typeof confirmPassword !== 'string') return false;
  return !confirmRequired || confirmPassword !== '';
}

const newPassword = z
  .string()
  .min(1, { message: 'Password is required', abort: true })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);

export const signupSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required'),
    email: emailField,
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    // Shown with the other fields' errors, not only once they are all valid.
    when: (payload) => passwordsPresent(payload.value, false),
  });
export type SignupForm = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Password is required'),
});
export type LoginForm = z.input<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: emailField });
export type EmailOnlyForm = z.input<typeof emailOnlySchema>;

/** The reset screen after a recovery link: a new password and its confirmation. */
export const resetPasswordSchema = z
  .object({
    password: z
      .string()
      .min(1, { message: 'New password is required', abort: true })
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: (payload) => passwordsPresent(payload.value, true),
  });
export type ResetPasswordForm = z.input<typeof resetPasswordSchema>;
