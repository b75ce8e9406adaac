import { useEffect, useState } from 'react';
import { accountStyles } from '../../components/AccountFrame';
import { activityText, activityWhere, listActivity, type ActivityEntry } from './activity';
import { formatWhen } from './devices';
import styles from './ProfilePage.module.css';

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
        Recent activity
      </h2>
      {failed ? (
        <div className={accountStyles.alert} role="alert">
          <p>Your recent activity could not be loaded. Please reload the page.</p>
        </div>
      ) : entries === null ? (
        <p role="status">Loading your recent activity…</p>
      ) : entries.length === 0 ? (
        <p>No recent activity yet.</p>
      ) : (
        <>
          <p className={styles.status}>
            Sign-ins and changes to how you sign in, newest first. Not you? Change your password and
            sign out the devices you do not know.
          </p>
          <ul className={styles.activity}>
            {entries.map((entry, index) => (
              <li key={`${entry.created_at}-${String(index)}`} className={styles.activityEntry}>
                <p className={styles.deviceName}>{activityText(entry)}</p>
                <p className={styles.deviceMeta}>
                  <time dateTime={entry.created_at}>{formatWhen(entry.created_at)}</time> ·{' '}
                  {activityWhere(entry)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
