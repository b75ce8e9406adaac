/**
 * The verify_subscriber call (docs/api.md#rest-verify-subscriber) and the messages the page
 * shows for its outcomes (docs/behaviour.md#join-verify).
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export const VERIFY_MESSAGES = {
  missingToken: 'Invalid verification link. Please check your email and try again.',
  callError: 'An error occurred during verification. Please try again later.',
  rejected: 'Verification failed. The link may have expired or already been used.',
  exception: 'An unexpected error occurred. Please try again later.',
} as const;

export type VerifyOutcome = { ok: true } | { ok: false; message: string };

/** Calls verify_subscriber once: `true` confirms; `false` means unknown, used or expired. */
export async function verifySubscriber(
  token: string | null,
  client: () => Promise<Pick<SupabaseClient, 'rpc'>>,
): Promise<VerifyOutcome> {
  if (!token) return { ok: false, message: VERIFY_MESSAGES.missingToken };
  try {
    const { data, error } = await (await client()).rpc('verify_subscriber', { token });
    if (error) return { ok: false, message: VERIFY_MESSAGES.callError };
    return data === true ? { ok: true } : { ok: false, message: VERIFY_MESSAGES.rejected };
  } catch {
    return { ok: false, message: VERIFY_MESSAGES.exception };
  }
}
