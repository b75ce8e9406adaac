/** POST /api/newsletter/unsubscribe with the emailed token (backend/app/newsletter/router.py). */
import { plural, t } from '@lingui/core/macro';
import { callApi } from '../../lib/api/client';
import { formatNumber } from '../../lib/i18n/format';

export type Source = 'newsletter' | 'waitlist';

export type UnsubscribeOutcome =
  | { ok: true; source: Source }
  | { ok: false; reason: 'missing' | 'invalid' | 'rate_limited' | 'failed'; message: string };

/** The outcomes' messages, each read in the page's language when it is used. */
export const UNSUBSCRIBE_MESSAGES = {
  get missing() {
    return t`This unsubscribe link is incomplete. Please open the link from your email again, or copy the whole address into your browser.`;
  },
  get invalid() {
    return t`This unsubscribe link is not valid. Please check that you opened the whole link from your email, or use the link in the latest email you received.`;
  },
  get failed() {
    return t`We could not unsubscribe you just now. Please try again in a moment.`;
  },
  rateLimited: (seconds: number) => {
    const count = formatNumber(seconds);
    return plural(seconds, {
      one: `Too many requests. Please wait ${count} second before trying again.`,
      other: `Too many requests. Please wait ${count} seconds before trying again.`,
    });
  },
};

export async function unsubscribe(
  token: string | null,
  fetchImpl?: typeof fetch,
): Promise<UnsubscribeOutcome> {
  if (!token) return { ok: false, reason: 'missing', message: UNSUBSCRIBE_MESSAGES.missing };
  const answer = await callApi({ fetch: fetchImpl }, (api) =>
    api.POST('/api/newsletter/unsubscribe', { body: { token } }),
  );
  if (answer.ok) {
    const source = answer.data?.source;
    if (source === 'newsletter' || source === 'waitlist') return { ok: true, source };
    return { ok: false, reason: 'failed', message: UNSUBSCRIBE_MESSAGES.failed };
  }
  const { status, retryAfter } = answer.error;
  if (status === 429) {
    const wait = retryAfter ? retryAfter : 60;
    return { ok: false, reason: 'rate_limited', message: UNSUBSCRIBE_MESSAGES.rateLimited(wait) };
  }
  if (status === 404 || status === 400) {
    return { ok: false, reason: 'invalid', message: UNSUBSCRIBE_MESSAGES.invalid };
  }
  return { ok: false, reason: 'failed', message: UNSUBSCRIBE_MESSAGES.failed };
}
