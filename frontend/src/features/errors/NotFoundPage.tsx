import { ButtonLink } from '../../components/Button';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p className={styles.text}>
        We could not find the page you were looking for. It may have moved, or the address may be
        mistyped.
      </p>
      <div className={styles.actions}>
        <ButtonLink to="/">Back to home</ButtonLink>
        <ButtonLink to="/help" variant="outline">
          Visit the Help Center
        </ButtonLink>
      </div>
    </section>
  );
}
