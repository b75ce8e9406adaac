import styles from './LoadingState.module.css';

/** A spinner with a status message screen readers announce. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </div>
  );
}
