import { sentRequest } from '../../test/sentRequest';
import { apiError, callApi } from './client';

const getSession = vi.fn();

vi.mock('../supabase', () => ({
  getSupabase: () => Promise.resolve({ auth: { getSession } }),
}));

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

beforeEach(() => {
  getSession.mockReset();
  getSession.mockResolvedValue({ data: { session: { access_token: 'token-1' } } });
});

describe('callApi', () => {
  it("sends the session's access token only when asked", async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(json(200, { sessions: [] })));
    const answer = await callApi({ signedIn: true, fetch: fetchMock }, (api) =>
      api.GET('/api/account/sessions'),
    );
    expect(answer).toMatchObject({ ok: true, data: { sessions: [] } });
    const sent = await sentRequest(fetchMock);
    expect(sent).toMatchObject({ path: '/api/account/sessions', method: 'GET' });
    expect(sent.headers.get('Authorization')).toBe('Bearer token-1');
    expect(sent.headers.get('Accept')).toBe('application/json');

    await callApi({ fetch: fetchMock }, (api) =>
      api.POST('/api/contact', {
        body: { name: 'A', email: 'a@example.com', subject: 'S', message: 'M', website: '' },
      }),
    );
    const anonymous = await sentRequest(fetchMock, 1);
    expect(anonymous.headers.get('Authorization')).toBeNull();
    expect(anonymous.headers.get('Content-Type')).toBe('application/json');
    expect(anonymous.body).toMatchObject({ name: 'A', email: 'a@example.com' });
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('fills the path parameters', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    const answer = await callApi({ signedIn: true, fetch: fetchMock }, (api) =>
      api.DELETE('/api/account/sessions/{session_id}', {
        params: { path: { session_id: 'a b/c' } },
      }),
    );
    expect(answer.ok).toBe(true);
    expect(await sentRequest(fetchMock)).toMatchObject({
      path: '/api/account/sessions/a%20b%2Fc',
      method: 'DELETE',
    });
  });

  it("reads our error shape, Supabase Auth's, a Retry-After and a body that is not JSON", async () => {
    const answered = (response: Response) =>
      callApi({ fetch: () => Promise.resolve(response) }, (api) =>
        api.POST('/api/newsletter/unsubscribe', { body: { token: 't' } }),
      );
    expect(
      await answered(json(400, { code: 'validation_failed', message: 'Enter a valid token' })),
    ).toMatchObject({
      ok: false,
      error: { status: 400, code: 'validation_failed', message: 'Enter a valid token' },
    });
    expect(
      await answered(json(422, { code: 422, error_code: 'weak_password', msg: 'Too weak' })),
    ).toMatchObject({
      ok: false,
      error: { status: 422, code: 'weak_password', message: 'Too weak' },
    });
    expect(
      await answered(
        json(429, { code: 'over_request_rate_limit', message: 'Wait' }, { 'Retry-After': '42' }),
      ),
    ).toMatchObject({ ok: false, error: { status: 429, retryAfter: 42 } });
    const broken = await answered(new Response('Bad gateway', { status: 502 }));
    expect(broken.ok).toBe(false);
    expect(broken.ok ? null : broken.error).toEqual({ status: 502 });
  });

  it('answers status 0 when the request never got an answer', async () => {
    const offline = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(
      await callApi({ fetch: offline }, (api) =>
        api.POST('/api/account/deletion-requests', { body: { email: 'a@example.com' } }),
      ),
    ).toEqual({ ok: false, error: { status: 0 } });
    // The session could not be read (its chunk failed to load): the same.
    getSession.mockRejectedValue(new Error('chunk load failed'));
    const fetchMock = vi.fn<typeof fetch>();
    expect(
      await callApi({ signedIn: true, fetch: fetchMock }, (api) =>
        api.GET('/api/account/activity'),
      ),
    ).toEqual({ ok: false, error: { status: 0 } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is typed by path, method and body (checked by tsc)', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(json(200, { ok: true, source: 'newsletter' })),
    );
    const answer = await callApi({ fetch: fetchMock }, (api) =>
      api.POST('/api/newsletter/unsubscribe', { body: { token: 't' } }),
    );
    if (answer.ok) {
      const source: string | null | undefined = answer.data.source;
      expect(source).toBe('newsletter');
    }
    await callApi({ fetch: fetchMock }, (api) =>
      // @ts-expect-error: no such path in the OpenAPI document
      api.GET('/api/account/nothing-here'),
    );
    await callApi({ fetch: fetchMock }, (api) =>
      // @ts-expect-error: the token is a string
      api.POST('/api/newsletter/unsubscribe', { body: { token: 5 } }),
    );
  });
});

describe('apiError', () => {
  it('keeps only what the answer said', () => {
    expect(apiError(new Response(null, { status: 403 }), undefined)).toEqual({ status: 403 });
    expect(apiError(new Response(null, { status: 500 }), 'text')).toEqual({ status: 500 });
    expect(apiError(new Response(null, { status: 400 }), { code: ' ', message: 'Said' })).toEqual({
      status: 400,
      message: 'Said',
    });
  });
});
