/**
 * The join form's rules (docs/behaviour.md#join-form): its schema, the 60-second wait kept in
 * localStorage, and the one or two inserts into newsletter_subscribers (docs/api.md#rest-insert).
 */
import { plural, t } from '@lingui/core/macro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { emailAddressField } from '../../lib/emailField';
import { activeLocale } from '../../lib/i18n/catalogs';
import type { LocaleCode } from '../../lib/i18n/locales';
import { ErrorCode } from '../../lib/errorCodes';
import { formatNumber } from '../../lib/i18n/format';
import { personNameField } from '../../lib/nameField';

/** The server's limit (backend/app/newsletter/schemas.py). */
export const NAME_MAX = 100;

/**
 * The form's messages, each read in the page's language when it is used (the page's catalogue
 * loads with the page, after this module).
 */
export const MESSAGES = {
  get nameTooLong() {
    const max = formatNumber(NAME_MAX);
    return t({ message: `Name must be at most ${max} characters`, comment: 'max is 100.' });
  },
  get noInterest() {
    return t`Please select at least one option`;
  },
  get duplicate() {
    return t`You are already subscribed with this email address`;
  },
  get failed() {
    return t`There was an error processing your request. Please try again.`;
  },
};

export const joinSchema = z
  .object({
    name: personNameField({ max: NAME_MAX, error: () => MESSAGES.nameTooLong }),
    email: emailAddressField,
    interests: z.object({ newsletter: z.boolean(), waitlist: z.boolean() }),
    // Honeypot: hidden from people and assistive technology; only bots fill it in.
    website: z.string(),
  })
  .refine((form) => form.interests.newsletter || form.interests.waitlist, {
    error: () => MESSAGES.noInterest,
    // On the first checkbox, so react-hook-form can move focus there on submit.
    path: ['interests', 'newsletter'],
  });

export type JoinForm = z.input<typeof joinSchema>;

export const joinDefaults: JoinForm = {
  name: '',
  email: '',
  interests: { newsletter: true, waitlist: false },
  website: '',
};

// --- The 60-second wait (docs/behaviour.md#join-form) -------------------------------------------

export const COOLDOWN_SECONDS = 60;
/** localStorage key holding the time (ms since the epoch) until which joining must wait. */
export const COOLDOWN_KEY = 'newsletterJoinWaitUntil';

/** Whole seconds left until `until` (rounded up, so "1s" shows until the wait is over). */
export function secondsLeft(until: number | null, now: number): number {
  if (until === null || !Number.isFinite(until)) return 0;
  // A timestamp far in the future (a clock set back, or tampering) never means more than the
  // longest wait we would ever set.
  const left = Math.ceil((until - now) / 1000);
  return Math.min(Math.max(left, 0), 3600);
}

export function readCooldown(storage: Pick<Storage, 'getItem'> | null): number | null {
  try {
    const raw = storage?.getItem(COOLDOWN_KEY);
    if (!raw) return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null; // storage blocked (privacy mode): no persisted wait
  }
}

/**
 * Starts the wait: it ends `seconds` from `now`, or later if a running wait ends later
 * (`replace` sets it exactly: the server's own retry time after a 429). Returns the end time.
 */
export function startCooldown(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  now: number,
  seconds: number = COOLDOWN_SECONDS,
  replace = false,
): number {
  const end = now + seconds * 1000;
  const until = replace ? end : Math.max(end, readCooldown(storage) ?? 0);
  try {
    storage?.setItem(COOLDOWN_KEY, String(until));
  } catch {
    // storage blocked: the wait still holds for this page (the caller keeps it in state)
  }
  return until;
}

export function waitMessage(seconds: number): string {
  const count = formatNumber(seconds);
  return plural(seconds, {
    one: `Please wait ${count} second before submitting again.`,
    other: `Please wait ${count} seconds before submitting again.`,
  });
}

