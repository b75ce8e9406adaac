import {
  DEFAULT_CONFIG,
  PLACEHOLDER_CONFIG,
  parseRuntimeConfig,
  readRuntimeConfig,
} from './config';
import { fillText } from './text';

describe('runtime config', () => {
  it('reads the JSON the server injects', () => {
    document.head.innerHTML =
      '<script id="runtime-config" type="application/json">{"brand":"sakina","supportEmail":"a@b.example","gaMeasurementId":"G-1","year":"2031"}</script>';
    const config = readRuntimeConfig();
    expect(config.brand).toBe('sakina');
    expect(config.supportEmail).toBe('a@b.example');
    expect(config.gaMeasurementId).toBe('G-1');
    expect(config.year).toBe('2031');
    expect(config.feedbackEmail).toBe(DEFAULT_CONFIG.feedbackEmail);
  });

  it('falls back to defaults on missing or broken JSON', () => {
    expect(parseRuntimeConfig(null)).toEqual(DEFAULT_CONFIG);
    expect(parseRuntimeConfig('{not json')).toEqual(DEFAULT_CONFIG);
    expect(parseRuntimeConfig('"a string"')).toEqual(DEFAULT_CONFIG);
    expect(parseRuntimeConfig('{"brand": 42}').brand).toBe(DEFAULT_CONFIG.brand);
  });

  it("reads the server's minimum password length, a positive whole number", () => {
    expect(DEFAULT_CONFIG.passwordMinLength).toBe(6);
    expect(parseRuntimeConfig('{"passwordMinLength":8}').passwordMinLength).toBe(8);
    for (const value of ['"8"', '0', '-1', '7.5', 'null']) {
      expect(parseRuntimeConfig(`{"passwordMinLength":${value}}`).passwordMinLength).toBe(6);
    }
  });

  it('keeps the known sign-in providers, in the order given, each once', () => {
    expect(DEFAULT_CONFIG.providers).toEqual([]);
    expect(PLACEHOLDER_CONFIG.providers).toEqual([]);
    expect(parseRuntimeConfig('{}').providers).toEqual([]);
    expect(parseRuntimeConfig('{"providers":["google","apple"]}').providers).toEqual([
      'google',
      'apple',
    ]);
    expect(parseRuntimeConfig('{"providers":["apple"]}').providers).toEqual(['apple']);
    expect(
      parseRuntimeConfig('{"providers":["github","google",7,null,"Google","google"]}').providers,
    ).toEqual(['google']);
    for (const value of ['"google"', '{"google":true}', 'null', '42']) {
      expect(parseRuntimeConfig(`{"providers":${value}}`).providers).toEqual([]);
    }
  });

  it('reads the store listings and the social profiles, each network a string or none', () => {
    expect(parseRuntimeConfig('{}').appStoreUrl).toBe('');
    const config = parseRuntimeConfig(
      '{"appStoreUrl":"https://a.example","playStoreUrl":"https://p.example",' +
        '"socialUrls":{"github":"https://github.com/noor","twitter":7,"myspace":"https://m.example"}}',
    );
    expect(config.appStoreUrl).toBe('https://a.example');
    expect(config.playStoreUrl).toBe('https://p.example');
    expect(config.socialUrls).toEqual({
      instagram: '',
      twitter: '',
      facebook: '',
      github: 'https://github.com/noor',
      linkedin: '',
    });
    expect(parseRuntimeConfig('{"socialUrls":null}').socialUrls).toEqual(DEFAULT_CONFIG.socialUrls);
    expect(PLACEHOLDER_CONFIG.socialUrls.linkedin).toBe('__RC_SOCIAL_LINKEDIN__');
  });

  it('fills content tokens', () => {
    expect(fillText('{brand} · {supportEmail} · {feedbackEmail}', DEFAULT_CONFIG)).toBe(
      'noor · support@noor.example · feedback@noor.example',
    );
  });
});
