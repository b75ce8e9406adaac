import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { noStoredAccount, storedAccount, subscribeStoredAccount } from '../../lib/storedSession';
import navStyles from './NavBar.module.css';
import styles from './AccountNav.module.css';

// The signed-in menu and its sign-out: a chunk of its own, loaded only in a browser that has a
// session. Every public page's HTML (and a signed-out visitor) needs only 'Sign in'.
const loadMenu = () => import('./AccountMenu');
const AccountMenu = lazy(() => loadMenu().then((m) => ({ default: m.AccountMenu })));
const PanelAccountMenu = lazy(() => loadMenu().then((m) => ({ default: m.PanelAccountMenu })));

/** The signed-in account of this browser ('' without an address), or null; signed out in the
 * prerendered HTML and while hydrating, the stored session right after (lib/storedSession.ts). */
function useStoredAccount(): string | null {
  return useSyncExternalStore(subscribeStoredAccount, storedAccount, noStoredAccount);
}

/** The account in the navigation bar: 'Sign in', or, signed in, its menu (AccountMenu.tsx). */
export function AccountNav() {
  const account = useStoredAccount();
  if (account === null) {
    return (
      <Link to="/login" className={`${navStyles.barLink} ${styles.signIn}`}>
        <Trans>Sign in</Trans>
      </Link>
    );
  }
  return (
    <Suspense>
      <AccountMenu account={account} />
    </Suspense>
  );
}

/** The phone panel's part: 'Sign in', or the account with My Profile and Sign Out. */
export function PanelAccount({ onNavigate }: { onNavigate: () => void }) {
  const account = useStoredAccount();
  if (account === null) {
    return (
      <Link to="/login" className={navStyles.menuLink} onClick={onNavigate}>
        <Trans>Sign in</Trans>
      </Link>
    );
  }
  return (
    <Suspense>
      <PanelAccountMenu account={account} onNavigate={onNavigate} />
    </Suspense>
  );
}
