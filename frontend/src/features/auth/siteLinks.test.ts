import { activateLocale } from '../../lib/i18n/catalogs';
import { callbackPath } from '../../lib/providers';
import { isolate, returnUrl } from './siteLinks';

describe("the page's language in what the auth screens send", () => {
  afterEach(() => activateLocale('en'));

  it('brings the visitor back to the screen in their language', async () => {
    const origin = window.location.origin;
    expect(returnUrl('/auth/callback')).toBe(`${origin}/auth/callback`);
    await activateLocale('ar');
    expect(returnUrl('/auth/callback')).toBe(`${origin}/ar/auth/callback`);
    expect(returnUrl('/auth/reset-password')).toBe(`${origin}/ar/auth/reset-password`);
    await activateLocale('fr');
    expect(returnUrl(callbackPath())).toBe(`${origin}/fr/auth/callback`);
  });

  it('isolates an address inside a sentence on a right-to-left page only', async () => {
    expect(isolate('amina@example.com')).toBe('amina@example.com');
    await activateLocale('ur');
    expect(isolate('amina@example.com')).toBe('\u2068amina@example.com\u2069');
  });
});
