import type { SupabaseClient } from '@supabase/supabase-js';
import { VERIFY_MESSAGES, verifySubscriber } from './verify';

function client(rpc: () => Promise<unknown>) {
  const spy = vi.fn(rpc);
  return { spy, get: async () => ({ rpc: spy }) as unknown as Pick<SupabaseClient, 'rpc'> };
}

describe('verifySubscriber (docs/behaviour.md#join-verify)', () => {
  it('calls verify_subscriber with the token and succeeds on true', async () => {
    const { spy, get } = client(async () => ({ data: true, error: null }));
    expect(await verifySubscriber('abc', get)).toEqual({ ok: true });
    expect(spy).toHaveBeenCalledWith('verify_subscriber', { token: 'abc' });
  });

  it('has a message for each way it can fail', async () => {
    const none = client(async () => ({ data: true, error: null }));
    expect(await verifySubscriber(null, none.get)).toEqual({
      ok: false,
      message: 'Invalid verification link. Please check your email and try again.',
    });
    expect(await verifySubscriber('', none.get)).toEqual({
      ok: false,
      message: VERIFY_MESSAGES.missingToken,
    });
    expect(none.spy).not.toHaveBeenCalled();

    const rejected = client(async () => ({ data: false, error: null }));
    expect(await verifySubscriber('t', rejected.get)).toEqual({
      ok: false,
      message: 'Verification failed. The link may have expired or already been used.',
    });
    const failed = client(async () => ({ data: null, error: { message: 'boom' } }));
    expect(await verifySubscriber('t', failed.get)).toEqual({
      ok: false,
      message: 'An error occurred during verification. Please try again later.',
    });
    const thrown = client(async () => {
      throw new Error('chunk failed');
    });
    expect(await verifySubscriber('t', thrown.get)).toEqual({
      ok: false,
      message: 'An unexpected error occurred. Please try again later.',
    });
  });
});
