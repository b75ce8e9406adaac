import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { accountStyles } from '../../components/AccountFrame';
import { activeLocale } from '../../lib/i18n/catalogs';
import { localizePath } from '../../lib/i18n/locales';
import type { Welcome } from '../../lib/profileArrival';
import styles from './ProfilePage.module.css';

interface WelcomePanelProps {
  welcome: Welcome;
  /** Two-factor is on already: the step is not offered. */
  twoFactorOn: boolean;
  /** Opens the Security tab at two-factor authentication. */
  onTwoFactor: () => void;
}

/**
 * Under the profile's heading after signing in or confirming a new account: what the person
 * can do next, only with what the site has (docs/behaviour.md#accounts-profile).
 */
export function WelcomePanel({ welcome, twoFactorOn, onTwoFactor }: WelcomePanelProps) {
  return (
    <section className={styles.welcome} aria-labelledby="profile-welcome-title">
      <h2 id="profile-welcome-title" className={styles.welcomeTitle}>
        {welcome === 'newAccount' ? (
          <Trans>Your account is ready</Trans>
        ) : (
          <Trans>You are signed in</Trans>
        )}
      </h2>
      <p>
        <Trans>What you can do next:</Trans>
      </p>
      <ul className={styles.nextSteps}>
        {twoFactorOn ? null : (
          <li>
            <Trans>
              <button type="button" className={accountStyles.linkButton} onClick={onTwoFactor}>
                Turn on two-factor authentication
              </button>
              : signing in will take a code from your phone as well as your password.
            </Trans>
          </li>
        )}
        <li>
          <Trans>
            <Link to="/tracker" className={accountStyles.inlineLink}>
              Track your prayers
            </Link>
            : your marks stay in this browser until you turn on sync there, to keep them with your
            account on every device.
          </Trans>
        </li>
        <li>
          {/* A full page load, as the bar's: only that page's response lets it ask for the
              visitor's location (docs/prayer-times.md#privacy). */}
          <a
            href={localizePath('/prayer-times', activeLocale())}
            className={accountStyles.inlineLink}
          >
            <Trans>See the prayer times for your city</Trans>
          </a>
        </li>
        <li>
          <Trans>
            <Link to="/join" className={accountStyles.inlineLink}>
              Join the waitlist
            </Link>{' '}
            to hear about new releases of the app.
          </Trans>
        </li>
      </ul>
    </section>
  );
}
