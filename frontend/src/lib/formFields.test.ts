import { z } from 'zod';
import { emailAddressField, emailPatternField } from './emailField';
import { personNameField } from './nameField';

/** Every message zod reports for `value`, in order (a form shows the first). */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the one email rule (lib/emailField.ts), used by every form', () => {
  it('says only that an empty address is required', () => {
    expect(issues(emailPatternField, '  ')).toEqual(['Email is required']);
    expect(issues(emailAddressField, '')).toEqual(['Email is required']);
  });

  it('says an address off the pattern is invalid', () => {
    expect(issues(emailAddressField, 'amina@example')).toEqual(['Email is invalid']);
  });

  it("adds the server's rules for an address it will send to, not for sign-in", () => {
    const local = `${'a'.repeat(65)}@example.com`;
    expect(issues(emailAddressField, local)).toEqual([
      'The part before the @ must be at most 64 characters',
    ]);
    expect(issues(emailPatternField, local)).toEqual([]);
  });

  it('leaves a form-level rule its say beside an empty address', () => {
    const form = z
      .object({ email: emailAddressField, agreed: z.boolean() })
      .refine((value) => value.agreed, { error: 'Please agree', path: ['agreed'] });
    expect(issues(form, { email: '', agreed: false })).toEqual([
      'Email is required',
      'Please agree',
    ]);
  });
});

describe('the one name rule (lib/nameField.ts)', () => {
  it('requires a name and refuses a hidden character', () => {
    expect(issues(personNameField(), ' ')).toEqual(['Name is required']);
    expect(issues(personNameField(), 'Ami\u200bna')).toEqual([
      'Name contains an invisible or control character; please retype it',
    ]);
    expect(issues(personNameField(), ' Amina ')).toEqual([]);
  });

  it("checks a form's limit with the form's own message", () => {
    const limited = personNameField({ max: 3, error: () => 'At most 3' });
    expect(issues(limited, 'Amina')).toEqual(['At most 3']);
    expect(issues(limited, 'Ali')).toEqual([]);
  });
});
