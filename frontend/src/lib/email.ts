import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The longest address the server takes (backend/app/core/email_address.py). */
export const EMAIL_MAX = 254;

/** The simple email pattern every form uses, text @ text . text (docs/behaviour.md#messages). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The server's address rules beyond the pattern (backend/app/core/email_address.py,
 * docs/behaviour.md#email-addresses), so the form says why before sending. The server stays
 * the authority: it also measures the domain's ASCII (punycode) length. Messages, translated
 * when the form reports them.
 */
export const EMAIL_MESSAGES = {
  tooLong: msg`Email must be at most 254 characters`,
  localTooLong: msg`The part before the @ must be at most 64 characters`,
  nonAsciiLocal: msg`The part before the @ may only use unaccented Latin letters, digits and symbols (many mail servers cannot deliver to other characters)`,
  mixedScripts: msg`The domain mixes alphabets (for example Latin and Cyrillic letters)`,
} satisfies Record<string, MessageDescriptor>;

// Scripts a domain label may use, tested per letter; letters of other scripts are not judged.
// Unicode script property names, not text for people.
/* eslint-disable lingui/no-unlocalized-strings */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Arabic',
  'Hebrew',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
  'Thai',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Armenian',
  'Georgian',
].map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const);

// UTS #39 "highly restrictive": one script, or Latin with Japanese, Chinese or Korean.
const ALLOWED_MIXES = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];
/* eslint-enable lingui/no-unlocalized-strings */

function mixesScripts(label: string): boolean {
  const scripts = new Set<string>();
  for (const char of label) {
    if (!/^\p{L}$/u.test(char)) continue;
    const found = SCRIPTS.find(([, pattern]) => pattern.test(char));
    if (found) scripts.add(found[0]);
  }
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((allowed) => [...scripts].every((s) => allowed.has(s)));
}

/** Why the server would refuse an address that matches EMAIL_PATTERN (a message), or null. */
export function emailProblem(value: string): MessageDescriptor | null {
  const email = value.trim().normalize('NFC');
  if (!EMAIL_PATTERN.test(email)) return null; // the pattern's own message covers it
  if (email.length > EMAIL_MAX) return EMAIL_MESSAGES.tooLong;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  // eslint-disable-next-line no-control-regex -- ASCII is exactly the rule
  if (!/^[\x00-\x7f]*$/.test(local)) return EMAIL_MESSAGES.nonAsciiLocal;
  if (local.length > 64) return EMAIL_MESSAGES.localTooLong;
  if (
    email
      .slice(at + 1)
      .split('.')
      .some(mixesScripts)
  )
    return EMAIL_MESSAGES.mixedScripts;
  return null;
}

/**
 * For a zod string's `.superRefine`: adds emailProblem's message as the field's error, in the
 * page's language (validation runs when the form is submitted, after the catalogue has loaded).
 */
export function checkEmailRules(
  value: string,
  ctx: { addIssue: (issue: { code: 'custom'; message: string }) => void },
): void {
  const problem = emailProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: i18n._(problem) });
}
