import { describe, expect, it } from 'vitest';
import { hasHiddenCharacter } from './hiddenText';

describe('hasHiddenCharacter (docs/behaviour.md#names-text)', () => {
  it.each([
    'Amina',
    'مهر\u200cناز', // Persian with a zero-width non-joiner
    'Ali \u{1f468}\u200d\u{1f469}\u200d\u{1f467}', // an emoji joined by ZWJ
    'Ali \u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}', // Scotland's flag
  ])('keeps %s', (text) => {
    expect(hasHiddenCharacter(text)).toBe(false);
  });

  it.each([
    'Ali\u200bBaba',
    '\ufeffAli',
    'Ali\u202eexe',
    'Ali\u{e0041}',
    'Ali\u2066x\u2069',
    'a\nb',
  ])('refuses %j', (text) => {
    expect(hasHiddenCharacter(text)).toBe(true);
  });

  it('allows what a field allows', () => {
    expect(hasHiddenCharacter('line one\nline two\ttab', '\n\r\t')).toBe(false);
  });
});
