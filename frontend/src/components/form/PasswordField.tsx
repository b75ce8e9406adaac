import { useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { activeLocale } from '../../lib/i18n/catalogs';
import { TextField, type TextFieldProps } from './TextField';
import styles from './PasswordField.module.css';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'adornment'>;

/**
 * A password input with a toggle button (named "Show {label}", the label in lower case, pressed
 * while visible). The label comes translated from the screen.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField({ label, ...props }, ref) {
    const { t } = useLingui();
    const [visible, setVisible] = useState(false);
    const field = label.toLocaleLowerCase(activeLocale());
    return (
      <TextField
        ref={ref}
        label={label}
        type={visible ? 'text' : 'password'}
        // The same direction shown or hidden; passwords are typed like codes, left to right.
        dir="ltr"
        spellCheck={false}
        autoCapitalize="none"
        {...props}
        adornment={
          <button
            type="button"
            className={styles.reveal}
            aria-label={t({
              message: `Show ${field}`,
              comment:
                'Names the button that shows a password as typed; {field} is the field\'s label in lower case ("password", "new password").',
            })}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? (
              <EyeOff size={20} aria-hidden="true" />
            ) : (
              <Eye size={20} aria-hidden="true" />
            )}
          </button>
        }
      />
    );
  },
);
