import { plural } from '@lingui/core/macro';
import { z } from 'zod';

/**
 * The site's one password rule (docs/behaviour.md#accounts-signup) and the hint under every
 * new-password field. The minimum is the server's AUTH_PASSWORD_MIN_LENGTH, which reaches the
 * page in the runtime config (`useConfig().passwordMinLength`), so the form and the server never
 * disagree. Both read their words in the page's language when they are used: the hint as the
 * screen renders, the rule's message when the form reports it; `requiredMessage` comes
 * translated from the screen.
 */
export function newPasswordRule(minLength: number, requiredMessage: string) {
  return z
    .string()
    .min(1, { message: requiredMessage, abort: true })
    .min(minLength, {
      error: () =>
        plural(minLength, {
          one: 'Password must be at least # character',
          other: 'Password must be at least # characters',
        }),
    });
}

export function passwordHint(minLength: number): string {
  return plural(minLength, { one: 'At least # character.', other: 'At least # characters.' });
}
