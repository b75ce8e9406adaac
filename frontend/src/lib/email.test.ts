import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, emailProblem } from './email';

describe('emailProblem (the server rules of docs/behaviour.md#email-addresses)', () => {
  it.each([
    'amina@example.com',
    `${'a'.repeat(64)}@example.com`,
    'ali@müller.de',
    'a@example.みんな',
    'a@日本語ドメイン.jp',
    'a@пример.рф',
    'a@مثال.إختبار',
  ])('accepts %s', (email) => {
    expect(emailProblem(email)).toBeNull();
  });

  it.each([
    [`${'a'.repeat(65)}@example.com`, EMAIL_MESSAGES.localTooLong],
    [`a@${'b'.repeat(250)}.com`, EMAIL_MESSAGES.tooLong],
    ['josé@example.com', EMAIL_MESSAGES.nonAsciiLocal],
    ['محمد@example.com', EMAIL_MESSAGES.nonAsciiLocal],
    ['ali@\u0430pple.com', EMAIL_MESSAGES.mixedScripts],
    ['ali@\u03bfpenai.com', EMAIL_MESSAGES.mixedScripts],
  ])('refuses %s', (email, message) => {
    expect(emailProblem(email)).toBe(message);
  });

  it('leaves what the pattern refuses to the pattern', () => {
    expect(emailProblem('not an email')).toBeNull();
  });
});
