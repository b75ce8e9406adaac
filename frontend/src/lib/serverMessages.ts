/**
 * The server's messages, by error code, in the page's language. The server answers in English
 * (an error's `message`); English pages show that message as it is, the other languages the
 * translation of the code's message below. Only the codes people meet on several screens are
 * here (sign-in, sign-up, passwords, rate limits, an overloaded server); a screen's own codes
 * are its feature's, and any other code shows the screen's own fallback line.
 */
import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { ErrorCode } from './errorCodes';
import { SOURCE_LOCALE } from './i18n/locales';

/** The whole number in a server message ("… in 42 seconds."), if there is one. */
function numberIn(message: string): number | null {
  const match = /\d+/.exec(message);
  return match ? Number(match[0]) : null;
}

function translated(code: string, message: string): string | null {
  const count = numberIn(message);
  switch (code) {
    case ErrorCode.invalidCredentials:
      return t`Invalid login credentials`;
    case ErrorCode.emailNotConfirmed:
      return t`Email not confirmed`;
    case ErrorCode.userAlreadyExists:
      return t`User already registered`;
    case ErrorCode.emailExists:
      return t`A user with this email address has already been registered`;
    case ErrorCode.samePassword:
      return t`New password should be different from the old password.`;
    case ErrorCode.weakPassword:
      return count === null
        ? null
        : plural(count, {
            one: 'Password should be at least # character.',
            other: 'Password should be at least # characters.',
          });
    case ErrorCode.overRequestRateLimit:
    case ErrorCode.overEmailSendRateLimit:
    case ErrorCode.mfaRecoveryCodesLocked:
      return count === null
        ? null
        : plural(count, {
            one: 'Too many requests. Please try again in # second.',
            other: 'Too many requests. Please try again in # seconds.',
          });
    case ErrorCode.serviceUnavailable:
      return count === null
        ? null
        : plural(count, {
            one: 'The service is busy. Please try again in # second.',
            other: 'The service is busy. Please try again in # seconds.',
          });
    case ErrorCode.otpExpired:
      return t({
        message: 'Token has expired or is invalid',
        comment: 'The link or code from an email has expired or is wrong.',
      });
    case ErrorCode.userBanned:
      return t`User is banned`;
    case ErrorCode.signupDisabled:
      return t`Signups not allowed for this instance`;
    case ErrorCode.unexpectedFailure:
      return t`An unexpected error occurred`;
    default:
      return null;
  }
}

/**
 * The message to show for a server error: in English the server's own `message`; in another
 * language its code's translation, or null when the code is not one of the shared ones (show
 * the screen's fallback instead of English).
 */
export function serverMessage(code: string | undefined, message: string): string | null {
  if (i18n.locale === SOURCE_LOCALE) return message;
  return code === undefined ? null : translated(code, message);
}
