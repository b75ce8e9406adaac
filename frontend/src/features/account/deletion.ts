/**
 * Deleting the account (docs/behaviour.md#accounts-data): the texts the profile, the public
 * pages and the done page share, the dialog's rules, and the calls to /api/account that need
 * no session (backend/app/account/router.py). The calls with the session's token are in
 * accountData.ts.
 */
import type { User } from '@supabase/supabase-js';
import { z } from 'zod';
import { emailAddressField } from '../../lib/emailField';
import { hasPassword } from './identities';

export { ACCOUNT_DELETED_PATH, DELETION_CONFIRM_PATH, DELETION_REQUEST_PATH } from './paths';

/** The word the person types; the server checks it too (trimmed, upper case). */
export const CONFIRMATION_WORD = 'DELETE';

export const DELETION_TEXTS = {
  deleted:
    'your profile (email address, name and password), your sign-in methods, your two-factor settings, your signed-in devices and your account activity',
  kept: 'Nothing personal is kept. We email a receipt to your address.',
  store:
    'Subscriptions bought in the App Store or Google Play are not cancelled by this: cancel them in the store.',
  newsletter: 'Also remove me from the newsletter and the waitlist',
  network: 'We could not reach the server. Please check your connection.',
  invalidLink: 'This deletion link is invalid, used or expired. Ask for a new one.',
} as const;

/** What goes, as the public page lists it. */
export const DELETED_ITEMS = [
  'Your profile: email address, name and password',
  'Your sign-in methods (Google, Apple) and two-factor settings',
  'Your signed-in devices and account activity',
  'If you choose, your newsletter and waitlist subscriptions',
] as const;

/** `insufficient_aal`: two-factor is on and this session has not passed it. */
export function needsSecondFactorText(doing: string): string {
  return `Two-factor authentication is on for your account and this session has not passed it. Sign out, sign in again with the code from your authenticator app, then ${doing}.`;
}

/** True once the confirmation field holds the word (spaces around it do not count). */
export function isDeletionConfirmed(typed: string | undefined): boolean {
  return (typed ?? '').trim() === CONFIRMATION_WORD;
}

/**
 * How the person proves it is them: the current password, or, for an account without one
 * (created through Google or Apple), a code emailed by `reauthenticate()`.
 */
export type Proof = 'password' | 'code';

export function proofFor(user: Pick<User, 'identities'>): Proof {
  return hasPassword(user) ? 'password' : 'code';
}

/** The dialog's fields; only the one of its proof is checked. */
export function deleteAccountSchema(proof: Proof) {
  return z.object({
    confirmation: z
      .string()
      .refine(isDeletionConfirmed, `Type ${CONFIRMATION_WORD} to confirm the deletion`),
    password: proof === 'password' ? z.string().min(1, 'Current password is required') : z.string(),
    code:
      proof === 'code'
        ? z
            .string()
            .transform((value) => value.replace(/\s+/g, ''))
            .pipe(
              z
                .string()
                .min(1, { message: 'Enter the 6-digit code from the email', abort: true })
                .regex(/^\d{6}$/, 'The code is 6 digits'),
            )
        : z.string(),
    newsletter: z.boolean(),
  });
}

export type DeleteAccountForm = z.input<ReturnType<typeof deleteAccountSchema>>;

/** The public request form's one field. */
export const deletionRequestSchema = z.object({
  email: emailAddressField,
});

export type DeletionRequestForm = z.infer<typeof deletionRequestSchema>;

/** What the done page is told (route state). */
export interface DeletedState {
  /** The newsletter and waitlist rows of the address went too. */
  newsletter?: boolean;
  /** The browser still holds the deleted account's session: the done page drops it. */
  signOut?: boolean;
}

export type ApiFailure = { ok: false; status: number; code?: string; message: string };
export type ApiResult<T> = { ok: true; value: T } | ApiFailure;

/** The server's `{code, message}` (429 included: its message says how long to wait). */
export async function readFailure(response: Response, fallback: string): Promise<ApiFailure> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const { code, message } = body as { code?: unknown; message?: unknown };
      return {
        ok: false,
        status: response.status,
        ...(typeof code === 'string' ? { code } : {}),
        message: typeof message === 'string' && message.trim() ? message.trim() : fallback,
      };
    }
  } catch {
    // not JSON: the fallback
  }
  return { ok: false, status: response.status, message: fallback };
}

function postJson(fetchImpl: typeof fetch, path: string, body: unknown): Promise<Response> {
  return fetchImpl(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

const offline = (): ApiFailure => ({ ok: false, status: 0, message: DELETION_TEXTS.network });

/**
 * POST /api/account/deletion-requests: always 202 with the same text for any address (shown
 * as it comes); 400 `validation_failed` for a malformed one.
 */
export async function requestDeletionLink(
  email: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult<string>> {
  const fallback = 'We could not send the link. Please try again.';
  let response: Response;
  try {
    response = await postJson(fetchImpl, '/api/account/deletion-requests', { email });
  } catch {
    return offline();
  }
  if (!response.ok) return readFailure(response, fallback);
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return { ok: true, value: body.message };
  } catch {
    // fall through
  }
  return { ok: true, value: 'Check your email for the link.' };
}

/** POST /api/account/deletion-requests/confirm: only the page's button calls it. */
export async function confirmDeletionLink(
  token: string,
  newsletter: boolean,
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult<true>> {
  let response: Response;
  try {
    response = await postJson(fetchImpl, '/api/account/deletion-requests/confirm', {
      token,
      newsletter,
    });
  } catch {
    return offline();
  }
  if (response.ok) return { ok: true, value: true };
  return readFailure(response, 'Your account could not be deleted. Please try again.');
}
