import { z } from 'zod';
import { emailAddressField } from '../../lib/emailField';
import { hasHiddenCharacter, hiddenCharacterMessage } from '../../lib/hiddenText';

export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters')
    .refine((name) => !hasHiddenCharacter(name), hiddenCharacterMessage('Name')),
  email: emailAddressField,
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(150, 'Subject must be at most 150 characters')
    .refine((subject) => !hasHiddenCharacter(subject), hiddenCharacterMessage('Subject')),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters')
    .refine((text) => !hasHiddenCharacter(text, '\n\r\t'), hiddenCharacterMessage('Message')),
  // Honeypot: hidden from people, filled in by bots. Sent as-is; the server ignores such posts.
  website: z.string(),
});

export type ContactForm = z.infer<typeof contactSchema>;

export type SubmitResult = { ok: true } | { ok: false; message: string; retryAfter?: number };

const GENERIC_ERROR = 'An unexpected error occurred. Please try again.';

/** POST /api/contact with JSON; maps the API's {code, message} and 429 Retry-After. */
export async function submitContact(
  form: ContactForm,
  fetchImpl: typeof fetch = fetch,
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetchImpl('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(form),
    });
  } catch {
    return { ok: false, message: 'We could not reach the server. Please check your connection.' };
  }
  if (response.ok) return { ok: true };
  if (response.status === 429) {
    const seconds = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
    const wait = Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
    return {
      ok: false,
      retryAfter: wait,
      message: `Too many requests. Please wait ${wait} seconds before submitting again.`,
    };
  }
  try {
    const body: unknown = await response.json();
    if (
      typeof body === 'object' &&
      body !== null &&
      'message' in body &&
      typeof body.message === 'string'
    ) {
      return { ok: false, message: body.message };
    }
  } catch {
    // not JSON: fall through
  }
  return { ok: false, message: GENERIC_ERROR };
}
