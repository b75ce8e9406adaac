import { i18n } from '@lingui/core';
import { DEFAULT_CONFIG } from '../../lib/config';
import {
  createChangeEmailSchema,
  createChangePasswordSchema,
  formatMemberSince,
  SAME_EMAIL,
} from './schema';

// The schema with the default minimum password length (6, as the server's default).
const changePasswordSchema = createChangePasswordSchema(DEFAULT_CONFIG.passwordMinLength);

function messages(values: Record<string, string>) {
  const first: Record<string, string> = {};
  for (const issue of changePasswordSchema.safeParse(values).error?.issues ?? []) {
    first[issue.path.join('.')] ??= issue.message;
  }
  return first;
}

describe('change password rules (docs/behaviour.md#accounts-password-change)', () => {
  it('names every missing field', () => {
    expect(messages({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    });
  });

  it('needs at least 6 characters and matching passwords', () => {
    expect(
      messages({ currentPassword: 'old', newPassword: '12345', confirmPassword: '12345' }),
    ).toEqual({
      newPassword: 'Password must be at least 6 characters',
    });
    expect(
      messages({ currentPassword: 'old', newPassword: 'secret1', confirmPassword: 'secret2' }),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(
      messages({ currentPassword: '', newPassword: 'secret1', confirmPassword: 'secret2' }),
    ).toEqual({
      currentPassword: 'Current password is required',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      changePasswordSchema.safeParse({
        currentPassword: 'old',
        newPassword: 'secret1',
        confirmPassword: 'secret1',
      }).success,
    ).toBe(true);
  });
});

describe('setting a first password (docs/behaviour.md#accounts-providers)', () => {
  const setPasswordSchema = createChangePasswordSchema(6, { hasPassword: false });

  it('asks for no current password', () => {
    const result = setPasswordSchema.safeParse({
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['newPassword', 'New password is required'],
      ['confirmPassword', 'Please confirm your new password'],
    ]);
    expect(
      setPasswordSchema.safeParse({
        currentPassword: '',
        newPassword: 'secret1',
        confirmPassword: 'secret1',
      }).success,
    ).toBe(true);
  });
});

describe('member since', () => {
  it('formats the account creation date for the locale', () => {
    expect(formatMemberSince('2025-03-14T10:00:00Z', 'en-GB')).toBe('14 March 2025');
    expect(formatMemberSince('2025-03-14T10:00:00Z', 'en-US')).toBe('March 14, 2025');
    // By default, the page's language with its digits (English here).
    expect(formatMemberSince('2025-03-14T10:00:00Z')).toBe('March 14, 2025');
    expect(formatMemberSince('2025-03-14T10:00:00Z', 'ar-u-nu-arab')).toBe('١٤ مارس ٢٠٢٥');
    expect(formatMemberSince(undefined)).toBeNull();
    expect(formatMemberSince('not a date')).toBeNull();
  });
});

describe('change email rules (docs/behaviour.md#accounts-email-change)', () => {
  const schema = createChangeEmailSchema('Amina@Example.com');
  const first = (email: string) => schema.safeParse({ email }).error?.issues[0]?.message;

  it('uses the email rules of every form', () => {
    expect(first('')).toBe('Email is required');
    expect(first('   ')).toBe('Email is required');
    expect(first('amina')).toBe('Email is invalid');
    expect(first('amina@example')).toBe('Email is invalid');
    expect(schema.safeParse({ email: ' new@example.com ' }).data).toEqual({
      email: 'new@example.com',
    });
  });

  it('refuses the current address, whatever its case', () => {
    expect(first('amina@example.com')).toBe(i18n._(SAME_EMAIL));
    expect(first(' AMINA@EXAMPLE.COM ')).toBe('That is already your email address.');
    expect(schema.safeParse({ email: 'amina@example.org' }).success).toBe(true);
  });
});
