import type { SupabaseClient } from '@supabase/supabase-js';
import { activateLocale } from '../../lib/i18n/catalogs';
import {
  COOLDOWN_KEY,
  MESSAGES,
  joinDefaults,
  joinSchema,
  readCooldown,
  retryAfterSeconds,
  secondsLeft,
  startCooldown,
  subscribe,
  type JoinForm,
} from './join';

const valid: JoinForm = {
  ...joinDefaults,
  name: 'Amina',
  email: 'amina@example.com',
};

const firstMessage = (form: JoinForm) => joinSchema.safeParse(form).error?.issues[0]?.message;

describe('join schema (docs/behaviour.md#join-form)', () => {
  it('accepts a complete form', () => {
    expect(joinSchema.safeParse(valid).success).toBe(true);
  });

  it('requires a name that is not blank', () => {
    expect(firstMessage({ ...valid, name: '' })).toBe('Name is required');
    expect(firstMessage({ ...valid, name: '   ' })).toBe('Name is required');
  });

  it('uses the email messages with the simple text@text.text pattern', () => {
    expect(firstMessage({ ...valid, email: '' })).toBe('Email is required');
    expect(firstMessage({ ...valid, email: '  ' })).toBe('Email is required');
    expect(firstMessage({ ...valid, email: 'amina@example' })).toBe('Email is invalid');
    expect(firstMessage({ ...valid, email: 'amina.example.com' })).toBe('Email is invalid');
    expect(firstMessage({ ...valid, email: 'a b@example.com' })).toBe('Email is invalid');
    expect(joinSchema.safeParse({ ...valid, email: ' a@b.co ' }).success).toBe(true);
  });

  it('needs at least one interest, reported on the first checkbox', () => {
    const result = joinSchema.safeParse({
      ...valid,
      interests: { newsletter: false, waitlist: false },
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        message: 'Please select at least one option',
        path: ['interests', 'newsletter'],
      }),
    ]);
    expect(
      joinSchema.safeParse({ ...valid, interests: { newsletter: false, waitlist: true } }).success,
    ).toBe(true);
  });

  it('starts with the newsletter ticked and the waitlist not', () => {
    expect(joinDefaults.interests).toEqual({ newsletter: true, waitlist: false });
  });
});

describe('the 60-second wait', () => {
  it('counts whole seconds, rounding up, never below zero', () => {
    const now = 1_000_000;
    expect(secondsLeft(null, now)).toBe(0);
    expect(secondsLeft(now + 60_000, now)).toBe(60);
    expect(secondsLeft(now + 59_001, now)).toBe(60);
    expect(secondsLeft(now + 59_000, now)).toBe(59);
    expect(secondsLeft(now + 1, now)).toBe(1);
    expect(secondsLeft(now, now)).toBe(0);
    expect(secondsLeft(now - 5_000, now)).toBe(0);
    // A stored time far ahead (clock changed, tampering) is capped.
    expect(secondsLeft(now + 10 * 86_400_000, now)).toBe(3600);
  });

  it('keeps the end time in localStorage and only ever extends it', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(readCooldown(localStorage)).toBeNull();
    expect(startCooldown(localStorage, now)).toBe(now + 60_000);
    expect(localStorage.getItem(COOLDOWN_KEY)).toBe(String(now + 60_000));
    expect(readCooldown(localStorage)).toBe(now + 60_000);
    // The server's 429 asks for longer: extended.
    expect(startCooldown(localStorage, now + 1_000, 120)).toBe(now + 121_000);
    // A shorter wait never shortens a running one, unless it replaces it (a 429's own time).
    expect(startCooldown(localStorage, now + 2_000, 5)).toBe(now + 121_000);
    expect(startCooldown(localStorage, now + 2_000, 5, true)).toBe(now + 7_000);
    expect(readCooldown(localStorage)).toBe(now + 7_000);
  });

  it('ignores garbage and blocked storage', () => {
    localStorage.setItem(COOLDOWN_KEY, 'soon');
    expect(readCooldown(localStorage)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readCooldown(blocked)).toBeNull();
    expect(startCooldown(blocked, 0)).toBe(60_000);
  });
});

describe('retryAfterSeconds', () => {
  it('reads the seconds from the 429 details or message', () => {
    expect(retryAfterSeconds({ details: 'Retry after 42 seconds' })).toBe(42);
    expect(
      retryAfterSeconds({ message: 'Too many requests. Please try again in 7 seconds.' }),
    ).toBe(7);
    expect(retryAfterSeconds({ message: 'slow down' })).toBe(60);
  });
});

type Answer = { error: null | Record<string, string>; status: number };

function fakeClient(...answers: Answer[]) {
  const insert = vi.fn(
    async (_rows: { source: string } | { source: string }[]) =>
      answers.shift() ?? { error: null, status: 201 },
  );
  const from = vi.fn(() => ({ insert }));
  return { client: { from } as unknown as Pick<SupabaseClient, 'from'>, from, insert };
}

const fixedNow = () => new Date('2025-03-01T10:00:00.000Z');
const ok: Answer = { error: null, status: 201 };
const dup: Answer = { error: { code: '23505', message: 'duplicate key' }, status: 409 };

