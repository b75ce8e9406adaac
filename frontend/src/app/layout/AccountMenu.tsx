import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { initialOf } from '../../lib/storedSession';
import navStyles from './NavBar.module.css';
import styles from './AccountNav.module.css';

/**
 * Signs out every session of the account, as the profile's 'Sign Out' does
 * (docs/behaviour.md#accounts-signout), then the sign-in screen. supabase-js and the toasts are
 * loaded on click: the public pages' JavaScript stays free of them (frontend/README.md).
 */
function useSignOut(onDone?: () => void): { signingOut: boolean; signOut: () => void } {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    const [{ getSupabase }, { default: toast }] = await Promise.all([
      import('../../lib/supabase'),
      import('react-hot-toast/headless'),
    ]);
    let failed = false;
    try {
      // 401/403/404 from the server mean "already signed out": the client reports no error.
      const { error } = await (await getSupabase()).auth.signOut();
      failed = Boolean(error);
    } catch {
      failed = true; // the client did not load
    }
    setSigningOut(false);
    if (failed) {
      toast.error(t`Failed to sign out`);
      return;
    }
    toast.success(t`Signed out`);
    onDone?.();
    navigate('/login', { replace: true });
  };
  return { signingOut, signOut: () => void signOut() };
}

/**
 * The signed-in account in the navigation bar: the address's initial opening a small menu (My
 * Profile, Sign Out). A disclosure: the button says whether it is open; Escape closes it (focus
 * back on the button), and so does a click outside it or moving the focus out of it.
 */
export function AccountMenu({ account }: { account: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { signingOut, signOut } = useSignOut(() => setOpen(false));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    // A click or the focus outside it (Tab past its last item).
    const onPointer = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onPointer);
    document.addEventListener('focusin', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onPointer);
      document.removeEventListener('focusin', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className={styles.account}>
      <button
        ref={button}
        type="button"
        className={styles.avatar}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t`Your account`}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{initialOf(account)}</span>
      </button>
      <div id={menuId} className={styles.popup} hidden={!open}>
        {account ? (
          <p className={styles.email}>
            <bdi>{account}</bdi>
          </p>
        ) : null}
        <ul className={styles.list}>
          <li>
            <Link to="/profile" className={styles.item} onClick={() => setOpen(false)}>
              <Trans>My Profile</Trans>
            </Link>
          </li>
          <li>
            <button type="button" className={styles.item} onClick={signOut} disabled={signingOut}>
              {signingOut ? <Trans>Signing out…</Trans> : <Trans>Sign Out</Trans>}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

/** The phone panel's part, signed in: the account with My Profile and Sign Out. */
export function PanelAccountMenu({
  account,
  onNavigate,
}: {
  account: string;
  onNavigate: () => void;
}) {
  const { signingOut, signOut } = useSignOut(onNavigate);
  return (
    <section className={styles.panel} aria-labelledby="panel-account">
      <h2 id="panel-account" className={styles.panelHeading}>
        <span className={styles.panelAvatar} aria-hidden="true">
          {initialOf(account)}
        </span>
        <span>
          <Trans>Your account</Trans>
          {account ? (
            <span className={styles.panelEmail}>
              <bdi>{account}</bdi>
            </span>
          ) : null}
        </span>
      </h2>
      <ul className={navStyles.menuList}>
        <li>
          <Link to="/profile" className={navStyles.menuLink} onClick={onNavigate}>
            <Trans>My Profile</Trans>
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={`${navStyles.menuLink} ${styles.panelButton}`}
            onClick={signOut}
            disabled={signingOut}
          >
            {signingOut ? <Trans>Signing out…</Trans> : <Trans>Sign Out</Trans>}
          </button>
        </li>
      </ul>
    </section>
  );
}
