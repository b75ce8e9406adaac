import { DEFAULT_CONFIG } from '../../lib/config';
import {
  createResetPasswordSchema,
  createSignupSchema,
  emailCodeSchema,
  emailOnlySchema,
  loginSchema,
} from './schemas';

// The schemas with the default minimum password length (6, as the server's default).
const signupSchema = createSignupSchema(DEFAULT_CONFIG.passwordMinLength);
const resetPasswordSchema = createResetPasswordSchema(DEFAULT_CONFIG.passwordMinLength);

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

const signup = {
  name: 'Amina',
  email: 'amina@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('email rules (docs/behaviour.md#messages)', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['amina', 'Email is invalid'],
    ['amina@example', 'Email is invalid'],
    ['a b@example.com', 'Email is invalid'],
    ['@example.com', 'Email is invalid'],
  ])('%j gives %s', (email, message) => {
    expect(messages(emailOnlySchema.safeParse({ email })).email).toBe(message);
    expect(messages(loginSchema.safeParse({ email, password: 'x' })).email).toBe(message);
    expect(messages(signupSchema.safeParse({ ...signup, email })).email).toBe(message);
  });

  it('accepts text@text.text', () => {
    expect(emailOnlySchema.safeParse({ email: 'amina@example.com' }).success).toBe(true);
  });
});

describe('signup', () => {
  it('accepts a complete form', () => {
    expect(signupSchema.safeParse(signup).success).toBe(true);
  });

  it('requires a name that is not blank after trimming', () => {
    expect(messages(signupSchema.safeParse({ ...signup, name: '   ' })).name).toBe(
      'Name is required',
    );
  });

  it('requires a password of at least 6 characters', () => {
    expect(
      messages(signupSchema.safeParse({ ...signup, password: '', confirmPassword: '' })).password,
    ).toBe('Password is required');
    expect(
      messages(signupSchema.safeParse({ ...signup, password: '12345', confirmPassword: '12345' }))
        .password,
    ).toBe('Password must be at least 6 characters');
  });

  it('says when the passwords do not match, alongside the other errors', () => {
    expect(messages(signupSchema.safeParse({ ...signup, confirmPassword: 'other1' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(
      messages(signupSchema.safeParse({ ...signup, name: '', confirmPassword: 'other1' })),
    ).toEqual({ name: 'Name is required', confirmPassword: 'Passwords do not match' });
    expect(messages(signupSchema.safeParse({ ...signup, confirmPassword: '' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('shows every message of an empty form', () => {
    expect(
      messages(signupSchema.safeParse({ name: '', email: '', password: '', confirmPassword: '' })),
    ).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });
});

describe('login', () => {
  it('requires the password', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });
});

describe('reset password', () => {
  it('uses the change-password messages', () => {
    expect(messages(resetPasswordSchema.safeParse({ password: '', confirmPassword: '' }))).toEqual({
      password: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    });
    expect(
      messages(resetPasswordSchema.safeParse({ password: '123', confirmPassword: '123' })).password,
    ).toBe('Password must be at least 6 characters');
    expect(
      messages(resetPasswordSchema.safeParse({ password: 'secret1', confirmPassword: 'secret2' })),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});

describe('the code of a sign-in email', () => {
  it.each([
    ['', 'Enter the 6-digit code from the email'],
    ['   ', 'Enter the 6-digit code from the email'],
    ['12345', 'The code is 6 digits'],
    ['1234567', 'The code is 6 digits'],
    ['12a456', 'The code is 6 digits'],
  ])('%j gives %s', (code, message) => {
    expect(messages(emailCodeSchema.safeParse({ code })).code).toBe(message);
  });

  it('accepts six digits, spaces inside or around them left out', () => {
    expect(emailCodeSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    // Typed on an Arabic or an Urdu keyboard.
    expect(emailCodeSchema.parse({ code: '١٢٣ ٤٥٦' })).toEqual({ code: '123456' });
    expect(emailCodeSchema.parse({ code: '۷۸۹۰۱۲' })).toEqual({ code: '789012' });
  });
});
