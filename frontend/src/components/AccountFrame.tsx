import type { ReactNode } from 'react';
import styles from './AccountFrame.module.css';

/**
 * The classes of what goes inside the frame, shared by the auth and account screens: `form`,
 * `submit`, `links`, `inlineLink`, `centered`, `alert`, `notice`, `message`, `intro` (and
 * `page` for a screen that draws its own card).
 */
export { styles as accountStyles };

interface AccountFrameProps {
  eyebrow?: string;
  title: string;
  titleId: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The page frame of the account screens: a centred card under a short heading. */
export function AccountFrame({ eyebrow, title, titleId, intro, children }: AccountFrameProps) {
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.card}>
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
