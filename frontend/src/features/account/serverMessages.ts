/**
 * The server's refusals that only the account screens meet, in the page's language: the server
 * answers in English (its `message`), the same words as the English here; the code says which.
 * Other codes (rate limits, weak passwords…) are left to the shared messages of lib/.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { authErrorCode } from '../../lib/session';
import { ErrorCode } from '../../lib/errorCodes';

const MESSAGES: Partial<Record<string, MessageDescriptor>> = {
  [ErrorCode.currentPasswordMismatch]: msg`Current password is incorrect.`,
  [ErrorCode.currentPasswordRequired]: msg`Current password required when setting new password.`,
  [ErrorCode.reauthenticationNeeded]: msg`Confirm it is you: your password, or the code we email you`,
};

/** The translated message of an account-only refusal (by its code), or null for any other. */
export function accountErrorMessage(errorOrCode: unknown): string | null {
  const code = typeof errorOrCode === 'string' ? errorOrCode : authErrorCode(errorOrCode);
  const message = code === undefined ? undefined : MESSAGES[code];
  return message ? i18n._(message) : null;
}
