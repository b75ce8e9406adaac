import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '../../components/Button';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">
        <Trans>Page not found</Trans>
      </h1>
      <p className={styles.text}>
        <Trans>
          We could not find the page you were looking for. It may have moved, or the address may be
          mistyped.
        </Trans>
      </p>
      <div className={styles.actions}>
        <ButtonLink to="/">
          <Trans>Back to home</Trans>
        </ButtonLink>
        <ButtonLink to="/help" variant="outline">
          <Trans>Visit the Help Center</Trans>
        </ButtonLink>
      </div>
    </section>
  );
}
