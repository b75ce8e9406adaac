import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { cookieBanner } from '../../content/site';
import { onConsentBannerRequest, readConsent, writeConsent, type Consent } from '../../lib/consent';
import styles from './CookieBanner.module.css';

export const BANNER_DELAY_MS = 1000;

/** Appears 1 s after load when no choice is stored; Accept and Reject look the same. */
export function CookieBanner() {
  const { _ } = useLingui();
  const [visible, setVisible] = useState(false);
  const focusOnShow = useRef(false);
  const firstButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The banner's code is running and has looked for a stored choice (its timer, if any, is
    // set): the mark a test waits for before it checks that nothing appeared (e2e/README.md).
    document.documentElement.dataset.consentBanner = 'ready';
    if (readConsent()) return;
    const timer = window.setTimeout(() => setVisible(true), BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(
    () =>
      onConsentBannerRequest(() => {
        focusOnShow.current = true;
        setVisible(true);
      }),
    [],
  );

  useEffect(() => {
    if (visible && focusOnShow.current) {
      focusOnShow.current = false;
      firstButton.current?.focus();
    }
  }, [visible]);

  if (!visible) return null;

  const choose = (consent: Consent) => {
    writeConsent(consent);
    setVisible(false);
  };

  return (
    <section
      className={styles.banner}
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
    >
      <div className={styles.text}>
        <h2 id="cookie-banner-title" className={styles.title}>
          {_(cookieBanner.title)}
        </h2>
        <p className={styles.body}>
          {_(cookieBanner.text)} <Link to="/privacy">{_(cookieBanner.privacyLink)}</Link>
        </p>
      </div>
      <div className={styles.actions}>
        <Button
          ref={firstButton}
          variant="primary"
          className={styles.choice}
          onClick={() => choose('rejected')}
        >
          {_(cookieBanner.reject)}
        </Button>
        <Button variant="primary" className={styles.choice} onClick={() => choose('accepted')}>
          {_(cookieBanner.accept)}
        </Button>
      </div>
    </section>
  );
}