describe('subscribe (docs/behaviour.md#join-form)', () => {
  it('inserts one newsletter row with the trimmed fields and the time', async () => {
    const { client, from, insert } = fakeClient(ok);
    const form = { ...valid, name: ' Amina ', email: ' amina@example.com ' };
    expect(await subscribe(client, form, fixedNow)).toEqual({ ok: true });
    expect(from).toHaveBeenCalledWith('newsletter_subscribers');
    expect(insert.mock.calls).toEqual([
      [
        {
          email: 'amina@example.com',
          name: 'Amina',
          source: 'newsletter',
          locale: 'en',
          subscribed_at: '2025-03-01T10:00:00.000Z',
        },
      ],
    ]);
  });

  it("sends the page's language with every row, so the emails are in it", async () => {
    const both = { ...valid, interests: { newsletter: true, waitlist: true } };
    const given = fakeClient(ok, ok);
    expect(await subscribe(given.client, both, fixedNow, 'ar')).toEqual({ ok: true });
    expect(given.insert.mock.calls.map(([rows]) => rows)).toEqual([
      [
        expect.objectContaining({ source: 'newsletter', locale: 'ar' }),
        expect.objectContaining({ source: 'waitlist', locale: 'ar' }),
      ],
    ]);
    // By default, the language of the page the form is on.
    await activateLocale('ur');
    try {
      const page = fakeClient(ok);
      expect(await subscribe(page.client, valid, fixedNow)).toEqual({ ok: true });
      expect(page.insert.mock.calls[0]?.[0]).toMatchObject({ locale: 'ur' });
    } finally {
      await activateLocale('en');
    }
  });

  it('inserts both rows in ONE insert when both are ticked: one join, one email naming both', async () => {
    const { client, insert } = fakeClient(ok);
    const both = { ...valid, interests: { newsletter: true, waitlist: true } };
    expect(await subscribe(client, both, fixedNow)).toEqual({ ok: true });
    expect(insert).toHaveBeenCalledTimes(1);
    const [rows] = insert.mock.calls[0] ?? [];
    expect(Array.isArray(rows) && rows.map((row) => row.source)).toEqual([
      'newsletter',
      'waitlist',
    ]);
  });

  it('after a refused pair, inserts each list on its own and ignores a waitlist duplicate', async () => {
    const { client, insert } = fakeClient(dup, ok, dup);
    const both = { ...valid, interests: { newsletter: true, waitlist: true } };
    expect(await subscribe(client, both, fixedNow)).toEqual({ ok: true });
    expect(insert.mock.calls.map(([rows]) => (Array.isArray(rows) ? 'both' : rows.source))).toEqual(
      ['both', 'newsletter', 'waitlist'],
    );
  });

  it('inserts each list on its own when the server takes one row per insert (413)', async () => {
    const tooMany: Answer = {
      error: { code: 'too_many_rows', message: 'Too many rows' },
      status: 413,
    };
    const { client, insert } = fakeClient(tooMany, ok, ok);
    const both = { ...valid, interests: { newsletter: true, waitlist: true } };
    expect(await subscribe(client, both, fixedNow)).toEqual({ ok: true });
    expect(insert).toHaveBeenCalledTimes(3);
  });

  it('reports a duplicate when nothing new was added', async () => {
    const duplicate = { ok: false, kind: 'duplicate', message: MESSAGES.duplicate };
    expect(await subscribe(fakeClient(dup).client, valid, fixedNow)).toEqual(duplicate);
    const waitlist = { ...valid, interests: { newsletter: false, waitlist: true } };
    expect(await subscribe(fakeClient(dup).client, waitlist, fixedNow)).toEqual(duplicate);
    const both = { ...valid, interests: { newsletter: true, waitlist: true } };
    expect(await subscribe(fakeClient(dup, dup, dup).client, both, fixedNow)).toEqual(duplicate);
    expect(MESSAGES.duplicate).toBe('You are already subscribed with this email address');
  });

  it('still joins the waitlist when only the newsletter row existed', async () => {
    const { client, insert } = fakeClient(dup, dup, ok);
    const both = { ...valid, interests: { newsletter: true, waitlist: true } };
    expect(await subscribe(client, both, fixedNow)).toEqual({ ok: true });
    expect(insert).toHaveBeenCalledTimes(3);
  });

  it('turns the server 429 into the documented message with its seconds', async () => {
    const limited: Answer = {
      error: {
        code: 'over_request_rate_limit',
        message: 'Too many requests. Please try again in 42 seconds.',
        details: 'Retry after 42 seconds',
      },
      status: 429,
    };
    const { client, insert } = fakeClient(limited);
    const both = { ...valid, interests: { newsletter: true, waitlist: true } };
    expect(await subscribe(client, both, fixedNow)).toEqual({
      ok: false,
      kind: 'rate_limited',
      retryAfter: 42,
      message: 'Too many requests. Please wait 42 seconds before submitting again.',
    });
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it('shows the error message, or the generic one when there is none to show', async () => {
    const serverError: Answer = {
      error: { code: 'XX000', message: 'Something broke on our side' },
      status: 500,
    };
    expect(await subscribe(fakeClient(serverError).client, valid, fixedNow)).toEqual({
      ok: false,
      kind: 'failed',
      message: 'Something broke on our side',
    });
    const network: Answer = {
      error: { code: '', message: 'TypeError: Failed to fetch' },
      status: 0,
    };
    expect(await subscribe(fakeClient(network).client, valid, fixedNow)).toEqual({
      ok: false,
      kind: 'failed',
      message: 'There was an error processing your request. Please try again.',
    });
    const badEmail: Answer = {
      error: {
        code: '23514',
        message: 'new row violates check constraint',
        details: 'email is not a valid email address',
      },
      status: 400,
    };
    expect(await subscribe(fakeClient(badEmail).client, valid, fixedNow)).toEqual({
      ok: false,
      kind: 'failed',
      message: 'Email is not a valid email address.',
    });
  });
});
