/**
 * Message catalogues, downloaded per language and per chunk (docs/i18n.md): the entry's
 * ("common") before the first render, a page's with the page's chunk. Each `.po` file is
 * compiled to a small module at build time (@lingui/vite-plugin), so no message parser ships.
 */
import { i18n, type Messages } from '@lingui/core';
import { intlLocale, SOURCE_LOCALE, type LocaleCode } from './locales';

const files = import.meta.glob<{ messages: Messages }>('../../locales/*/*.po');
const loaded = new Map<string, Promise<void>>();

let active: LocaleCode = SOURCE_LOCALE;

/** The language of this page load (it only changes with a full page load, or in prerendering). */
export function activeLocale(): LocaleCode {
  return active;
}

/** The source module of a catalogue (relative to src/), for the prerenderer's preload links. */
export function catalogModule(locale: LocaleCode, name: string): string {
  return `locales/${locale}/${name}.po`;
}

/** One catalogue's messages, without loading them into the page's Lingui instance. */
export async function catalogMessages(name: string, locale: LocaleCode): Promise<Messages> {
  const load = files[`../../${catalogModule(locale, name)}`];
  if (!load) throw new Error(`no message catalogue ${catalogModule(locale, name)}`);
  return (await load()).messages;
}

/** Loads one catalogue of the active language into Lingui (once). */
export function loadCatalog(name: string, locale: LocaleCode = active): Promise<void> {
  const key = `../../${catalogModule(locale, name)}`;
  let pending = loaded.get(key);
  if (!pending) {
    const load = files[key];
    if (!load) return Promise.reject(new Error(`no message catalogue ${key}`));
    pending = load().then(({ messages }) => i18n.load(locale, messages));
    loaded.set(key, pending);
  }
  return pending;
}

/** Makes `locale` the language of what renders next; its common catalogue is loaded first. */
export async function activateLocale(locale: LocaleCode): Promise<void> {
  // Set before the first await: catalogues asked for meanwhile (the page's) are this language's.
  active = locale;
  await loadCatalog('common', locale);
  // Numbers inside messages (plurals' #, {n, number}) with the language's own digits.
  i18n.activate(locale, [intlLocale(locale)]);
}
