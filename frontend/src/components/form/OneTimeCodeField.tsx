import { useLingui } from '@lingui/react/macro';
import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './TextField';

type OneTimeCodeFieldProps = Omit<
  TextFieldProps,
  'label' | 'autoComplete' | 'inputMode' | 'type' | 'spellCheck' | 'autoCapitalize'
> & {
  /** `totp`: the 6-digit code of an authenticator app; `recovery`: a saved recovery code. */
  kind: 'totp' | 'recovery';
};

/**
 * The field for a second-factor code: numeric keyboard and one-time-code autofill for an
 * authenticator app's code; no autocorrection for a recovery code. The codes are Latin letters
 * and digits, so the input is left to right in every language.
 */
export const OneTimeCodeField = forwardRef<HTMLInputElement, OneTimeCodeFieldProps>(
  function OneTimeCodeField({ kind, ...props }, ref) {
    const { t } = useLingui();
    return kind === 'totp' ? (
      <TextField
        ref={ref}
        label={t`Authentication code`}
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
