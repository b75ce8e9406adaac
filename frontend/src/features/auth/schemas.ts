import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { emailAddressField, emailPatternField } from '../../lib/emailField';
import { personNameField } from '../../lib/nameField';
import { newPasswordRule } from '../../lib/password';

// Messages are functions (zod calls them when it reports the issue): they are read in the
// page's language, whose catalogue may load after this module.

/** Both passwords were typed (the mismatch check runs even when other fields are invalid). */
function passwordsPresent(value: unknown, confirmRequired: boolean): boolean {
  if (!value || typeof value !== 'object') return false;
  const { password, confirmPassword } = value as Record<string, unknown>;
  if (typeof password !== 'string' || typeof confirmPassword !== 'string') return false;
  return !confirmRequired || confirmPassword !== '';
}

/**
 * The password rules take the server's minimum length (runtime config `passwordMinLength`).
 * Built by the screen as it renders, in the page's language.
 */
export function createSignupSchema(passwordMinLength: number) {
  return z
    .object({
      name: personNameField(),
      email: emailAddressField,
      password: newPasswordRule(passwordMinLength, t`Password is required`),
      confirmPassword: z.string(),
    })
    .refine((form) => form.password === form.confirmPassword, {
      error: () => t`Passwords do not match`,
      path: ['confirmPassword'],
      // Shown with the other fields' errors, not only once they are all valid.
      when: (payload) => passwordsPresent(payload.value, false),
    });
}
export type SignupForm = z.input<ReturnType<typeof createSignupSchema>>;

/** Sign-in takes any address of the pattern: an account created before today's rules
 * (docs/behaviour.md#email-addresses) still signs in, and the server answers an unknown one
 * like a wrong password. */
export const loginSchema = z.object({
  email: emailPatternField,
  password: z.string().min(1, { error: () => t`Password is required` }),
});
export type LoginForm = z.input<typeof loginSchema>;

/** The address a link or code is emailed to: the pattern and the server's rules. */
export const emailOnlySchema = z.object({ email: emailAddressField });
export type EmailOnlyForm = z.input<typeof emailOnlySchema>;

/**
 * The reset screen after a recovery link (and the invitation's): a new password and its
 * confirmation. Built by the screen as it renders, in the page's language.
 */
export function createResetPasswordSchema(passwordMinLength: number) {
  return z
    .object({
      password: newPasswordRule(passwordMinLength, t`New password is required`),
      confirmPassword: z.string().min(1, { error: () => t`Please confirm your new password` }),
    })
    .refine((form) => form.password === form.confirmPassword, {
      error: () => t`Passwords do not match`,
      path: ['confirmPassword'],
      when: (payload) => passwordsPresent(payload.value, true),
    });
}
export type ResetPasswordForm = z.input<ReturnType<typeof createResetPasswordSchema>>;

/** Arabic-Indic (٠–٩) and Urdu's Extended Arabic-Indic (۰–۹) digits as the ASCII ones. */
function asciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) =>
    String((digit.codePointAt(0) ?? 0) - (digit >= '\u06f0' ? 0x06f0 : 0x0660)),
  );
}

/**
 * The 6-digit code of a sign-in email (docs/behaviour.md#accounts-email-sign-in); spaces typed
 * or pasted inside ("123 456") do not count, and an Arabic or Urdu keyboard's digits are the
 * code's digits.
 */
export const emailCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => asciiDigits(value.replace(/\s+/g, '')))
    .pipe(
      z
        .string()
        .min(1, { error: () => t`Enter the 6-digit code from the email`, abort: true })
        .regex(/^\d{6}$/, { error: () => t`The code is 6 digits` }),
    ),
});
export type EmailCodeForm = z.input<typeof emailCodeSchema>;
