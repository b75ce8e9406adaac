import {
  consentUpdate,
  initAnalytics,
  redactUrl,
  resetAnalyticsForTests,
  trackPageView,
} from './analytics';
import { writeConsent } from './consent';

const entries = () =>
  (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

describe('analytics', () => {
  afterEach(() => {
    resetAnalyticsForTests();
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('does nothing without a measurement id', () => {
    expect(initAnalytics('')).toBe(false);
    trackPageView('/');
    expect(window.dataLayer).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('denies every signal before the tag loads and turns automatic page views off', () => {
    expect(initAnalytics('G-UNIT')).toBe(true);
    const [first, second, third] = entries();
    expect(first).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
        functionality_storage: 'denied',
        personalization_storage: 'denied',
        security_storage: 'denied',
      },
    ]);
    expect(second?.[0]).toBe('js');
    expect(third).toEqual(['config', 'G-UNIT', { send_page_view: false, anonymize_ip: true }]);
    const script = document.head.querySelector('script');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-UNIT');
    expect(script?.async).toBe(true);
  });

  it('re-applies a stored acceptance right after the default', () => {
    writeConsent('accepted');
    initAnalytics('G-UNIT');
    expect(entries()[1]).toEqual(['consent', 'update', consentUpdate('accepted')]);
  });

  it('accepting grants analytics and functionality storage only', () => {
    initAnalytics('G-UNIT');
    writeConsent('accepted');
    expect(entries().at(-1)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', functionality_storage: 'granted' },
    ]);
    writeConsent('rejected');
    expect(entries().at(-1)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'denied', functionality_storage: 'denied' },
    ]);
  });

  it('never sends the token of an emailed link or a URL fragment', () => {
    expect(redactUrl('/account/delete/confirm?token=abc123')).toBe(
      '/account/delete/confirm?token=redacted',
    );
    expect(redactUrl('/unsubscribe?token=t&list=news')).toBe(
      '/unsubscribe?token=redacted&list=news',
    );
    expect(redactUrl('https://noor.example/auth/callback#access_token=secret')).toBe(
      'https://noor.example/auth/callback',
    );
    expect(redactUrl('/features?ref=home')).toBe('/features?ref=home');
    expect(redactUrl('/')).toBe('/');
  });

  it('sends page views with path, location and title', () => {
    initAnalytics('G-UNIT');
    document.title = 'Help Center — noor';
    trackPageView('/help');
    expect(entries().at(-1)).toEqual([
      'event',
      'page_view',
      { page_path: '/help', page_location: window.location.href, page_title: 'Help Center — noor' },
    ]);
  });
});