export function tooManyMessage(seconds: number): string {
  const count = formatNumber(seconds);
  return plural(seconds, {
    one: `Too many requests. Please wait ${count} second before submitting again.`,
    other: `Too many requests. Please wait ${count} seconds before submitting again.`,
  });
}

// --- Submitting ---------------------------------------------------------------------------------

export type JoinResult =
  | { ok: true }
  | { ok: false; kind: 'duplicate' | 'failed'; message: string }
  | { ok: false; kind: 'rate_limited'; message: string; retryAfter: number };

interface InsertError {
  code?: string;
  message?: string;
  details?: string;
}

type Inserter = Pick<SupabaseClient, 'from'>;

/** The seconds in the server's 429 ("… try again in 42 seconds", details "Retry after 42 seconds"). */
export function retryAfterSeconds(error: InsertError): number {
  for (const text of [error.details, error.message]) {
    const match = /(\d+)\s*seconds?/i.exec(text ?? '');
    if (match?.[1]) {
      const seconds = Number.parseInt(match[1], 10);
      if (seconds > 0) return seconds;
    }
  }
  return COOLDOWN_SECONDS;
}

/** "email is not a valid email address" → "Email is not a valid email address." */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

function failure(error: InsertError, status: number): JoinResult {
  if (error.code === ErrorCode.pgUniqueViolation) {
    return { ok: false, kind: 'duplicate', message: MESSAGES.duplicate };
  }
  if (status === 429) {
    const retryAfter = retryAfterSeconds(error);
    return { ok: false, kind: 'rate_limited', retryAfter, message: tooManyMessage(retryAfter) };
  }
  // A check-constraint failure (e.g. an address the server does not accept) carries the reason
  // in `details`; a network failure has no code and a technical message: say it plainly.
  const message =
    error.code === ErrorCode.pgCheckViolation && error.details
      ? sentence(error.details)
      : error.code && error.message
        ? error.message
        : MESSAGES.failed;
  return { ok: false, kind: 'failed', message };
}

/**
 * Both lists ticked: ONE insert of both rows, so the server opens one join and sends one email
 * that names both lists (docs/behaviour.md#join-one-email). When that insert is refused as a
 * duplicate (one of the rows exists already; nothing was stored) or as too many rows (an
 * operator's NEWSLETTER_MAX_ROWS of 1), each list is inserted on its own, newsletter first, as
 * with one list ticked.
 *
 * Deliberately (docs/behaviour.md#join-duplicates): when the newsletter insert is a duplicate
 * but the waitlist is ticked too, the waitlist insert still goes ahead (someone already on the
 * newsletter can still join the waitlist); only when nothing new was added is the duplicate
 * reported.
 */
export async function subscribe(
  client: Inserter,
  form: { name: string; email: string; interests: { newsletter: boolean; waitlist: boolean } },
  now: () => Date = () => new Date(),
  locale: LocaleCode = activeLocale(),
): Promise<JoinResult> {
  const sources = (['newsletter', 'waitlist'] as const).filter((s) => form.interests[s]);
  const row = (source: (typeof sources)[number]) => ({
    email: form.email.trim(),
    name: form.name.trim(),
    source,
    // The page's language: the confirmation and the newsletters are sent in it.
    locale,
    subscribed_at: now().toISOString(),
  });
  if (sources.length > 1) {
    const { error, status } = await client.from('newsletter_subscribers').insert(sources.map(row));
    if (!error) return { ok: true };
    const result = failure(error, status);
    if (!result.ok && result.kind !== 'duplicate' && status !== 413) return result;
  }
  let added = false;
  let duplicate: JoinResult | null = null;
  for (const source of sources) {
    const { error, status } = await client.from('newsletter_subscribers').insert(row(source));
    if (!error) {
      added = true;
      continue;
    }
    const result = failure(error, status);
    if (result.ok) continue;
    if (result.kind === 'duplicate') {
      duplicate = result;
      continue;
    }
    return result;
  }
  if (added) return { ok: true };
  return duplicate ?? { ok: false, kind: 'failed', message: MESSAGES.failed };
}
