import { i18n } from '@lingui/core';
import { catalogMessages } from '../../lib/i18n/catalogs';
import type { LocaleCode } from '../../lib/i18n/locales';
import { cleanup, render, screen } from '../../test/render';
import LegalPage from './LegalPage';

async function inLanguage(locale: LocaleCode) {
  i18n.load(locale, await catalogMessages('legal', locale));
  i18n.activate(locale);
}

// Unmount first: switching the language back re-renders a mounted page.
afterEach(() => {
  cleanup();
  i18n.activate('en');
});

describe('legal pages', () => {
  it('in English: the date, the constants, the support address, and no translation notice', () => {
    render(<LegalPage slug="terms" />);
    const main = document.body;
    expect(main).toHaveTextContent('Last updated: April 09, 2025');
    expect(main).toHaveTextContent('at least 13 years old');
    expect(main).toHaveTextContent('30 days’ notice');
    expect(main).toHaveTextContent('Questions about these terms: write to us at support@');
    expect(screen.queryByTestId('english-prevails')).toBeNull();
  });

  it('in English: the refund constants', () => {
    render(<LegalPage slug="refund" />);
    expect(document.body).toHaveTextContent('within 14 days');
    expect(document.body).toHaveTextContent('more than 25% of its premium features');
    expect(document.body).toHaveTextContent('within 5-10 business days');
  });

  it('in another language: a notice that the English page prevails, linking to it', async () => {
    await inLanguage('fr');
    render(<LegalPage slug="privacy" />);
    const notice = screen.getByTestId('english-prevails');
    expect(notice).toHaveTextContent('la version anglaise prévaut');
    const link = screen.getByRole('link', { name: 'version anglaise' });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link).toHaveAttribute('hreflang', 'en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Politique de confidentialité',
    );
    expect(document.body).toHaveTextContent('Dernière mise à jour : 09 avril 2025');
  });

  it('in Arabic: the notice, and numbers and dates in the page’s digits', async () => {
    await inLanguage('ar');
    render(<LegalPage slug="refund" />);
    expect(screen.getByTestId('english-prevails')).toHaveTextContent('النسخة الإنجليزية');
    expect(screen.getByRole('link', { name: 'النسخة الإنجليزية' })).toHaveAttribute(
      'href',
      '/refund',
    );
    expect(document.body).toHaveTextContent('٢٠٢٥');
    expect(document.body).toHaveTextContent('٢٥٪');
  });
});
