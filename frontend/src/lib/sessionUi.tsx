/**
 * UI shared by the auth screens and the profile: the account-page frame, the password field
 * with its show/hide toggle, and the accessible loading state.
 */
import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type ReactNode } from 'react';
import { TextField, type TextFieldProps } from '../components/form/TextField';
import styles from './session.module.css';

export { styles as sessionStyles };

interface AccountFrameProps {
  eyebrow?: string;
  title: string;
  titleId: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

/** The page frame of the account screens: a centred card under a short heading. */
export function AccountFrame({
  eyebrow,
  title,
  titleId,
  intro,
  children,
  wide,
}: AccountFrameProps) {
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={wide ? styles.wideCard : styles.card}>
        <header className={styles.header}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 id={titleId} className={styles.title}>
            {title}
          </h1>
          {intro ? <div className={styles.intro}>{intro}</div> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'adornment'>;

/** A password input with a toggle button (named "Show {label}", pressed while visible). */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField({ label, ...props }, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <TextField
        ref={ref}
        label={label}
        type={visible ? 'text' : 'password'}
        spellCheck={false}
        autoCapitalize="none"
        {...props}
        adornment={
          <button
            type="button"
            className={styles.reveal}
            aria-label={`Show ${label.toLowerCase()}`}
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

/** A spinner with a status message screen readers announce. */
export function LoadingState({ label, visibleLabel }: { label: string; visibleLabel?: boolean }) {
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={visibleLabel ? styles.loadingText : 'sr-only'}>{label}</span>
    </div>
  );
}
