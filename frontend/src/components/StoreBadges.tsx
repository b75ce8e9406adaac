import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useConfig } from '../lib/configContext';
import { When } from './When';
import styles from './StoreBadges.module.css';

type Store = 'play' | 'apple';

/* eslint-disable lingui/no-unlocalized-strings -- SVG path data */
const marks: Record<Store, string> = {
  play: 'M4 2.5v19l10-9.5zm11.4 8.2 2.9-2.8L6 1.3zm0 2.6L6 22.7l12.3-6.6zm1.2-1.3 3.4 1.8c.7-.4.7-1.5 0-1.9l-3.4-1.8-1.2 1z',
  apple:
    'M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM13.9 4.9c.7-.9 1.2-2 1-3.2-1 0-2.2.7-2.9 1.6-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4z',
};
/* eslint-enable lingui/no-unlocalized-strings */

function Mark({ store }: { store: Store }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={marks[store]} fill="currentColor" />
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
