import { Trans as TransMessage } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { accountStyles } from '../../components/AccountFrame';
import {
  activityDevice,
  activityText,
  listActivity,
  type ActivityEntry,
  type ActivityText,
} from './activity';
import { formatWhen } from './devices';
import styles from './ProfilePage.module.css';

/** An entry's sentence; the names in it (a provider, a device) isolated from its direction. */
function ActivityDescription({ text }: { text: ActivityText }) {
  if (typeof text === 'string') return <bdi>{text}</bdi>;
  const values = Object.fromEntries(
    Object.entries(text.values ?? {}).map(([key, value]) => [key, <bdi>{String(value)}</bdi>]),
  );
  return <TransMessage id={text.id} message={text.message} values={values} />;
}

/** Profile → Security: the account's last 20 security events, newest first. */
export function ActivitySection() {
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    listActivity()
      .then((found) => {
        if (active) setEntries(found);
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, []);

  return (
    <section className={styles.securitySection} aria-labelledby="activity-title">
      <h2 id="activity-title" className={styles.panelTitle}>
        <Trans>Recent activity</Trans>
      </h2>
      {failed ? (
        <div className={accountStyles.alert} role="alert">
          <p>
            <Trans>Your recent activity could not be loaded. Please reload the page.</Trans>
          </p>
        </div>
      ) : entries === null ? (
        <p role="status">
          <Trans>Loading your recent activity…</Trans>
        </p>
      ) : entries.length === 0 ? (
        <p>
          <Trans>No recent activity yet.</Trans>
        </p>
      ) : (
        <>
          <p className={styles.status}>
            <Trans>
              Sign-ins and changes to how you sign in, newest first. Not you? Change your password
              and sign out the devices you do not know.
            </Trans>
          </p>
          <ul className={styles.activity}>
            {entries.map((entry, index) => (
              <li key={`${entry.created_at}-${String(index)}`} className={styles.activityEntry}>
                <p className={styles.deviceName}>
                  <ActivityDescription text={activityText(entry)} />
                </p>
                <p className={styles.deviceMeta}>
                  <time dateTime={entry.created_at}>{formatWhen(entry.created_at)}</time> ·{' '}
                  <bdi>{activityDevice(entry)}</bdi>
                  {entry.ip ? (
                    <>
                      {' · '}
                      {/* An address or a network ("2001:db8:1::/48"): always left to right. */}
                      <bdi dir="ltr">{entry.ip}</bdi>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
