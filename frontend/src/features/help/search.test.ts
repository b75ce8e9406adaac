import { i18n as englishI18n, setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { faqs, type Paragraph } from '../../content/help';
import { catalogMessages } from '../../lib/i18n/catalogs';
import type { LocaleCode } from '../../lib/i18n/locales';
import { translate } from '../../lib/i18n/translate';
import { normalise, searchFaqs } from './search';

const values = {
  brand: 'noor',
  supportEmail: 'support@noor.example',
  feedbackEmail: 'feedback@noor.example',
};

/** The questions and answers as a page in `locale` shows them (its real catalogue). */
async function pageText(locale: LocaleCode): Promise<(message: MessageDescriptor) => string> {
  let i18n: I18n = englishI18n;
  if (locale !== 'en') {
    i18n = setupI18n({ locale, messages: { [locale]: await catalogMessages('help', locale) } });
  }
  return (message) => translate(i18n, message, values);
}

async function searcher(locale: LocaleCode) {
  const text = await pageText(locale);
  // Before the launch (the default settings): the answers' 'coming' paragraphs are on the page.
  const shown = (paragraph: Paragraph) => !('when' in paragraph) || paragraph.when === 'coming';
  return (query: string) => searchFaqs(faqs, query, text, locale, shown).map((item) => item.id);
}

describe('help search', () => {
  it('matches nothing for an empty query', async () => {
    const ids = await searcher('en');
    expect(ids('   ')).toEqual([]);
  });

  it('searches questions and answers across every category', async () => {
    const ids = await searcher('en');
    expect(ids('Hanafi')).toEqual(['prayer-times-3']);
    expect(ids('daylight saving')).toEqual(['prayer-times-4']);
    expect(ids('password')).toEqual(expect.arrayContaining(['account-2', 'account-3']));
    const qibla = ids('qibla').map((id) => faqs.find((item) => item.id === id)?.category);
    expect(new Set(qibla).size).toBeGreaterThan(1);
  });

  it('searches only the paragraphs of the launch state the page shows', async () => {
    const text = await pageText('en');
    const search = (query: string, state: 'coming' | 'launched') =>
      searchFaqs(faqs, query, text, 'en', (p) => !('when' in p) || p.when === state).map(
        (item) => item.id,
      );
    expect(search('coming soon', 'coming')).toEqual(['general-1']);
    expect(search('coming soon', 'launched')).toEqual([]);
    expect(search('iPad App Store', 'launched')).toEqual(['general-1']);
    expect(search('iPad App Store', 'coming')).toEqual([]);
    // The devices answer is there in both states, in its own words.
    expect(search('Android 8', 'coming')).toEqual(['general-3']);
    expect(search('Android 8', 'launched')).toEqual(['general-3']);
  });

  it('ignores case, accents and apostrophes, and needs every word', async () => {
    const ids = await searcher('en');
    expect(ids('SHAFII')).toEqual(ids('shafi‘i'));
    expect(ids("phone's magnetic")).toEqual(['features-2']);
    expect(ids('hijri moon')).toEqual(['prayer-times-5']);
    expect(ids('hijri xylophone')).toEqual([]);
  });

  it('searches the Arabic text, ignoring harakat and tatweel and folding alef, yeh and teh marbuta', async () => {
    const ids = await searcher('ar');
    // The page's own words, not the English ones.
    expect(ids('الحنفي')).toEqual(['prayer-times-3']);
    expect(ids('Hanafi')).toEqual([]);
    // Harakat, shadda and tatweel in the query change nothing.
    expect(ids('الحَنَفِيّ')).toEqual(['prayer-times-3']);
    expect(ids('الحنـــفي')).toEqual(['prayer-times-3']);
    // أم القرى: typed with a bare alef and a dotted yeh, or with hamza and shadda.
    const ummAlQura = ids('أم القرى');
    expect(ummAlQura).toEqual(['prayer-times-1', 'prayer-times-5']);
    expect(ids('ام القري')).toEqual(ummAlQura);
    expect(ids('أمّ القُرى')).toEqual(ummAlQura);
    // ة and ه, and the question's إ typed as ا.
    expect(ids('القبله')).toEqual(ids('القبلة'));
    expect(ids('القبلة').length).toBeGreaterThan(1);
    expect(ids('اعادة تعيين')).toEqual(['account-3']);
    // Latin or Arabic-Indic digits find "٢٤ ساعة".
    expect(ids('24 ساعة')).toEqual(['account-3']);
    expect(ids('٢٤')).toEqual(['account-3']);
  });

  it('searches the Urdu text with Arabic or Urdu letters', async () => {
    const ids = await searcher('ur');
    expect(ids('حنفی')).toEqual(['prayer-times-3']);
    // Arabic keyboard letters (ي ك ه) for the Urdu ی ک ہ.
    expect(ids('حنفي')).toEqual(['prayer-times-3']);
    expect(ids('کیا ایپ مفت')).toEqual(['general-2']);
    expect(ids('كيا ايپ مفت')).toEqual(['general-2']);
  });

  it('searches the Turkish text with Turkish case rules (İ/i, I/ı)', async () => {
    const ids = await searcher('tr');
    expect(ids('Hanefi')).toEqual(['prayer-times-3']);
    // İ lowercases to i and I to ı in Turkish: capitals find the lowercase text.
    expect(ids('İKİNDİ')).toEqual(ids('ikindi'));
    expect(ids('ikindi')).toContain('prayer-times-3');
    const kible = ids('kıble');
    expect(kible.length).toBeGreaterThan(1);
    expect(ids('KIBLE')).toEqual(kible);
    // Typed without Turkish letters.
    expect(ids('kible')).toEqual(kible);
    expect(ids('sifremi unuttum')).toEqual(ids('Şifremi Unuttum'));
    expect(ids('şifremi unuttum')).toEqual(['account-3']);
  });

  it('normalises by the language: Turkish capitals, Arabic marks and letter forms', () => {
    expect(normalise('İSTANBUL', 'tr')).toBe('istanbul');
    expect(normalise('KIBLE', 'tr')).toBe(normalise('kıble', 'tr'));
    expect(normalise('إِسْلَامٌ', 'ar')).toBe('اسلام');
    expect(normalise('آية', 'ar')).toBe('ايه');
    expect(normalise('مـــسـجد', 'ar')).toBe('مسجد');
    expect(normalise('علی', 'ur')).toBe(normalise('على', 'ar'));
    expect(normalise('Prière à l’heure', 'fr')).toBe('priere a lheure');
  });
});
