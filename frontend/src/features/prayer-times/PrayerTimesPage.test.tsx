import { activateLocale, loadCatalog } from '../../lib/i18n/catalogs';
import { cleanup, render, screen, within } from '../../test/render';
import PrayerTimesPage from './PrayerTimesPage';
import { rememberPlace } from '../../lib/prayerTimes/storage';

const makkah = {
  name: 'Makkah',
  country: 'SA',
  latitude: 21.4225,
  longitude: 39.8262,
  timeZone: 'Asia/Riyadh',
};

// 2026-05-10 10:00 in Makkah: Dhuhr (12:17) is next.
const MORNING = new Date('2026-05-10T07:00:00Z');

// The times and the panels below them are a chunk the page loads after hydration: loaded once
// here, so a test's wait is for the page, not for the first transform of that chunk.
beforeAll(async () => {
  await import('./PlaceDetails');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(MORNING);
  // jsdom has no matchMedia (the Qibla card asks whether the screen is a touch screen).
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  rememberPlace(makkah);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PrayerTimesPage', () => {
  it('shows a remembered place in English as before', async () => {
    render(<PrayerTimesPage />);
    expect(
      await screen.findByRole('heading', { name: 'Prayer times in Makkah, Saudi Arabia' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /^Prayer times for Makkah on / });
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.firstChild?.textContent);
    expect(names).toEqual(['Fajr', 'Sunrise', 'Dhuhr', 'Asr', 'Maghrib', 'Isha']);
    expect(screen.getByText(/^Dhuhr in 2 h 17 min/)).toBeInTheDocument();
    const method = screen.getByLabelText('Calculation method');
    expect(method).toHaveDisplayValue('Default: Umm al-Qura');
    expect(method).toHaveAccessibleDescription(
      /^Default: Umm al-Qura, the method used in Saudi Arabia/,
    );
  });

  it('offers the two Asr schools once, the place’s default marked', async () => {
    render(<PrayerTimesPage />);
    const asr = await screen.findByRole('group', { name: 'Asr' });
    const choices = within(asr).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('label')?.textContent)).toEqual([
      'Standard (default)',
      'Hanafi',
    ]);
    expect(within(asr).getByRole('radio', { name: 'Standard (default)' })).toBeChecked();
  });

  it('says the times wait for the script only until it has run', async () => {
    rememberPlace(null);
    render(<PrayerTimesPage />);
    expect(await screen.findByText('Choose your location to see today’s times.')).toBeVisible();
    expect(screen.queryByText(/once the page’s script has run/)).toBeNull();
  });

  it("is all in the page's language, with its digits, in Arabic", async () => {
    await activateLocale('ar');
    await loadCatalog('prayer-times', 'ar');
    try {
      render(<PrayerTimesPage />);
      expect(
        await screen.findByRole('heading', {
          name: 'مواقيت الصلاة في Makkah، المملكة العربية السعودية',
        }),
      ).toBeInTheDocument();
      const table = await screen.findByRole('table', { name: /^مواقيت الصلاة في Makkah يوم / });
      const rows = within(table).getAllByRole('row');
      expect(rows.map((row) => row.querySelector('th')?.firstChild?.textContent)).toEqual([
        'الفجر',
        'الشروق',
        'الظهر',
        'العصر',
        'المغرب',
        'العشاء',
      ]);
      // Times with Arabic-Indic digits (12:17 is Dhuhr).
      expect(rows[2]?.querySelector('td')).toHaveTextContent(/^١٢:١٧/);
      expect(screen.getByText(/^الظهر بعد ساعتين و١٧ دقيقة/)).toBeInTheDocument();
      const method = screen.getByLabelText('طريقة الحساب');
      expect(method).toHaveDisplayValue('الافتراضي: أم القرى');
      expect(method).toHaveAccessibleDescription(
        /^الافتراضي: أم القرى، الطريقة المتبعة في المملكة العربية السعودية/,
      );
      // No English sentence left on the page (the city's name and technical tokens aside).
      const text = document.body.textContent ?? '';
      expect(text).not.toMatch(/\b(the|and|of|your|Prayer|times)\b/);
    } finally {
      cleanup();
      await activateLocale('en');
    }
  });
});
