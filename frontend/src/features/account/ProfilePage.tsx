import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '@supabase/supabase-js';
import { ArrowLeft, LogOut } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { LoadingState } from '../../components/LoadingState';
import type { ProfileArrival } from '../../lib/profileArrival';
import { useSession } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import {
  needsSecondFactor,
  TWO_FACTOR_PATH,
  verifiedTotp,
  type TwoFactorState,
} from '../../lib/twoFactor';
import { AccountInfoForm, accountName } from './AccountInfoForm';
import { syncAccountLocale } from './accountLocale';
import { ActivitySection } from './ActivitySection';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ConnectedAccounts } from './ConnectedAccounts';
import { DeleteAccountSection } from './DeleteAccountSection';
import { DevicesSection } from './DevicesSection';
import { DownloadDataSection } from './DownloadDataSection';
import { EmailAddress } from './EmailAddress';
import { TrackerLink } from './TrackerLink';
import { TwoFactorSection } from './TwoFactorSection';
import { WelcomePanel } from './WelcomePanel';
import { hasPassword } from './identities';
import { formatMemberSince } from './schema';
import styles from './ProfilePage.module.css';

const TABS: readonly { id: 'account' | 'security'; label: MessageDescriptor }[] = [
  { id: 'account', label: msg`Account Information` },
  { id: 'security', label: msg`Security` },
];
type TabId = (typeof TABS)[number]['id'];

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs (and select them). */
function Tabs({ active, onChange }: { active: TabId; onChange: (tab: TabId) => void }) {
  const { t, i18n } = useLingui();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.id === active);
    // The arrow that points along the line of text moves on: right to left in Arabic and Urdu.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward || event.key === 'ArrowDown') next = (index + 1) % TABS.length;
    if (event.key === backward || event.key === 'ArrowUp')
      next = (index - 1 + TABS.length) % TABS.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current[tab.id]?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label={t`Profile sections`}>
      {TABS.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            refs.current[tab.id] = element;
          }}
          type="button"
          role="tab"
          id={`profile-tab-${tab.id}`}
          aria-selected={active === tab.id}
          aria-controls={`profile-panel-${tab.id}`}
          tabIndex={active === tab.id ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(tab.id)}
          onKeyDown={onKeyDown}
        >
          {i18n._(tab.label)}
        </button>
      ))}
    </div>
  );
}

