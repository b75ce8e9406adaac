import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Logo } from '../../components/Logo';
import { SocialIcon } from '../../components/SocialIcon';
import { footer, socialLinks, storeLinks } from '../../content/site';
import { requestConsentBanner } from '../../lib/consent';
import { useConfig } from '../../lib/configContext';
import styles from './Footer.module.css';

function StoreBadge({
  href,
  label,
  kind,
}: {
  href: string;
  label: string;
  kind: 'play' | 'apple';
}) {
  return (
    <a href={href} className={styles.store}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {kind === 'play' ? (
          <path
            d="M4 2.5v19l10-9.5zm11.4 8.2 2.9-2.8L6 1.3zm0 2.6L6 22.7l12.3-6.6zm1.2-1.3 3.4 1.8c.7-.4.7-1.5 0-1.9l-3.4-1.8-1.2 1z"
            fill="currentColor"
          />
        ) : (
          <path
            d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM13.9 4.9c.7-.9 1.2-2 1-3.2-1 0-2.2.7-2.9 1.6-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4z"
            fill="currentColor"
          />
        )}
      </svg>
      <span>{label}</span>
    </a>
  );
}

export function Footer() {
  const { supportEmail, feedbackEmail, year, brand } = useConfig();
  const { _ } = useLingui();
  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <div className={styles.brandColumn}>
          <Logo />
          <p className={styles.description}>{_(footer.description)}</p>
          <div className={styles.stores}>
            <StoreBadge kind="play" href={storeLinks.play.href} label={_(storeLinks.play.label)} />
            <StoreBadge
              kind="apple"
              href={storeLinks.appStore.href}
              label={_(storeLinks.appStore.label)}
            />
          </div>
          <ul className={styles.social} aria-label={_(msg`Social media`)}>
            {socialLinks.map((link) => (
              <li key={link.network}>
                <a href={link.href} className={styles.socialLink} aria-label={link.label}>
                  <SocialIcon network={link.network} />
                </a>
              </li>
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
