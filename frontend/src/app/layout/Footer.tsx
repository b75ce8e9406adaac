import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Logo } from '../../components/Logo';
import { SocialIcon } from '../../components/SocialIcon';
import { StoreBadges } from '../../components/StoreBadges';
import { When } from '../../components/When';
import { footer, socialLinks } from '../../content/site';
import { requestConsentBanner } from '../../lib/consent';
import { useConfig } from '../../lib/configContext';
import styles from './Footer.module.css';

export function Footer() {
  const { supportEmail, feedbackEmail, year, brand, socialUrls } = useConfig();
  const { _ } = useLingui();
  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <div className={styles.brandColumn}>
          <Logo />
          <p className={styles.description}>{_(footer.description)}</p>
          <StoreBadges />
          {/* Only the configured profiles; with none the list is empty and hidden (CSS). */}
          <ul className={styles.social} aria-label={_(msg`Social media`)}>
            {socialLinks.map((link) => (
              <When key={link.network} when={`social:${link.network}`}>
                <li>
                  <a
                    href={socialUrls[link.network]}
                    className={styles.socialLink}
                    aria-label={link.label}
                  >
                    <SocialIcon network={link.network} />
                  </a>
                </li>
              </When>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={styles.heading}>
            <Trans>Quick Links</Trans>
          </h2>
          <ul className={styles.list}>
            {footer.quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{_(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>
            <Trans>Contact</Trans>
          </h2>
          <ul className={styles.list}>
            <li>
              {/* An address reads left to right in every language. */}
              <a href={`mailto:${supportEmail}`} dir="ltr">
                {supportEmail}
              </a>
            </li>
            <li>
              <Link to="/help">
                <Trans>Help Center</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contact">
                <Trans>Contact form</Trans>
              </Link>
            </li>
            <li>
              <a href={`mailto:${feedbackEmail}`}>
                <Trans>Send feedback</Trans>
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className={styles.bottom}>
        <p className={styles.copyright}>
          <Trans>
            © {year} {brand}. All rights reserved.
          </Trans>
        </p>
        <ul className={styles.bottomLinks}>
          {footer.bottomLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{_(link.label)}</Link>
            </li>
          ))}
          <li>
            <button type="button" className={styles.linkButton} onClick={requestConsentBanner}>
              <Trans>Cookie settings</Trans>
            </button>
          </li>
        </ul>
      </div>
    </footer>
  );
}
