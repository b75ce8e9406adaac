import { describe, expect, it } from 'vitest';
import { intlLocale, LOCALES, localizePath, splitLocalePath } from './locales';

describe('language prefixes', () => {
  it('splits an address into its language and the route path', () => {
    expect(splitLocalePath('/')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocalePath('/help')).toEqual({ locale: 'en', path: '/help' });
    expect(splitLocalePath('/ar/')).toEqual({ locale: 'ar', path: '/' });
    expect(splitLocalePath('/ar')).toEqual({ locale: 'ar', path: '/' });
    expect(splitLocalePath('/ur/features/qibla-direction')).toEqual({
      locale: 'ur',
      path: '/features/qibla-direction',
    });
    // Not a language of ours, or English spelled out: an English path (a 404 if unknown).
    expect(splitLocalePath('/de/help')).toEqual({ locale: 'en', path: '/de/help' });
    expect(splitLocalePath('/en/help')).toEqual({ locale: 'en', path: '/en/help' });
    expect(splitLocalePath('/arabic')).toEqual({ locale: 'en', path: '/arabic' });
  });

  it('puts a route path in a language, and back', () => {
    expect(localizePath('/', 'en')).toBe('/');
    expect(localizePath('/help', 'en')).toBe('/help');
    expect(localizePath('/', 'tr')).toBe('/tr/');
    expect(localizePath('/help', 'fr')).toBe('/fr/help');
    for (const { code } of LOCALES) {
      for (const path of ['/', '/help', '/features/night-mode']) {
        expect(splitLocalePath(localizePath(path, code))).toEqual({ locale: code, path });
      }
    }
  });

  it('writes Arabic with Arabic-Indic digits and the others with Latin digits', () => {
    const digits = (code: (typeof LOCALES)[number]['code']) =>
      new Intl.NumberFormat(intlLocale(code)).format(1234567890);
    expect(digits('ar')).toMatch(/^[٠-٩٬]+$/);
    for (const code of ['en', 'ur', 'id', 'tr', 'fr'] as const) {
      expect(digits(code).replace(/\D/g, '')).toBe('1234567890');
    }
    expect(LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar', 'ur']);
  });
});
