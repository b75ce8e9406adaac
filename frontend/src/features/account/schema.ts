import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../lib/session';

/** SPEC §5 change-password rules (the current password is also checked by the server). */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z
      .string()
      .min(1, { message: 'New password is required', abort: true })
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passwords do not match',
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

export type ChangePasswordForm = z.input<typeof changePasswordSchema>;

/** 'Member since' in the reader's locale, from the account's creation time. */
export function formatMemberSince(createdAt: string | undefined, locale?: string): string | null {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(
    date,
  );
}
