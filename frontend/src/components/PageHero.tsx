import type { ReactNode } from 'react';
import styles from './PageHero.module.css';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}

/** The title banner at the top of inner pages (help, legal, features, guides). */
export function PageHero({ eyebrow, title, intro, children }: PageHeroProps) {
  return (
    <div className={styles.hero}>
      <div className={styles.inner}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {intro && <div className={styles.intro}>{intro}</div>}
        {children}
      </div>
    </div>
  );
}
