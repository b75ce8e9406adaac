/**
 * The profile's link to the prayer tracker, with whether its sync is on for this account in
 * this browser (docs/behaviour.md#tracker-sync-panel): the tracker keeps its marks on the
 * device, and syncing them with the account is a choice made on the tracker page.
 */
import { Trans } from '@lingui/react/macro';
import { ListChecks } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { trackerSyncsHere } from '../../lib/trackerOnDevice';
import styles from './ProfilePage.module.css';

export function TrackerLink({ account }: { account: string }) {
  const noteId = useId();
  const [syncing, setSyncing] = useState<{ account: string; on: boolean | null } | null>(null);
  useEffect(() => {
    let current = true;
    void trackerSyncsHere(account).then((on) => current && setSyncing({ account, on }));
    return () => {
      current = false;
    };
  }, [account]);
  const on = syncing?.account === account ? syncing.on : null;
  return (
    <>
      <Link
        to="/tracker"
        className={styles.back}
        aria-describedby={on === null ? undefined : noteId}
      >
        <ListChecks size={18} aria-hidden="true" />
        <Trans>Prayer tracker</Trans>
      </Link>
      {on === null ? null : (
        <p id={noteId} className={styles.trackerNote}>
          {on ? (
            <Trans>Sync is on in this browser.</Trans>
          ) : (
            <Trans>Sync is off in this browser: its marks stay here.</Trans>
          )}
        </p>
      )}
    </>
  );
}
