/**
 * The shared messages of lib/ in the page's language: the server's English by error code, and
 * the form rules whose words are read when a form reports them (tests otherwise run in English).
 */
import { i18n } from '@lingui/core';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { emailAddressField } from './emailField';
import { hasHiddenCharacter, hiddenCharacterMessage } from './hiddenText';
import { catalogMessages } from './i18n/catalogs';
import type { LocaleCode } from './i18n/locales';
import { newPasswordRule, passwordHint } from './password';
import { authErrorMessage } from './session';
import { codeFailureMessage, WRONG_TOTP_CODE } from './twoFactor';

async function speak(locale: LocaleCode): Promise<void> {
  // The shared form rules and server messages are the 'forms' catalogue (lingui.config.ts).
  i18n.load(locale, await catalogMessages('forms', locale));
  i18n.activate(locale);
}

afterEach(() => i18n.activate('en'));

const rateLimited = {
  code: 'over_request_rate_limit',
  message: 'Too many requests. Please try again in 42 seconds.',
};

describe("the server's messages (authErrorMessage)", () => {
  it('are shown as the server wrote them in English', () => {
    expect(authErrorMessage(rateLimited, 'Could not sign in')).toBe(rateLimited.message);
    expect(authErrorMessage({ code: 'anything_else', message: 'Odd' }, 'Fallback')).toBe('Odd');
    expect(authErrorMessage(new Error(''), 'Fallback')).toBe('Fallback');
  });

  it("are translated by code in another language, with the server's number", async () => {
    await speak('fr');
    expect(authErrorMessage(rateLimited, 'Échec')).toBe(
      'Trop de requêtes. Veuillez réessayer dans 42 secondes.',
    );
    await speak('ar');
    expect(
      authErrorMessage(
        { code: 'over_email_send_rate_limit', message: 'Please try again in 2 seconds.' },
        'x',
      ),
    ).toBe('طلبات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد ثانيتين.');
  });

  it("give the screen's fallback for a code that is not shared, not English", async () => {
    await speak('tr');
    expect(authErrorMessage({ code: 'provider_disabled', message: 'Provider' }, 'Olmadı')).toBe(
      'Olmadı',
    );
    expect(codeFailureMessage({ code: 'mfa_verification_failed' }, WRONG_TOTP_CODE, 'x')).toMatch(
      /^Bu kod kabul edilmedi\./,
    );
  });
});

describe('the form rules of lib/', () => {
  it('report in the language of the page at the time they check', async () => {
    const form = z.object({
      email: emailAddressField,
      password: newPasswordRule(8, 'required'),
      name: z.string().refine((name) => !hasHiddenCharacter(name), hiddenCharacterMessage('Name')),
    });
    const messages = () =>
      form
        .safeParse({ email: '', password: 'short', name: 'A\u200bli' })
        .error?.issues.map((issue) => issue.message);
    expect(messages()).toEqual([
      'Email is required',
      'Password must be at least 8 characters',
      'Name contains an invisible or control character; please retype it',
    ]);
    expect(passwordHint(8)).toBe('At least 8 characters.');
    await speak('id');
    expect(messages()).toEqual([
      'Email wajib diisi',
      'Kata sandi minimal 8 karakter',
      'Nama berisi karakter tak terlihat atau karakter kontrol; silakan ketik ulang',
    ]);
    expect(passwordHint(8)).toBe('Minimal 8 karakter.');
  });
});
