import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useConfig } from '../lib/configContext';
import marks from '../assets/marks.svg';
import { When } from './When';
import styles from './StoreBadges.module.css';

type Store = 'play' | 'apple';

/** The store's mark, from the marks file (assets/marks.svg, as SocialIcon). */
function Mark({ store }: { store: Store }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <use href={`${marks}#${store}`} />
    </svg>
  );
}

/** A store's listing (a plain link: its address is a placeholder while prerendering). */
function Listing({ store, href, children }: { store: Store; href: string; children: ReactNode }) {
  return (
    <a href={href} className={styles.badge}>
      <Mark store={store} />
      <span>{children}</span>
    </a>
  );
}

/** The two listings, for a page that shows them only once the app is out (inside a `When`). */
export function DownloadBadges() {
  const { appStoreUrl, playStoreUrl } = useConfig();
  return (
    <div className={styles.badges} data-testid="store-badges">
      <Listing store="play" href={playStoreUrl}>
        <Trans>Download on Google Play</Trans>
      </Listing>
      <Listing store="apple" href={appStoreUrl}>
        <Trans>Download on the App Store</Trans>
      </Listing>
    </div>
  );
}

/**
 * Both store buttons in either launch state (docs/behaviour.md#pages-launch): before the launch
 * each says the app is coming and leads to the waitlist, after it each opens its listing.
 */
export function StoreBadges() {
  return (
    <>
      <When when="coming">
        <div className={styles.badges} data-testid="store-badges">
          <Link to="/join" className={styles.badge}>
            <Mark store="play" />
            <span>
              <Trans>
                Coming soon to Google Play<span className="sr-only">: join the waitlist</span>
              </Trans>
            </span>
          </Link>
          <Link to="/join" className={styles.badge}>
            <Mark store="apple" />
            <span>
              <Trans>
                Coming soon to the App Store<span className="sr-only">: join the waitlist</span>
              </Trans>
            </span>
          </Link>
        </div>
      </When>
      <When when="launched">
        <DownloadBadges />
      </When>
    </>
  );
}
