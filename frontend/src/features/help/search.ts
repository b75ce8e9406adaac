import type { MessageDescriptor } from '@lingui/core';
import { paragraphMessage, type FaqItem, type Paragraph } from '../../content/help';

/**
 * Marks that change how a word is written but not which word it is: Latin accents (combining
 * marks after NFD), Arabic harakat and tanwin, shadda, sukun, the dagger alef and the small
 * high marks of the Quranic script, and the tatweel (kashida) that only stretches a word.
 * NFD also splits the hamza and madda off alef (أ إ آ), waw (ؤ) and yeh (ئ), so they fold onto
 * the bare letter here too. Apostrophes go as well ("l’heure", "Shafi‘i", "phone's").
 */
const IGNORED =
  /[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed\u0640\u200c-\u200f\u061c'\u2018\u2019\u02bb\u02bc]/g;

/** Letters people write interchangeably, onto one form. */
const FOLDED: Record<string, string> = {
  ٱ: 'ا', // alef wasla
  ى: 'ي', // alef maksura
  ی: 'ي', // Farsi/Urdu yeh
  ة: 'ه', // teh marbuta
  ۃ: 'ه', // Urdu teh marbuta goal
  ہ: 'ه', // Urdu heh goal
  ە: 'ه', // ae
  ک: 'ك', // keheh (Urdu kaf)
  ı: 'i', // Turkish dotless i, for people typing without Turkish letters
  ß: 'ss',
  œ: 'oe',
  æ: 'ae',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDED).join('')}٠-٩۰-۹]`, 'g');

function fold(char: string): string {
  const code = char.charCodeAt(0);
  // Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits: the Latin digit.
  if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660);
  if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0);
  return FOLDED[char] ?? char;
}

/**
 * Text as search compares it: lowercased by the rules of the page's language (Turkish İ → i,
 * I → ı), without accents, Arabic diacritics or tatweel, with the letter variants above
 * folded (أ إ آ ٱ → ا, ى → ي, ة → ه, Urdu ی ہ ک onto the Arabic letters, Turkish ı → i) and
 * one set of digits.
 */
export function normalise(text: string, locale: string): string {
  return text
    .toLocaleLowerCase(locale)
    .normalize('NFD')
    .replace(IGNORED, '')
    .replace(FOLDABLE, fold)
    .normalize('NFC');
}

/**
 * Questions whose question or answer, in the page's language, contains every word of the
 * query (see `normalise`), across all categories, in content order. An empty query matches
 * nothing. `text` renders a message as the page shows it (translated, {brand} filled); `shown`
 * says whether a paragraph is on the page (the launch state's, docs/behaviour.md#pages-launch).
 */
export function searchFaqs(
  items: FaqItem[],
  query: string,
  text: (message: MessageDescriptor) => string,
  locale: string,
  shown: (paragraph: Paragraph) => boolean,
): FaqItem[] {
  const words = normalise(query, locale).split(/\s+/u).filter(Boolean);
  if (words.length === 0) return [];
  return items.filter((item) => {
    const haystack = normalise(
      [item.question, ...item.answer.filter(shown).map(paragraphMessage)]
        .map((message) => text(message))
        .join(' '),
      locale,
    );
    return words.every((word) => haystack.includes(word));
  });
}
