import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { EMAIL_PATTERN, checkEmailRules } from './email';

// The messages are functions: zod calls them when it reports the issue, in the page's language
// (this module is read before the page's catalogue has loaded).

/**
 * Any address of the pattern, required (sign-in: an account created before today's rules still
 * signs in). Its own module so that lib/email.ts stays free of zod for the pages that only need
 * the pattern. An empty address has the one message; the pattern skips it instead of aborting,
 * since an abort would also skip the form's own checks across fields (the join form's 'Please
 * select at least one option', shown with the other errors).
 */
export const emailPatternField = z
  .string()
  .trim()
  .min(1, { error: () => t`Email is required` })
  .refine((email) => email === '' || EMAIL_PATTERN.test(email), {
    error: () => t`Email is invalid`,
  });

/**
 * A form's address the server will send to: required, the pattern, then the server's rules
 * (lib/email.ts).
 */
export const emailAddressField = emailPatternField.superRefine(checkEmailRules);