function Profile({
  user,
  version,
  onUserChanged,
}: {
  user: User;
  version: number;
  onUserChanged: () => void;
}) {
  const { t } = useLingui();
  const [pathname, navigate] = useLocation();
  const routeState = useHistoryState<ProfileArrival | null>();
  // A message passed in route state (/auth/callback: 'Your Google account is connected.', 'Your
  // email address is now …'; /auth/welcome: 'Your password is set. Welcome!'), and the welcome
  // after signing in or confirming the account, read once: the history entry drops them so a
  // reload does not repeat them.
  const [arrival] = useState(() => routeState);
  const notice = arrival?.message;
  const welcome = arrival?.welcome;
  const emailNotice = arrival?.section === 'email' ? notice : undefined;
  const pageNotice = arrival?.section === 'page' ? notice : undefined;
  useEffect(() => {
    if (notice || welcome) navigate(pathname, { replace: true, state: null });
  }, [notice, welcome, pathname, navigate]);
  const [tab, setTab] = useState<TabId>('account');
  // The welcome's 'Turn on two-factor authentication': the Security tab, at that section.
  const toTwoFactor = useRef(false);
  useEffect(() => {
    if (!toTwoFactor.current || tab !== 'security') return;
    toTwoFactor.current = false;
    document.getElementById('two-factor-title')?.focus();
  }, [tab]);
  const [signingOut, setSigningOut] = useState(false);
  const email = user.email ?? '';
  const memberSince = formatMemberSince(user.created_at);
  const name = accountName(user);

  const signOut = async () => {
    setSigningOut(true);
    const supabase = await getSupabase();
    // 401/403/404 from the server mean "already signed out": the client reports no error.
    const { error } = await supabase.auth.signOut();
    setSigningOut(false);
    if (error) {
      toast.error(t`Failed to sign out`);
      return;
    }
    toast.success(t`Signed out`);
    navigate('/login', { replace: true });
  };

  return (
    <section className={accountStyles.page} aria-labelledby="profile-title">
      <div className={styles.layout}>
        <aside className={styles.sidebar} aria-label={t`Your account`}>
          <div className={styles.avatar} aria-hidden="true">
            {(email.charAt(0) || '?').toUpperCase()}
          </div>
          {name ? (
            <p className={styles.name}>
              <bdi>{name}</bdi>
            </p>
          ) : null}
          <p className={styles.email}>
            <EmailAddress email={email} />
          </p>
          {memberSince ? (
            <p className={styles.since}>
              <Trans>
                Member since <time dateTime={user.created_at}>{memberSince}</time>
              </Trans>
            </p>
          ) : null}
          <Button
            variant="outline"
            className={styles.signOut}
            onClick={() => void signOut()}
            disabled={signingOut}
          >
            <LogOut size={18} aria-hidden="true" className="flip-rtl" />
            {signingOut ? <Trans>Signing out…</Trans> : <Trans>Sign Out</Trans>}
          </Button>
          <TrackerLink account={user.id} />
          <Link to="/" className={styles.back}>
            <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />
            <Trans>Back to home</Trans>
          </Link>
        </aside>
        <div className={styles.main}>
          <h1 id="profile-title" className={styles.title}>
            <Trans>My Profile</Trans>
          </h1>
          {pageNotice ? (
            <div className={accountStyles.notice} role="status">
              <p>{pageNotice}</p>
            </div>
          ) : null}
          {welcome ? (
            <WelcomePanel
              welcome={welcome}
              twoFactorOn={Boolean(verifiedTotp(user))}
              onTwoFactor={() => {
                toTwoFactor.current = true;
                setTab('security');
              }}
            />
          ) : null}
          <Tabs active={tab} onChange={setTab} />
          <div
            className={styles.panel}
            role="tabpanel"
            id="profile-panel-account"
            aria-labelledby="profile-tab-account"
            hidden={tab !== 'account'}
          >
            <h2 className={styles.panelTitle}>
              <Trans>Account Information</Trans>
            </h2>
            <AccountInfoForm user={user} onSaved={onUserChanged} />
            <ChangeEmailForm user={user} onRequested={onUserChanged} notice={emailNotice} />
            <ConnectedAccounts
              user={user}
              onChanged={onUserChanged}
              notice={arrival?.section ? undefined : notice}
            />
            <DownloadDataSection />
            <DeleteAccountSection user={user} />
          </div>
          <div
            className={styles.panel}
            role="tabpanel"
            id="profile-panel-security"
            aria-labelledby="profile-tab-security"
            hidden={tab !== 'security'}
          >
            <ChangePasswordForm hasPassword={hasPassword(user)} onPasswordSet={onUserChanged} />
            <TwoFactorSection user={user} onChanged={onUserChanged} />
            {/* Reloaded after a two-factor change: turning it on signs other devices out. */}
            {tab === 'security' ? <DevicesSection key={version} /> : null}
            {tab === 'security' ? <ActivitySection key={`activity-${String(version)}`} /> : null}
          </div>
        </div>
      </div>
    </section>
  );
}

/** /profile: guarded; the only public-facing wait for the auth lookup is here. */
export default function ProfilePage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const session = useSession((event) => {
    // A recovery link opened in another tab of this browser: finish it on the reset screen.
    if (event === 'PASSWORD_RECOVERY') {
      navigate('/auth/reset-password', { state: { recovery: true } });
    }
  });
  const [user, setUser] = useState<User | null>(null);
  // Two-factor on but not passed in this session: the profile waits for the code.
  const [owesCode, setOwesCode] = useState<boolean | null>(null);
  const [version, setVersion] = useState(0);
  // The account whose stored language was compared with the page's (and updated if needed).
  const localeSynced = useRef<string | null>(null);
  // Re-checked whenever the session's token changes (another tab may have signed in again or
  // passed the code).
  const accessToken = session.session?.access_token;

  useEffect(() => {
    if (!accessToken) return;
    let active = true;
    void getSupabase().then(async (supabase) => {
      const owed = await needsSecondFactor(supabase);
      if (!active) return;
      setOwesCode(owed);
      if (owed) return;
      // The server's view of the account (creation date, email, name, factors), not only
      // the cached copy.
      const { data } = await supabase.auth.getUser();
      if (!active || !data.user) return;
      setUser(data.user);
      // Later emails in the language of this page (once per account loaded, silently).
      if (localeSynced.current !== data.user.id) {
        localeSynced.current = data.user.id;
        await syncAccountLocale(supabase, data.user);
      }
    });
    return () => {
      active = false;
    };
  }, [accessToken, version]);

  if (session.status === 'loading' || (session.status === 'signedIn' && owesCode === null)) {
    return (
      <section className={accountStyles.page} aria-label={t`My Profile`}>
        <LoadingState label={t`Loading your account…`} />
      </section>
    );
  }
  if (session.status === 'signedOut') return <Redirect to="/login" replace />;
  if (owesCode) {
    const state: TwoFactorState = { from: '/profile' };
    return <Redirect to={TWO_FACTOR_PATH} replace state={state} />;
  }
  const current = user && user.id === session.session.user.id ? user : session.session.user;
  return (
    <Profile user={current} version={version} onUserChanged={() => setVersion((v) => v + 1)} />
  );
}
