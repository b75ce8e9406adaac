import { resolveValue, useToaster } from 'react-hot-toast/headless';
import styles from './Toaster.module.css';

/**
 * react-hot-toast's headless store, whose defaults are the site's toast timings (success 2 s,
 * error and blank 4 s, loading until dismissed, at most 20: docs/behaviour.md#look-timings),
 * rendered with our CSS, so no runtime CSS-in-JS and no inline <style> element under the
 * Content-Security-Policy.
 */
export function Toaster() {
  const { toasts } = useToaster();
  const visible = toasts.filter((toast) => toast.visible);
  return (
    <div className={styles.region}>
      {visible.map((toast) => (
        <div
          key={toast.id}
          className={`${styles.toast} ${styles[toast.type] ?? ''}`}
          role={toast.ariaProps.role}
          aria-live={toast.ariaProps['aria-live']}
        >
          {resolveValue(toast.message, toast)}
        </div>
      ))}
    </div>
  );
}
