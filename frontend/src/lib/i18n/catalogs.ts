/**
 * Message catalogues, downloaded per language and per chunk (docs/i18n.md): the entry's
 * ("common") before the first render, a page's with the page's chunk. Each `.po` file is
 * compiled to a small module at build time (@lingui/vite-plugin), so no message parser ships.
 */
import { i18n, type Messages } from '@lingui/core';
import { intlLocale, SOURCE_LOCALE, type LocaleCode } from './locales';

// One small module per language lists that language's catalogues (catalogs/<code>.ts): the
// entry holds six loaders instead of the map of every language's catalogues (150 entries,
// about 2 KB of gzip on every page), and a page fetches only its own language's list, which
// the prerendered HTML preloads with the catalogues themselves.
type CatalogueFiles = Record<string, () => Promise<{ messages: Messages }>>;
const languages = import.meta.glob<{ files: CatalogueFiles }>('./catalogs/*.ts');
const lists = new Map<LocaleCode, Promise<CatalogueFiles>>();
const loaded = new Map<string, Promise<void>>();

function catalogueFiles(locale: LocaleCode): Promise<CatalogueFiles> {
  let list = lists.get(locale);
  if (!list) {
    const load = languages[`./catalogs/${locale}.ts`];
    if (!load) return Promise.reject(new Error(`no message catalogues for ${locale}`));
    list = load().then((module) => module.files);
    lists.set(locale, list);
  }
  return list;
}

let active: LocaleCode = SOURCE_LOCALE;

/** The language of this page load (it only changes with a full page load, or in prerendering). */
export function activeLocale(): LocaleCode {
  return active;
}

/** The source module of a catalogue (relative to src/), for the prerenderer's preload links. */
export function catalogModule(locale: LocaleCode, name: string): string {
  return `locales/${locale}/${name}.po`;
}

/** The source module of a language's list of catalogues, preloaded with them. */
export function catalogListModule(locale: LocaleCode): string {
  return `lib/i18n/catalogs/${locale}.ts`;
}

async function catalogueLoader(locale: LocaleCode, name: string) {
  const load = (await catalogueFiles(locale))[`../../../${catalogModule(locale, name)}`];
  if (!load) throw new Error(`no message catalogue ${catalogModule(locale, name)}`);
  return load;
}

/** One catalogue's messages, without loading them into the page's Lingui instance. */
export async function catalogMessages(name: string, locale: LocaleCode): Promise<Messages> {
  const load = await catalogueLoader(locale, name);
  return (await load()).messages;
}

/** Loads one catalogue of the active language into Lingui (once). */
export function loadCatalog(name: string, locale: LocaleCode = active): Promise<void> {
  const key = catalogModule(locale, name);
  let pending = loaded.get(key);
  if (!pending) {
    pending = catalogueLoader(locale, name)
      .then((load) => load())
      .then(({ messages }) => i18n.load(locale, messages));
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
