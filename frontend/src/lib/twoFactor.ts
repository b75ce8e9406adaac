/**
 * Two-factor state shared by the sign-in step (features/auth) and the profile
 * (features/account): whether this session still owes its second factor, the user's
 * authenticator-app factor, and the rules of the code fields.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { Factor, SupabaseClient, User } from '@supabase/supabase-js';
import { z } from 'zod';
import { ErrorCode } from './errorCodes';
import { authErrorCode, authErrorMessage } from './session';

export { TWO_FACTOR_PATH, type TwoFactorState } from './twoFactorRoute';

/**
 * True when the account has two-factor on and this session has not passed it yet (read from
 * the stored session; supabase-js refreshes it first if it has expired).
 */
export async function needsSecondFactor(supabase: SupabaseClient): Promise<boolean> {
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  return data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}

/** The verified authenticator-app factor, if two-factor is on. */
export function verifiedTotp(user: Pick<User, 'factors'>): Factor | undefined {
  return user.factors?.find(
    (factor) => factor.factor_type === 'totp' && factor.status === 'verified',
  );
}

/** The authenticator-app code field's rule; spaces typed or pasted inside ("123 456") do
 * not count. Its messages are read in the page's language when the form reports them. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, {
          error: () => t`Enter the 6-digit code from your authenticator app`,
          abort: true,
        })
        .regex(/^\d{6}$/, { error: () => t`The code is 6 digits` }),
    ),
});

/** A recovery code: the server ignores case, spaces and dashes. */
export const recoveryCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: () => t`Enter one of your recovery codes` }),
});

export type CodeForm = { code: string };

export const WRONG_TOTP_CODE = msg`That code did not work. Check your authenticator app and try again; a code that was just used works only once, so wait for the next one.`;
export const WRONG_RECOVERY_CODE = msg`That recovery code did not work, or it was already used.`;

/**
 * What to tell the person when a code was refused, in the page's language: the wrong-code line
 * (WRONG_TOTP_CODE or WRONG_RECOVERY_CODE), or the server's (see authErrorMessage).
 */
export function codeFailureMessage(
  error: unknown,
  wrongCode: MessageDescriptor | string,
  fallback: string,
): string {
  if (authErrorCode(error) !== ErrorCode.mfaVerificationFailed) {
    return authErrorMessage(error, fallback);
  }
  return typeof wrongCode === 'string' ? wrongCode : i18n._(wrongCode);
}
