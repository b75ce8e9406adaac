/**
 * The verify_subscriber call (docs/api.md#rest-verify-subscriber) and the messages the page
 * shows for its outcomes (docs/behaviour.md#join-verify).
 */
import { t } from '@lingui/core/macro';
import type { SupabaseClient } from '@supabase/supabase-js';

/** The outcomes' messages, each read in the page's language when it is used. */
export const VERIFY_MESSAGES = {
  get missingToken() {
    return t`Invalid verification link. Please check your email and try again.`;
  },
  get callError() {
    return t`An error occurred during verification. Please try again later.`;
  },
  get rejected() {
    return t`Verification failed. The link may have expired or already been used.`;
  },
  get exception() {
    return t`An unexpected error occurred. Please try again later.`;
  },
};

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
