import type { ReactNode } from 'react';
import shadows from './ScrollShadows.module.css';

interface ScrollBoxProps {
  /** What the box holds ("Timetable for March 2026"): the name of its tab stop. */
  label: string;
  /** The box's size and which way it scrolls (the shadows are its own). */
  className?: string | undefined;
  children: ReactNode;
}

/**
 * A box that scrolls when its table is longer or wider than the page: focusable, so a keyboard
 * can scroll it (axe: scrollable-region-focusable), named, so the stop says what it is, and with
 * the scroll shadows (ScrollShadows.module.css) that show there is more.
 */
export function ScrollBox({ label, className, children }: ScrollBoxProps) {
  return (
    <div
      className={[shadows.scrollShadows, className].filter(Boolean).join(' ')}
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      {children}
    </div>
  );
}
