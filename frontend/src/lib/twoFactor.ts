/**
 * Two-factor state shared by the sign-in step (features/auth) and the profile
 * (features/account): whether this session still owes its second factor, and the
 * user's authenticator-app factor. Reads the local session only: no request.
 */
import type { Factor, SupabaseClient, User } from '@supabase/supabase-js';
import { z } from 'zod';
import { ErrorCode } from './errorCodes';
import { authErrorCode, authErrorMessage } from './session';

/** Where the second step lives, and the route state it is given. */
export const TWO_FACTOR_PATH = '/auth/two-factor';

export interface TwoFactorState {
  /** Where to go once the code is accepted (the screen that asked for it). */
  from?: string;
}

/** True when the account has two-factor on and this session has not passed it yet. */
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

/** The authenticator-app code field's rule, wherever a code is typed. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { message: 'Enter the 6-digit code from your authenticator app', abort: true })
    .regex(/^\d{6}$/, 'The code is 6 digits'),
});
export type TotpCodeForm = z.input<typeof totpCodeSchema>;

export const WRONG_TOTP_CODE =
  'That code did not work. Check your authenticator app and try again.';

/** What to tell the person when a code was refused: the wrong-code line, or the server's. */
export function codeFailureMessage(error: unknown, wrongCode: string, fallback: string): string {
  return authErrorCode(error) === ErrorCode.mfaVerificationFailed
    ? wrongCode
    : authErrorMessage(error, fallback);
}
