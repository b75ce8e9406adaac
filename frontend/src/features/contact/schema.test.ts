import { sentRequest } from '../../test/sentRequest';
import { contactSchema, submitContact, type ContactForm } from './schema';

const valid: ContactForm = {
  name: 'Amina',
  email: 'amina@example.com',
  subject: 'Isha time',
  message: 'Isha is too late in June in Glasgow.',
  website: '',
};

function fakeFetch(response: Response | Error): typeof fetch {
  return vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  }) as unknown as typeof fetch;
}

describe('contact schema', () => {
  it('accepts a complete message', () => {
    expect(contactSchema.safeParse(valid).success).toBe(true);
  });

  it('uses the shared email messages (docs/behaviour.md#messages)', () => {
    const message = (email: string) =>
      contactSchema.safeParse({ ...valid, email }).error?.issues[0]?.message;
    expect(message('')).toBe('Email is required');
    expect(message('amina@example')).toBe('Email is invalid');
    expect(message('a b@example.com')).toBe('Email is invalid');
  });

  it('states its length limits as before', () => {
    const message = (form: Partial<ContactForm>) =>
      contactSchema.safeParse({ ...valid, ...form }).error?.issues[0]?.message;
    expect(message({ name: 'a'.repeat(101) })).toBe('Name must be at most 100 characters');
    expect(message({ subject: 'a'.repeat(151) })).toBe('Subject must be at most 150 characters');
    expect(message({ message: 'Too short' })).toBe('Message must be at least 10 characters');
    expect(message({ message: 'a'.repeat(5001) })).toBe('Message must be at most 5000 characters');
    expect(message({ name: 'Ami\u200bna' })).toBe(
      'Name contains an invisible or control character; please retype it',
    );
  });

  it('requires a name that is not blank', () => {
    expect(contactSchema.safeParse({ ...valid, name: '   ' }).error?.issues[0]?.message).toBe(
      'Name is required',
    );
  });
});

describe('submitContact', () => {
  it('posts the JSON body to /api/contact', async () => {
    const fetchImpl = fakeFetch(new Response('{"ok":true}', { status: 202 }));
    expect(await submitContact(valid, fetchImpl)).toEqual({ ok: true });
    expect(await sentRequest(fetchImpl)).toMatchObject({
      path: '/api/contact',
      method: 'POST',
      body: valid,
    });
  });

  it('shows the server message for 4xx errors', async () => {
    const response = new Response(
      '{"code":"validation_failed","message":"Invalid value for email"}',
      { status: 400 },
    );
    expect(await submitContact(valid, fakeFetch(response))).toEqual({
      ok: false,
      message: 'Invalid value for email',
    });
  });

  it('reads Retry-After on 429', async () => {
    const response = new Response('{}', { status: 429, headers: { 'Retry-After': '42' } });
    expect(await submitContact(valid, fakeFetch(response))).toEqual({
      ok: false,
      retryAfter: 42,
      message: 'Too many requests. Please wait 42 seconds before submitting again.',
    });
  });

  it('says one second in the singular', async () => {
    const response = new Response('{}', { status: 429, headers: { 'Retry-After': '1' } });
    expect(await submitContact(valid, fakeFetch(response))).toMatchObject({
      message: 'Too many requests. Please wait 1 second before submitting again.',
    });
  });

  it('reports network failures and non-JSON errors', async () => {
    expect((await submitContact(valid, fakeFetch(new TypeError('offline')))).ok).toBe(false);
    const html = new Response('<html>bad gateway</html>', { status: 502 });
    expect(await submitContact(valid, fakeFetch(html))).toEqual({
      ok: false,
      message: 'An unexpected error occurred. Please try again.',
    });
  });
});
