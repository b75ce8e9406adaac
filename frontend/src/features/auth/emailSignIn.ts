/**
 * Signing in with an emailed link or code (docs/behaviour.md#accounts-email-sign-in): the
 * screen's texts and what each refusal of the server becomes. The server answers every
 * well-formed address alike, account or not (docs/behaviour.md#limits-enumeration), so nothing
 * here may say that an account exists.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../lib/errorCodes';
import { authErrorCode, authErrorMessage } from '../../lib/session';

export const EMAIL_SIGN_IN_TEXTS = {
  /** The toast after sending (the screen says more, without claiming an account exists). */
  sent: msg`Check your email for the sign-in link.`,
  /** 400 `validation_failed`: the server could not read the address. */
  invalidEmail: msg`Email is invalid`,
  sendFailed: msg`Failed to send the sign-in email. Please try again.`,
  /** 403 `otp_expired`: wrong, used or expired, the server does not say which. */
  wrongCode: msg`That code did not work: it is wrong, already used or expired. Check the email, or send a new link.`,
  verifyFailed: msg`Could not sign you in. Please try again.`,
} as const;

/**
 * Where a refusal is shown: under its field, or above the form (`field` absent); the message
 * in the page's language (the server's own messages are shown as they come).
 */
export interface Failure<Field extends string> {
  field?: Field;
  message: string;
}

/**
 * A refused `signInWithOtp`: a malformed address under the field; anything else, the limits
 * included (429: 'Too many requests. Please try again in 42 seconds.'), the server's message
 * above the form, else the fallback.
 */
export function sendFailure(error: unknown): Failure<'email'> {
  if (authErrorCode(error) === ErrorCode.validationFailed) {
    return { field: 'email', message: i18n._(EMAIL_SIGN_IN_TEXTS.invalidEmail) };
  }
  return { message: authErrorMessage(error, i18n._(EMAIL_SIGN_IN_TEXTS.sendFailed)) };
}

/**
 * A refused `verifyOtp`: a wrong, used or expired code under the field (the server's 'Token
 * has expired or is invalid' in words that say what to do); anything else, the limits
 * included, the server's message above the form, else the fallback.
 */
export function codeFailure(error: unknown): Failure<'code'> {
  if (authErrorCode(error) === ErrorCode.otpExpired) {
    return { field: 'code', message: i18n._(EMAIL_SIGN_IN_TEXTS.wrongCode) };
  }
  return { message: authErrorMessage(error, i18n._(EMAIL_SIGN_IN_TEXTS.verifyFailed)) };
}
