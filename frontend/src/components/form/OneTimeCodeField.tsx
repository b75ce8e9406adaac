import { useLingui } from '@lingui/react/macro';
import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './TextField';

type OneTimeCodeFieldProps = Omit<
  TextFieldProps,
  'label' | 'autoComplete' | 'inputMode' | 'type' | 'spellCheck' | 'autoCapitalize'
> & {
  /** `totp`: the 6-digit code of an authenticator app; `email`: the 6-digit code of an email
   * (sign-in by email, sign-up confirmation, account deletion); `recovery`: a saved recovery
   * code. */
  kind: 'totp' | 'email' | 'recovery';
};

/**
 * The field for a one-time code: numeric keyboard and one-time-code autofill for the 6-digit
 * code of an authenticator app or of an email; no autocorrection for a recovery code. The codes
 * are Latin letters and digits, so the input is left to right in every language.
 */
export const OneTimeCodeField = forwardRef<HTMLInputElement, OneTimeCodeFieldProps>(
  function OneTimeCodeField({ kind, ...props }, ref) {
    const { t } = useLingui();
    return kind !== 'recovery' ? (
      <TextField
        ref={ref}
        label={kind === 'totp' ? t`Authentication code` : t`Code from the email`}
        dir="ltr"
        autoComplete="one-time-code"
        inputMode="numeric"
        {...props}
      />
    ) : (
      <TextField
        ref={ref}
        label={t`Recovery code`}
        dir="ltr"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...props}
      />
    );
  },
);
