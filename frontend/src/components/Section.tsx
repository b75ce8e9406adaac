import type { ReactNode } from 'react';
import { useReveal } from '../lib/reveal';
import styles from './Section.module.css';

interface SectionProps {
  id?: string;
  labelledBy?: string;
  className?: string;
  narrow?: boolean;
  children: ReactNode;
}

/** A page section that animates in once when 30% visible. */
export function Section({ id, labelledBy, className, narrow, children }: SectionProps) {
  const ref = useReveal<HTMLElement>();
  return (
    <section
      ref={ref}
      id={id}
      aria-labelledby={labelledBy}
      className={[styles.section, className ?? ''].join(' ')}
    >
      <div className={narrow ? styles.narrow : styles.container}>{children}</div>
    </section>
  );
}

export function SectionHeader({
  id,
  title,
  intro,
  eyebrow,
}: {
  id: string;
  title: string;
  intro?: string;
  eyebrow?: string;
}) {
  return (
    <header className={styles.header}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {intro && <p className={styles.intro}>{intro}</p>}
    </header>
  );
}
