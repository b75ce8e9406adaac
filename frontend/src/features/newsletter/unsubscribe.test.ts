import { sentRequest } from '../../test/sentRequest';
import { UNSUBSCRIBE_MESSAGES, unsubscribe } from './unsubscribe';

function fakeFetch(response: Response | Error) {
  return vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response.clone();
  });
}

describe('unsubscribe', () => {
  it('POSTs the token as JSON and reports the list', async () => {
    const fetchImpl = fakeFetch(new Response('{"ok":true,"source":"waitlist"}', { status: 200 }));
    expect(await unsubscribe('tok', fetchImpl as unknown as typeof fetch)).toEqual({
      ok: true,
      source: 'waitlist',
    });
    expect(await sentRequest(fetchImpl)).toMatchObject({
      path: '/api/newsletter/unsubscribe',
      method: 'POST',
      body: { token: 'tok' },
    });
  });

  it('explains a missing or unknown token, a rate limit and a failure', async () => {
    const never = fakeFetch(new Error('not called'));
    expect(await unsubscribe(null, never as unknown as typeof fetch)).toEqual({
      ok: false,
      reason: 'missing',
      message: UNSUBSCRIBE_MESSAGES.missing,
    });
    expect(never).not.toHaveBeenCalled();
    const invalid = fakeFetch(new Response('{"code":"invalid_token"}', { status: 404 }));
    expect((await unsubscribe('x', invalid as unknown as typeof fetch)).ok).toBe(false);
    expect(await unsubscribe('x', invalid as unknown as typeof fetch)).toMatchObject({
      reason: 'invalid',
    });
    const limited = fakeFetch(
      new Response('{}', { status: 429, headers: { 'Retry-After': '12' } }),
    );
    expect(await unsubscribe('x', limited as unknown as typeof fetch)).toEqual({
      ok: false,
      reason: 'rate_limited',
      message: 'Too many requests. Please wait 12 seconds before trying again.',
    });
    const offline = fakeFetch(new TypeError('offline'));
    expect(await unsubscribe('x', offline as unknown as typeof fetch)).toMatchObject({
      reason: 'failed',
    });
  });
});
