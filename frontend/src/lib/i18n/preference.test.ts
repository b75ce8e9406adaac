import { describe, expect, it } from 'vitest';
import {
  rememberedLocale,
  rememberedLocaleRedirect,
  rememberLocale,
  suggestedLocale,
} from './preference';

describe('the language choice', () => {
  it('is remembered in this browser and read back defensively', () => {
    expect(rememberedLocale()).toBeNull();
    rememberLocale('ur');
    expect(rememberedLocale()).toBe('ur');
    localStorage.setItem('language', 'xx');
    expect(rememberedLocale()).toBeNull();
  });

  it('takes a returning visitor from the English home page to theirs, and nowhere else', () => {
    expect(rememberedLocaleRedirect('en', '/')).toBeNull();
    rememberLocale('ar');
    expect(rememberedLocaleRedirect('en', '/')).toBe('/ar/');
    // A link to an English page, or a page in another language, is followed as it is.
    expect(rememberedLocaleRedirect('en', '/help')).toBeNull();
    expect(rememberedLocaleRedirect('fr', '/')).toBeNull();
    rememberLocale('en');
    expect(rememberedLocaleRedirect('en', '/')).toBeNull();
  });

  it("suggests the browser's first preferred language we have, until the visitor chooses", () => {
    expect(suggestedLocale(['id-ID', 'en-US'])).toBe('id');
    expect(suggestedLocale(['de-DE', 'tr'])).toBe('tr');
    expect(suggestedLocale(['en-GB', 'ar'])).toBeNull();
    expect(suggestedLocale(['de', 'es'])).toBeNull();
    rememberLocale('en');
    expect(suggestedLocale(['fr-FR'])).toBeNull();
  });
});
