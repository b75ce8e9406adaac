import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './PrayerTimesPage.module.css';

/**
 * A drop-down list whose chosen option is shown whole, on as many lines as it needs
 * (docs/prayer-times.md#on-a-phone): a closed <select> shows one line, and cut "Default:
 * Moonsighting Committee Worldwide" on a phone. The list stays the browser's own (its picker
 * on a phone, its keyboard, its name, value and description for screen readers), laid
 * transparent over the text it shows.
 */
export function WholeSelect({
  shown,
  disabled = false,
  children,
}: {
  /** The chosen option's text. */
  shown: string;
  disabled?: boolean;
  /** The <select>. */
  children: ReactNode;
}) {
  return (
    <div className={styles.wholeSelect} data-disabled={disabled || undefined}>
      <span className={styles.wholeSelectText} aria-hidden="true">
        {shown}
      </span>
      <ChevronDown size={18} aria-hidden="true" className={styles.wholeSelectIcon} />
      {children}
    </div>
  );
}
