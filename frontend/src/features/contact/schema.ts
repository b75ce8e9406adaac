import { plural, t } from '@lingui/core/macro';
import { z } from 'zod';
import { callApi } from '../../lib/api/client';
import { emailAddressField } from '../../lib/emailField';
import { hasHiddenCharacter, hiddenCharacterMessage } from '../../lib/hiddenText';
import { formatNumber } from '../../lib/i18n/format';
import { personNameField } from '../../lib/nameField';

const NAME_MAX = 100;
const SUBJECT_MAX = 150;
const MESSAGE_MIN = 10;
const MESSAGE_MAX = 5000;

/** A number as the page writes it (its digits; no grouping: "5000 characters"). */
const formatCount = (value: number) => formatNumber(value, undefined, { useGrouping: false });

// Messages are functions: zod asks for one when a check fails, so it is in the page's language.
export const contactSchema = z.object({
  name: personNameField({
    max: NAME_MAX,
    error: () => {
      const max = formatCount(NAME_MAX);
      return plural(NAME_MAX, {
        one: `Name must be at most ${max} character`,
        other: `Name must be at most ${max} characters`,
      });
    },
  }),
  email: emailAddressField,
  subject: z
    .string()
    .trim()
    .min(1, { error: () => t`Subject is required` })
    .max(SUBJECT_MAX, {
      error: () => {
        const max = formatCount(SUBJECT_MAX);
        return plural(SUBJECT_MAX, {
          one: `Subject must be at most ${max} character`,
          other: `Subject must be at most ${max} characters`,
        });
      },
    })
    .refine((subject) => !hasHiddenCharacter(subject), hiddenCharacterMessage('Subject')),
  message: z
    .string()
    .trim()
    .min(1, { error: () => t`Message is required` })
    .min(MESSAGE_MIN, {
      error: () => {
        const min = formatCount(MESSAGE_MIN);
        return plural(MESSAGE_MIN, {
          one: `Message must be at least ${min} character`,
          other: `Message must be at least ${min} characters`,
        });
      },
    })
    .max(MESSAGE_MAX, {
      error: () => {
        const max = formatCount(MESSAGE_MAX);
        return plural(MESSAGE_MAX, {
          one: `Message must be at most ${max} character`,
          other: `Message must be at most ${max} characters`,
        });
      },
    })
    .refine((text) => !hasHiddenCharacter(text, '\n\r\t'), hiddenCharacterMessage('Message')),
  // Honeypot: hidden from people, filled in by bots. Sent as-is; the server ignores such posts.
  website: z.string(),
});

export type ContactForm = z.infer<typeof contactSchema>;

export type SubmitResult = { ok: true } | { ok: false; message: string; retryAfter?: number };

/**
 * POST /api/contact with JSON; maps the API's {code, message} and 429 Retry-After. The
 * messages of this page are in its language; a message from the server is shown as it comes.
 */
export async function submitContact(
  form: ContactForm,
  fetchImpl?: typeof fetch,
): Promise<SubmitResult> {
  const answer = await callApi({ fetch: fetchImpl }, (api) =>
    api.POST('/api/contact', { body: form }),
  );
  if (answer.ok) return { ok: true };
  const { status, retryAfter, message } = answer.error;
  if (status === 0) {
    return { ok: false, message: t`We could not reach the server. Please check your connection.` };
  }
  if (status === 429) {
    const wait = retryAfter ? retryAfter : 60;
    const shown = formatCount(wait);
    return {
      ok: false,
      retryAfter: wait,
      message: plural(wait, {
        one: `Too many requests. Please wait ${shown} second before submitting again.`,
        other: `Too many requests. Please wait ${shown} seconds before submitting again.`,
      }),
    };
  }
  return { ok: false, message: message ?? t`An unexpected error occurred. Please try again.` };
}
