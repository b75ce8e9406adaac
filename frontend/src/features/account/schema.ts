import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { emailAddressField } from '../../lib/emailField';
import { activeLocale } from '../../lib/i18n/catalogs';
import { intlLocale } from '../../lib/i18n/locales';
import { personNameField } from '../../lib/nameField';
import { newPasswordRule } from '../../lib/password';

/**
 * The change-password rules (docs/behaviour.md#accounts-password-change; the server also checks
 * the current password), with the server's minimum length (runtime config `passwordMinLength`).
 * An account without a password (created through Google or Apple) sets its first one: no
 * current password (`hasPassword: false`). Its messages are in the page's language (made with
 * the form, as the page renders).
 */
export function createChangePasswordSchema(
  passwordMinLength: number,
  { hasPassword = true }: { hasPassword?: boolean } = {},
) {
  return z
    .object({
      currentPassword: hasPassword
        ? z.string().min(1, t`Current password is required`)
        : z.string(),
      newPassword: newPasswordRule(passwordMinLength, t`New password is required`),
      confirmPassword: z.string().min(1, t`Please confirm your new password`),
    })
    .refine((form) => form.newPassword === form.confirmPassword, {
      message: t`Passwords do not match`,
      path: ['confirmPassword'],
      // Shown together with the other fields' errors once both passwords are typed.
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | undefined;
        return (
          typeof value?.newPassword === 'string' &&
          typeof value.confirmPassword === 'string' &&
          value.confirmPassword !== ''
        );
      },
    });
}

export type ChangePasswordForm = z.input<ReturnType<typeof createChangePasswordSchema>>;

/** The new address is the one the account has already (any case). */
export const SAME_EMAIL = msg`That is already your email address.`;

/**
 * The change-email form (docs/behaviour.md#accounts-email-change): the email rules of every
 * form ('Email is required', 'Email is invalid'), and not the current address (the server would
 * change nothing and send nothing).
 */
export function createChangeEmailSchema(currentEmail: string) {
  const current = currentEmail.trim().toLowerCase();
  return z.object({
    email: emailAddressField.refine((email) => email.toLowerCase() !== current, {
      error: () => i18n._(SAME_EMAIL),
    }),
  });
}

export type ChangeEmailForm = z.input<ReturnType<typeof createChangeEmailSchema>>;

/** 'Member since' in the page's language and digits, from the account's creation time. */
export function formatMemberSince(
  createdAt: string | undefined,
  locale: string = intlLocale(activeLocale()),
): string | null {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(
    date,
  );
}

/**
 * The name the profile shows (`user_metadata.name`, docs/behaviour.md#accounts-profile): the
 * sign-up's rules, 'Name is required' and no character that hides or reorders text
 * (docs/behaviour.md#names-text).
 */
export function createNameSchema() {
  return z.object({
    name: personNameField(),
  });
}

export type NameForm = z.input<ReturnType<typeof createNameSchema>>;
