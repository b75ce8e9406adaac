/**
 * The message catalogues (docs/i18n.md#catalogues): every language has exactly the messages
 * English has, each translated, with the same placeholders and tags, valid ICU, and plural
 * forms for every category the language uses. A build also refuses a missing translation
 * (failOnMissing in vite.config.ts); this test says which one and why.
 */
import { parse, type Token } from '@messageformat/parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '../lib/i18n/locales';

const dir = `${join(__dirname)}/`;
const catalogues = readdirSync(`${dir}${SOURCE_LOCALE}`)
  .filter((file) => file.endsWith('.po'))
  .map((file) => file.slice(0, -3))
  .sort();
const translated = LOCALES.map((locale) => locale.code).filter((code) => code !== SOURCE_LOCALE);

function read(locale: string, catalogue: string): PO {
  return PO.parse(readFileSync(`${dir}${locale}/${catalogue}.po`, 'utf8'));
}

/** Placeholder names, plural/select arguments and Lingui's component tags (<0>, </0>, <1/>). */
function shape(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') names.add(`{${token.arg}}`);
      if (token.type === 'function') names.add(`{${token.arg}, ${token.key}}`);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(`{${token.arg}, ${token.type}}`);
        for (const option of token.cases) visit(option.tokens);
      }
    }
  };
  visit(parse(message));
  for (const tag of message.match(/<\/?\d+\/?>/g) ?? []) names.add(tag);
  return [...names].sort();
}

/** Each plural's categories (not the exact `=n` cases), and the language's own. */
function pluralCases(message: string): string[][] {
  const found: string[][] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'plural' || token.type === 'selectordinal') {
        found.push(token.cases.map((c) => c.key).filter((key) => !key.startsWith('=')));
      }
      if ('cases' in token) for (const option of token.cases) visit(option.tokens);
    }
  };
  visit(parse(message));
  return found;
}

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
// Messages with no word to translate (placeholders, tags, punctuation, digits).
const NOTHING_TO_TRANSLATE = /^[^\p{L}]*$/u;

describe('message catalogues', () => {
  it('exist for every language with the same files', () => {
    expect(catalogues).toContain('common');
    for (const locale of translated) {
      const files = readdirSync(`${dir}${locale}`)
        .filter((file) => file.endsWith('.po'))
        .map((file) => file.slice(0, -3))
        .sort();
      expect(files, locale).toEqual(catalogues);
    }
  });

  describe.each(catalogues)('%s', (catalogue) => {
    const source = read(SOURCE_LOCALE, catalogue);
    const ids = source.items.filter((item) => !item.obsolete).map((item) => item.msgid);

    it('English: no duplicates, no obsolete messages, every message is valid ICU', () => {
      expect(new Set(ids).size).toBe(ids.length);
      expect(source.items.filter((item) => item.obsolete).map((item) => item.msgid)).toEqual([]);
      for (const id of ids) expect(() => parse(id), id).not.toThrow();
    });

    it.each(translated)('%s: the same messages, all translated, same placeholders', (locale) => {
      const catalog = read(locale, catalogue);
      const live = catalog.items.filter((item) => !item.obsolete);
      expect(live.map((item) => item.msgid).sort(), 'messages').toEqual([...ids].sort());
      const problems: string[] = [];
      const plurals = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const item of live) {
        const text = item.msgstr[0] ?? '';
        const where = `${locale}/${catalogue}.po: "${item.msgid}"`;
        if (!text.trim()) {
          problems.push(`${where} is not translated`);
          continue;
        }
        if (item.flags.fuzzy) problems.push(`${where} is marked fuzzy`);
        let translatedShape: string[];
        try {
          translatedShape = shape(text);
        } catch (error) {
          problems.push(`${where}: invalid ICU in the translation (${String(error)})`);
          continue;
        }
        if (translatedShape.join() !== shape(item.msgid).join()) {
          problems.push(
            `${where}: placeholders ${translatedShape.join(' ')} differ from ${shape(item.msgid).join(' ')}`,
          );
        }
        for (const cases of pluralCases(text)) {
          const missing = plurals.filter((category) => !cases.includes(category));
          const extra = cases.filter((category) => !plurals.includes(category as never));
          if (missing.length || extra.length) {
            problems.push(
              `${where}: plural categories [${cases.join(' ')}], the language has [${plurals.join(' ')}]`,
            );
          }
        }
        if (
          (locale === 'ar' || locale === 'ur') &&
          !NOTHING_TO_TRANSLATE.test(item.msgid) &&
          !ARABIC_SCRIPT.test(text)
        ) {
          problems.push(`${where}: no Arabic-script text in "${text}"`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
