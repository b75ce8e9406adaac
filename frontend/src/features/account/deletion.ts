/**
 * Deleting the account (docs/behaviour.md#accounts-data): the texts the profile, the public
 * pages and the done page share, the dialog's rules, and the calls to /api/account that need
 * no session (backend/app/account/router.py). The calls with the session's token are in
 * accountData.ts.
 */
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { User } from '@supabase/supabase-js';
import { z } from 'zod';
import { callApi, type ApiError } from '../../lib/api/client';
import { emailAddressField } from '../../lib/emailField';
import { ErrorCode } from '../../lib/errorCodes';
import { hasPassword } from './identities';
import { accountErrorMessage } from './serverMessages';

export { ACCOUNT_DELETED_PATH, DELETION_CONFIRM_PATH, DELETION_REQUEST_PATH } from './paths';

/** The word the person types; the server checks it too (trimmed, upper case). */
export const CONFIRMATION_WORD = 'DELETE';

/**
 * The texts several deletion screens show. What is erased ('your profile (email address, name
 * and password), your sign-in methods, your two-factor settings, your signed-in devices and your
 * account activity') is written out in each sentence that names it, so each language can fit
 * the list to its sentence.
 */
export const DELETION_TEXTS = {
  kept: msg`Nothing personal is kept. We email a receipt to your address.`,
  store: msg`Subscriptions bought in the App Store or Google Play are not cancelled by this: cancel them in the store.`,
  newsletter: msg`Also remove me from the newsletter and the waitlist`,
  network: msg`We could not reach the server. Please check your connection.`,
  /** Also the server's text for the refused link (`invalid_token`). */
  invalidLink: msg`This deletion link is invalid, used or expired. Ask for a new one.`,
  /**
   * The link of an account with two-factor on needs a code as well (the server's
   * `insufficient_aal`), as deleting from the profile needs a session that passed it.
   */
  twoFactor: msg`Your account uses two-factor authentication: to delete it, also enter the code from your authenticator app, or one of your recovery codes.`,
  /** The public request's answer, the same for any address (the server's text, in English). */
  linkSent: msg`If an account uses this address, we have emailed it a link to delete it. Check your inbox: the link works once, for one hour.`,
};

/** What goes, as the public page lists it. */
export const DELETED_ITEMS = [
  msg`Your profile: email address, name and password`,
  msg`Your sign-in methods (Google, Apple) and two-factor settings`,
  msg`Your signed-in devices and account activity`,
  msg`If you choose, your newsletter and waitlist subscriptions`,
];

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

/**
 * A typed code as the server reads it: without spaces, and with the digits of Arabic-script
 * keyboards (٠١٢, ۰۱۲) as the ASCII digits the code is made of.
 */
export function normalizeCode(value: string): string {
  return value.replace(/\s+/g, '').replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });
}

/** The dialog's fields; only the one of its proof is checked (messages in the page's language). */
export function deleteAccountSchema(proof: Proof) {
  const word = CONFIRMATION_WORD;
  return z.object({
    confirmation: z.string().refine(
      isDeletionConfirmed,
      t({
        message: `Type ${word} to confirm the deletion`,
        comment: '{word} is DELETE, the English word the person types (kept in English)',
      }),
    ),
    password:
      proof === 'password' ? z.string().min(1, t`Current password is required`) : z.string(),
    code:
      proof === 'code'
        ? z
            .string()
            .transform(normalizeCode)
            .pipe(
              z
                .string()
                .min(1, { message: t`Enter the 6-digit code from the email`, abort: true })
                .regex(/^\d{6}$/, t`The code is 6 digits`),
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

/**
 * A failed call as the screens show it: the server's `{code, message}` (429 included: its
 * message says how long to wait), the account's own refusals (a wrong password…) in the page's
 * language, a lost connection (status 0) as such; `fallback` when the answer said nothing.
 */
export function failure(error: ApiError, fallback: string): ApiFailure {
  if (error.status === 0) return { ok: false, status: 0, message: i18n._(DELETION_TEXTS.network) };
  return {
    ok: false,
    status: error.status,
    ...(error.code === undefined ? {} : { code: error.code }),
    message: accountErrorMessage(error.code) ?? error.message ?? fallback,
  };
}

/**
 * POST /api/account/deletion-requests: always 202 with the same answer for any address (the
 * page says it in its language: DELETION_TEXTS.linkSent); 400 `validation_failed` for a
 * malformed one.
 */
export async function requestDeletionLink(
  email: string,
  fetchImpl?: typeof fetch,
): Promise<ApiResult<true>> {
  const answer = await callApi({ fetch: fetchImpl }, (api) =>
    api.POST('/api/account/deletion-requests', { body: { email } }),
  );
  if (!answer.ok) return failure(answer.error, t`We could not send the link. Please try again.`);
  return { ok: true, value: true };
}

/**
 * POST /api/account/deletion-requests/confirm: only the page's button calls it. `code`: for an
 * account with two-factor on (refused without it: 403 `insufficient_aal`), a code of its
 * authenticator app or a recovery code (a wrong one: 422 `mfa_verification_failed`).
 */
export async function confirmDeletionLink(
  token: string,
  newsletter: boolean,
  fetchImpl?: typeof fetch,
  code?: string,
): Promise<ApiResult<true>> {
  const answer = await callApi({ fetch: fetchImpl }, (api) =>
    api.POST('/api/account/deletion-requests/confirm', {
      body: { token, newsletter, ...(code === undefined ? {} : { code }) },
    }),
  );
  if (answer.ok) return { ok: true, value: true };
  const refused = failure(answer.error, t`Your account could not be deleted. Please try again.`);
  // The server's words for a refused link, in the page's language.
  return refused.code === ErrorCode.invalidToken
    ? { ...refused, message: i18n._(DELETION_TEXTS.invalidLink) }
    : refused;
}
