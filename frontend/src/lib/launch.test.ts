import { DEFAULT_CONFIG, PLACEHOLDER_CONFIG, type RuntimeConfig } from './config';
import { holds, isLaunched, isPrerendering } from './launch';

const launched: RuntimeConfig = {
  ...DEFAULT_CONFIG,
  appStoreUrl: 'https://apps.apple.com/app/id1',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=org.noor',
  socialUrls: { ...DEFAULT_CONFIG.socialUrls, github: 'https://github.com/noor' },
};

describe('launch state', () => {
  it('is coming until both store listings are configured', () => {
    expect(isLaunched(DEFAULT_CONFIG)).toBe(false);
    expect(isLaunched({ ...DEFAULT_CONFIG, appStoreUrl: launched.appStoreUrl })).toBe(false);
    expect(isLaunched(launched)).toBe(true);
  });

  it('decides each condition the way the server does (backend/app/web/pages.py)', () => {
    expect(holds('coming', DEFAULT_CONFIG)).toBe(true);
    expect(holds('launched', DEFAULT_CONFIG)).toBe(false);
    expect(holds('coming', launched)).toBe(false);
    expect(holds('launched', launched)).toBe(true);
    expect(holds('social:github', DEFAULT_CONFIG)).toBe(false);
    expect(holds('social:github', launched)).toBe(true);
    expect(holds('social:twitter', launched)).toBe(false);
  });

  it('knows the prerender, whose settings are placeholders', () => {
    expect(isPrerendering(PLACEHOLDER_CONFIG)).toBe(true);
    expect(isPrerendering(DEFAULT_CONFIG)).toBe(false);
    expect(isPrerendering(launched)).toBe(false);
  });
});
