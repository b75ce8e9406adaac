import { z } from 'zod';
import { EMAIL_PATTERN, checkEmailRules } from './email';

/**
 * A form's address the server will send to: required, the pattern, then the server's rules
 * (lib/email.ts). Its own module so that lib/email.ts stays free of zod for the pages that
 * only need the pattern.
 */
export const emailAddressField = z
  .string()
  .trim()
  .min(1, { message: 'Email is required', abort: true })
  .regex(EMAIL_PATTERN, 'Email is invalid')
  .superRefine(checkEmailRules);
