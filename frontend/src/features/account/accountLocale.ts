/**
 * The account's language for emails (docs/i18n.md): the server writes every email of an account
 * (password changed, two-factor, deletion…) in its `user_metadata.locale`. The profile keeps it
 * in step with the language the person uses the site in.
 */
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { activeLocale } from '../../lib/i18n/catalogs';
import { isLocaleCode, SOURCE_LOCALE, type LocaleCode } from '../../lib/i18n/locales';

/**
 * The language the server reads in `user_metadata.locale` (backend/app/core/i18n.py
 * resolve_locale): a tag's language subtag when it is one of ours ('ar', 'ar-SA', 'FR'),
 * English for anything else, a missing value included.
 */
export function storedLocale(metadata: User['user_metadata'] | undefined): LocaleCode {
  const value: unknown = metadata?.locale;
  if (typeof value !== 'string' || value.length > 35) return SOURCE_LOCALE;
  const language = /^[A-Za-z]{2,3}(?=$|[-_])/.exec(value.trim())?.[0].toLowerCase();
  return isLocaleCode(language) ? language : SOURCE_LOCALE;
}

/**
 * Stores the page's language as the account's when they differ, so that later emails come in
 * the language the person reads the site in. Silent: nothing is shown, and a failure only
 * means the emails stay in the language they were. `updateUser({ data })` merges the keys it
 * is given into the metadata (backend/app/auth/service/user.py), so the name stays.
 * True when it asked the server to change it.
 */
export async function syncAccountLocale(
  supabase: Pick<SupabaseClient, 'auth'>,
  user: Pick<User, 'user_metadata'>,
  locale: LocaleCode = activeLocale(),
): Promise<boolean> {
  if (storedLocale(user.user_metadata) === locale) return false;
  try {
    await supabase.auth.updateUser({ data: { locale } });
  } catch {
    // Offline, or the client failed: the next visit to the profile tries again.
  }
  return true;
}
