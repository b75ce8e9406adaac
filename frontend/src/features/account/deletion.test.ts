import {
  confirmDeletionLink,
  deleteAccountSchema,
  isDeletionConfirmed,
  normalizeCode,
  proofFor,
  requestDeletionLink,
} from './deletion';
import { sentRequest } from '../../test/sentRequest';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

const identity = (provider: string) => ({
  id: provider,
  identity_id: `${provider}-id`,
  user_id: 'user-1',
  provider,
});

describe('the deletion dialog rules', () => {
  it('is confirmed by DELETE only, spaces around it aside', () => {
    expect(isDeletionConfirmed('DELETE')).toBe(true);
    expect(isDeletionConfirmed('  DELETE ')).toBe(true);
    for (const typed of ['', 'delete', 'Delete', 'DELET', 'DELETED', 'DE LETE', undefined]) {
      expect(isDeletionConfirmed(typed), String(typed)).toBe(false);
    }
  });

  it('asks for the password when the account has one, else for an emailed code', () => {
    expect(proofFor({ identities: [identity('email')] })).toBe('password');
    expect(proofFor({ identities: [identity('email'), identity('google')] })).toBe('password');
    expect(proofFor({ identities: [identity('google')] })).toBe('code');
    expect(proofFor({ identities: [identity('apple'), identity('google')] })).toBe('code');
    // No identities in the answer: as the password form, it asks for the password.
    expect(proofFor({ identities: [] })).toBe('password');
  });

  it('checks only the proof of the account', () => {
    const base = { confirmation: 'DELETE', password: '', code: '', newsletter: true };
    const password = deleteAccountSchema('password');
    expect(password.safeParse(base).error?.issues.map((i) => i.message)).toEqual([
      'Current password is required',
    ]);
    expect(password.safeParse({ ...base, password: 'x' }).success).toBe(true);
    const code = deleteAccountSchema('code');
    expect(code.safeParse(base).error?.issues.map((i) => i.message)).toEqual([
      'Enter the 6-digit code from the email',
    ]);
    expect(code.safeParse({ ...base, code: '12345' }).error?.issues[0]?.message).toBe(
      'The code is 6 digits',
    );
    expect(code.safeParse({ ...base, code: ' 123 456 ' }).data?.code).toBe('123456');
    // Typed on an Arabic or Urdu keyboard.
    expect(code.safeParse({ ...base, code: '١٢٣ ٤٥٦' }).data?.code).toBe('123456');
    expect(code.safeParse({ ...base, confirmation: 'delete', code: '123456' }).success).toBe(false);
  });
});

describe('a typed code', () => {
  it('loses its spaces and has ASCII digits', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizeCode('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normalizeCode('12a')).toBe('12a');
  });
});

describe('the public deletion request', () => {
  it('has the one answer for any address (the page says it in its language)', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        json(202, { message: 'If an account uses this address, we have emailed it a link.' }),
      );
    expect(await requestDeletionLink('amina@example.com', fetchImpl)).toEqual({
      ok: true,
      value: true,
    });
    expect(await sentRequest(fetchImpl)).toMatchObject({
      path: '/api/account/deletion-requests',
      method: 'POST',
      body: { email: 'amina@example.com' },
    });
  });

  it('passes on a refused address, a rate limit and a lost connection', async () => {
    const refused = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        json(400, { code: 'validation_failed', message: 'Enter a valid email address' }),
      );
    expect(await requestDeletionLink('x@y', refused)).toEqual({
      ok: false,
      status: 400,
      code: 'validation_failed',
      message: 'Enter a valid email address',
    });
    const limited = vi.fn<typeof fetch>().mockResolvedValue(
      json(
        429,
        {
          code: 'over_request_rate_limit',
          message: 'Too many requests. Please try again in 60 seconds.',
        },
        { 'Retry-After': '60' },
      ),
    );
    expect(await requestDeletionLink('amina@example.com', limited)).toMatchObject({
      ok: false,
      status: 429,
      message: 'Too many requests. Please try again in 60 seconds.',
    });
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await requestDeletionLink('amina@example.com', offline)).toMatchObject({
      ok: false,
      message: 'We could not reach the server. Please check your connection.',
    });
    const broken = vi.fn<typeof fetch>().mockResolvedValue(new Response('oops', { status: 502 }));
    expect(await requestDeletionLink('amina@example.com', broken)).toMatchObject({
      ok: false,
      status: 502,
      message: 'We could not send the link. Please try again.',
    });
  });

  it('confirms with the token and the newsletter choice', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(json(200, { deleted: true }));
    expect(await confirmDeletionLink('tok', false, fetchImpl)).toEqual({ ok: true, value: true });
    const sent = await sentRequest(fetchImpl);
    expect(sent.path).toBe('/api/account/deletion-requests/confirm');
    expect(sent.body).toEqual({ token: 'tok', newsletter: false });

    const invalid = vi.fn<typeof fetch>().mockResolvedValue(
      json(400, {
        code: 'invalid_token',
        message: 'This deletion link is invalid, used or expired. Ask for a new one.',
      }),
    );
    expect(await confirmDeletionLink('used', true, invalid)).toEqual({
      ok: false,
      status: 400,
      code: 'invalid_token',
      message: 'This deletion link is invalid, used or expired. Ask for a new one.',
    });
  });
});
