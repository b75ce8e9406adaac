import { i18n } from '@lingui/core';
import { DEFAULT_CONFIG } from '../../lib/config';
import { ConfigContext } from '../../lib/configContext';
import { activateLocale, loadCatalog } from '../../lib/i18n/catalogs';
import { render, screen, within } from '../../test/render';
import HomePage from './HomePage';

describe('HomePage', () => {
  it('links the configured social profiles only', () => {
    const config = {
      ...DEFAULT_CONFIG,
      socialUrls: { ...DEFAULT_CONFIG.socialUrls, instagram: 'https://instagram.com/noor' },
    };
    render(
      <ConfigContext value={config}>
        <HomePage />
      </ConfigContext>,
    );
    const follow = screen.getByRole('list', { name: 'Follow us' });
    expect(within(follow).getAllByRole('link')).toHaveLength(1);
    expect(within(follow).getByRole('link', { name: 'Follow us on Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/noor',
    );
  });

  it('shows its sections, links and the phone’s sample day in English', () => {
    const { container } = render(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your Smart Prayer Companion' }),
    ).toBeInTheDocument();
    // The words after "Learn more" are for screen readers (jsdom's accessible names drop the space).
    const learnMore = screen.getByRole('link', { name: /about the features$/ });
    expect(learnMore).toHaveTextContent('Learn More about the features');
    expect(learnMore).toHaveAttribute('href', '/features');
    const prayerTimes = screen.getByRole('link', { name: /about Prayer Times$/ });
    expect(prayerTimes).toHaveTextContent('Learn more about Prayer Times');
    expect(prayerTimes).toHaveAttribute('href', '/features/prayer-times');
    // No social profile configured (the default): no follow links, no empty list.
    expect(screen.queryByRole('link', { name: /^Follow us on/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Today’s times for your city' })).toHaveAttribute(
      'href',
      '/prayer-times',
    );

    const phone = screen.getByRole('figure', { name: 'Preview of the app on a phone' });
    expect(phone).toHaveTextContent('Thursday, 10 April · 12 Shawwal 1446');
    expect(phone).toHaveTextContent('Dhuhr13:02in 1h 24m');
    expect(phone).toHaveTextContent('Asr16:41in 5h 03m');
    expect(phone).toHaveTextContent('Fajr (prayed)');
    expect(
      within(phone).getByRole('img', { name: /In the name of God, the Most Gracious/ }),
    ).toHaveTextContent('بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ');

    const milestones = [...container.querySelectorAll('#roadmap li')];
    expect(milestones.map((item) => item.querySelector('time')?.textContent)).toEqual([
      'Q1 2025',
      'Q2 2025',
      'Q3 2025',
      'Q1 2026',
    ]);
    expect(milestones.map((item) => item.getAttribute('data-status'))).toEqual([
      'Completed',
      'In Progress',
      'Upcoming',
      'Planned',
    ]);
    expect(milestones[1]).toHaveTextContent('In Progress');
  });

  describe('in Arabic', () => {
    beforeEach(async () => {
      await activateLocale('ar');
      await loadCatalog('home', 'ar');
    });
    afterEach(async () => {
      await activateLocale('en');
    });

    it('writes the sample day and the roadmap in Arabic with Arabic-Indic digits', () => {
      const { container } = render(<HomePage />);
      expect(i18n.locale).toBe('ar');
      const phone = screen.getByRole('figure');
      // The Arabic comma between the two dates: a dot beside Arabic-Indic digits reads as a zero.
      expect(phone).toHaveTextContent('الخميس، ١٠ أبريل، ١٢ شوال ١٤٤٦ هـ');
      expect(phone.textContent).not.toContain('·');
      expect(phone).toHaveTextContent('الظهر١٣:٠٢بعد ١ س ٢٤ د');
      expect(phone).toHaveTextContent('بعد ٥ س ٠٣ د');
      // The basmala is a quotation: the same Arabic in every language.
      expect(container.querySelector('[lang="ar"]')).toHaveTextContent('بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ');
      expect(
        [...container.querySelectorAll('#roadmap time')].map((time) => time.textContent),
      ).toEqual(['الربع الأول ٢٠٢٥', 'الربع الثاني ٢٠٢٥', 'الربع الثالث ٢٠٢٥', 'الربع الأول ٢٠٢٦']);
      // The section's small label and its heading are two texts, as in English ('Who we
      // are', 'About us').
      const about = container.querySelector('#about');
      const heading = within(about as HTMLElement).getByRole('heading', { level: 2 });
      expect(heading).toHaveTextContent(/^من نحن$/);
      expect(about).toHaveTextContent('تعرّف علينا');
      // A full page load keeps the language.
      expect(screen.getByRole('link', { name: 'مواقيت اليوم في مدينتك' })).toHaveAttribute(
        'href',
        '/ar/prayer-times',
      );
    });
  });
});
