import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Redirect, useLocation } from 'wouter';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { EmailField } from '../../components/form/PersonFields';
import { LoadingState } from '../../components/LoadingState';
import { useText } from '../../lib/configContext';
import { useSession } from '../../lib/session';
import { TWO_FACTOR_PATH, type TwoFactorState } from '../../lib/twoFactor';
import { NewPasswordForm } from './NewPasswordForm';
import { WELCOME_PATH } from './paths';
import { useSecondFactorOwed } from './secondFactorOwed';

/** The texts of the invitation's screen (docs/behaviour.md#accounts-invite). */
export const WELCOME_TEXTS = {
  title: msg`Welcome to {brand}`,
  intro: msg`Choose a password to finish setting up your account.`,
  /** Shown once on the profile, under its heading. */
  done: msg`Your password is set. Welcome!`,
  failed: msg`Failed to set password`,
} as const;

/** The profile's route state: the message (in the page's language), under the page's heading. */
function welcomeDoneState(message: string) {
  return { message, section: 'page' } as const;
}

/** The form, for a session that owes nothing more. */
function ChoosePassword({ email }: { email: string }) {
  const { t, i18n } = useLingui();
  const text = useText();
  const [, navigate] = useLocation();
  // An invited account has no password yet, so the server asks for no current one
  // (docs/behaviour.md#accounts-password-change); setting it adds the email sign-in.
  const onSaved = () =>
    navigate('/profile', { replace: true, state: welcomeDoneState(i18n._(WELCOME_TEXTS.done)) });

  return (
    <AccountFrame
      eyebrow={t`Account`}
      title={text(WELCOME_TEXTS.title)}
      titleId="welcome-title"
      intro={<p>{i18n._(WELCOME_TEXTS.intro)}</p>}
    >
      <NewPasswordForm
        titleId="welcome-title"
        submitLabel={t`Set Password`}
        failedMessage={i18n._(WELCOME_TEXTS.failed)}
        onSaved={onSaved}
      >
        {/* The address, read-only: the account being set up, and the user name a password
            manager saves with the new password. */}
        <EmailField label={t`Email`} autoComplete="username" value={email} readOnly />
      </NewPasswordForm>
    </AccountFrame>
  );
}

/**
 * /auth/welcome: where /auth/callback sends an invitation's link (`type=invite`), which signed
 * the invited person in to their new account; it has no password yet. Signed out: /login. A
 * session that still owes its second factor passes it first, then returns here.
 */
export default function WelcomePage() {
  const { t } = useLingui();
  const session = useSession();
  const owed = useSecondFactorOwed(session.session?.user.id);

  if (session.status === 'signedOut') return <Redirect to="/login" replace />;
  if (session.status === 'loading' || owed === null) {
    return (
      <section className={styles.page} aria-label={t`Welcome`}>
        <LoadingState label={t`Loading your account…`} />
      </section>
    );
  }
  if (owed) {
    const state: TwoFactorState = { from: WELCOME_PATH };
    return <Redirect to={TWO_FACTOR_PATH} replace state={state} />;
  }
  return <ChoosePassword email={session.session.user.email ?? ''} />;
}
