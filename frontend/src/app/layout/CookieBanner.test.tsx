import { act, render, screen } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { requestConsentBanner } from '../../lib/consent';
import { BANNER_DELAY_MS, CookieBanner } from './CookieBanner';

function renderBanner() {
  return render(<CookieBanner />);
}

describe('CookieBanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears one second after load when no choice is stored', () => {
    renderBanner();
    act(() => vi.advanceTimersByTime(BANNER_DELAY_MS - 1));
    expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('region', { name: 'Cookies and analytics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read our Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('stays away when a choice is stored', () => {
    localStorage.setItem('cookieConsent', 'rejected');
    renderBanner();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull();
  });

  it.each([
    ['Accept', 'accepted'],
    ['Reject', 'rejected'],
  ])('%s stores %s and hides the banner', async (button, stored) => {
    renderBanner();
    act(() => vi.advanceTimersByTime(BANNER_DELAY_MS));
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(localStorage.getItem('cookieConsent')).toBe(stored);
    expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull();
  });

  it('comes back on request to change the choice, focused on its first button', () => {
    localStorage.setItem('cookieConsent', 'accepted');
    renderBanner();
    act(() => requestConsentBanner());
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveFocus();
  });
});
