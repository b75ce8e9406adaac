import { activateLocale } from './catalogs';
import { formatNumber } from './format';

describe('formatNumber', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('writes a number in the page’s language, or in the locale it is given', async () => {
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(1234, undefined, { useGrouping: false })).toBe('1234');
    expect(formatNumber(21.5, 'en-GB', { minimumFractionDigits: 1 })).toBe('21.5');
    await activateLocale('ar');
    expect(formatNumber(1234)).toBe('١٬٢٣٤');
  });
});
