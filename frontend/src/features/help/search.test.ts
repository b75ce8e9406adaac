import { faqs } from '../../content/help';
import { searchFaqs } from './search';

const fill = (text: string) => text.replaceAll('{brand}', 'noor');

describe('help search', () => {
  it('matches nothing for an empty query', () => {
    expect(searchFaqs(faqs, '   ', fill)).toEqual([]);
  });

  it('searches questions and answers across every category', () => {
    const ids = (query: string) => searchFaqs(faqs, query, fill).map((item) => item.id);
    expect(ids('Hanafi')).toEqual(['prayer-times-3']);
    expect(ids('daylight saving')).toEqual(['prayer-times-4']);
    expect(ids('password')).toEqual(expect.arrayContaining(['account-2', 'account-3']));
    expect(
      new Set(searchFaqs(faqs, 'qibla', fill).map((item) => item.category)).size,
    ).toBeGreaterThan(1);
  });

  it('ignores case, accents and curly apostrophes, and needs every word', () => {
    const ids = (query: string) => searchFaqs(faqs, query, fill).map((item) => item.id);
    expect(ids('SHAFII')).toEqual(ids('shafi‘i'));
    expect(ids('hijri moon')).toEqual(['prayer-times-5']);
    expect(ids('hijri xylophone')).toEqual([]);
  });
});
