import { z } from 'zod';

/**
 * The site's one password rule (docs/behaviour.md#accounts-signup) and the hint under every
 * new-password field. The minimum is the server's AUTH_PASSWORD_MIN_LENGTH, which reaches the
 * page in the runtime config (`useConfig().passwordMinLength`), so the form and the server never
 * disagree.
 */
export function newPasswordRule(minLength: number, requiredMessage: string) {
  return z
    .string()
    .min(1, { message: requiredMessage, abort: true })
    .min(minLength, `Password must be at least ${minLength} characters`);
}

export function passwordHint(minLength: number): string {
  return `At least ${minLength} characters.`;
}
