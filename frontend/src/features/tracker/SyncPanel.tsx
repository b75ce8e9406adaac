/**
 * The tracker page's sync panel (docs/behaviour.md#tracker-sync, "The sync panel"): signed out,
 * where the marks are and how to sync them; signed in without sync, the consent (what is
 * stored, where, how to delete it) and "Turn on sync"; with sync on, its status, "Sync now"
 * and "Turn off sync" behind a confirmation that says the server copy is deleted.
 *
 * The consent's words are those of sync.ts#CONSENT_VERSION: a change to what they say changes
 * the version (docs/behaviour.md#tracker-sync).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { CloudOff, RefreshCw } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/form/CheckboxField';
import { FormAlert } from '../../components/form/FormAlert';
import { ModalDialog, modalDialogStyles } from '../../components/ModalDialog';
import { activeLocale } from '../../lib/i18n/catalogs';
import { displayLocale } from '../../lib/i18n/displayLocale';
import { localizePath } from '../../lib/i18n/locales';
import { withReturnPath } from '../../lib/returnPath';
import { problemOf, type SyncProblem, type SyncStatus } from './sync';
import type { AccountTracker } from './useAccountTracker';
import pageStyles from './TrackerPage.module.css';
import styles from './SyncPanel.module.css';

/** What a failed sync, or a failed turning on or off, says (each one the person can act on). */
export const SYNC_PROBLEMS: Record<SyncProblem, MessageDescriptor> = {
  offline: msg`We could not reach the server: you seem to be offline. Your marks are kept in this browser and sync when you are back online.`,
  'signed-out': msg`Your session has ended. Sign in again to sync your marks; they are kept in this browser meanwhile.`,
  'turned-off': msg`Sync was turned off for your account on another device, and the server copy was deleted. Your marks are kept in this browser.`,
  refused: msg`The server refused the sync. Your marks are kept in this browser; try again later.`,
  storage: msg`This browser did not let the page read or keep your marks, so they could not be synced. Nothing was changed; try again later.`,
};

type Action =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; message: MessageDescriptor }
  | { kind: 'failed'; problem: SyncProblem };

export function SyncPanel({ tracker }: { tracker: AccountTracker }) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const [action, setActionState] = useState<Action>({ kind: 'idle' });
  // "Sync now" was pressed (since the last action): the sync's state is read out from then on.
  const [asked, setAsked] = useState(false);
  const setAction = (next: Action) => {
    setAsked(false);
    setActionState(next);
  };
  if (tracker.state === 'loading') return null;
  return (
    <section className={pageStyles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} tabIndex={-1} className={pageStyles.panelTitle}>
        <Trans>Sync across your devices</Trans>
      </h2>
      {/* One live region for every state, so each change of state is read out. */}
      <div role="status" className={styles.status}>
        {tracker.state === 'signedIn' ? (
          <SyncStatusText tracker={tracker} action={action} asked={asked} />
        ) : null}
      </div>
      {tracker.state === 'signedOut' ? (
        <SignedOut />
      ) : tracker.syncing ? (
        <SyncOn
          tracker={tracker}
          action={action}
          setAction={setAction}
          asked={asked}
          onSyncNow={() => {
            setActionState({ kind: 'idle' });
            setAsked(true);
            tracker.syncNow();
          }}
          onTurnedOff={() => title.current?.focus()}
        />
      ) : (
        <Consent tracker={tracker} action={action} setAction={setAction} />
      )}
    </section>
  );
}

function SignedOut() {
  // Signing in or up comes back here, to turn sync on (docs/behaviour.md#accounts-return-path).
  const here = localizePath('/tracker', activeLocale());
  return (
    <>
      <p className={pageStyles.hint}>
        <Trans>
          Your marks are kept in this browser only. To see them on your other devices, sign in and
          turn sync on.
        </Trans>
      </p>
      <p className={styles.links}>
        <Link to={withReturnPath('/login', here)}>
          <Trans>Sign in</Trans>
        </Link>
        <Link to={withReturnPath('/signup', here)}>
          <Trans>Create a free account</Trans>
        </Link>
      </p>
    </>
  );
}

type SignedIn = Extract<AccountTracker, { state: 'signedIn' }>;

interface ActionProps {
  tracker: SignedIn;
  action: Action;
  setAction: (action: Action) => void;
}

/** "Syncing…", or "Sync is on. Last synced: …" in the page's language and the visitor's region. */
function SyncState({ status }: { status: SyncStatus }) {
  const locale = useMemo(() => displayLocale(), []);
  if (status.running) {
    return (
      <p>
        <Trans>Syncing…</Trans>
      </p>
    );
  }
  if (!status.lastSynced) return null;
  const at = status.lastSynced;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    at,
  );
  return (
    <p>
      <Trans>
        Sync is on. Last synced: <time dateTime={at.toISOString()}>{when}</time>
      </Trans>
    </p>
  );
}

/** What the panel's live region says: the last action's outcome, and the sync's state. */
function SyncStatusText({
  tracker,
  action,
  asked,
}: {
  tracker: SignedIn;
  action: Action;
  asked: boolean;
}) {
  const { i18n } = useLingui();
  const status = tracker.status;
  return (
    <>
      {tracker.turnedOffElsewhere && !tracker.syncing ? (
        <p>{i18n._(SYNC_PROBLEMS['turned-off'])}</p>
      ) : null}
      {action.kind === 'done' ? <p>{i18n._(action.message)}</p> : null}
      {action.kind === 'busy' ? (
        <p>
          {tracker.syncing ? (
            <Trans>Turning sync off…</Trans>
          ) : (
            <Trans>Turning sync on and uploading your marks…</Trans>
          )}
        </p>
      ) : null}
      {tracker.syncing && status?.problem && !status.running ? (
        <p className={styles.problem}>
          <CloudOff size={18} aria-hidden="true" />
          {i18n._(SYNC_PROBLEMS[status.problem])}
        </p>
      ) : null}
      {/* The runs the page starts itself (focus, every few minutes) are not read out each
          time: only the one the person asked for with "Sync now", and what went wrong. */}
      {tracker.syncing && status && asked && !status.problem ? <SyncState status={status} /> : null}
    </>
  );
}

function Consent({ tracker, action, setAction }: ActionProps) {
  const { i18n, t } = useLingui();
  const [agreed, setAgreed] = useState(false);
  const busy = action.kind === 'busy';
  const turnOn = async () => {
    setAction({ kind: 'busy' });
    try {
      await tracker.turnOn();
      setAction({
        kind: 'done',
        message: msg`Sync is on: this browser’s marks are kept with your account, and sync with your other devices where sync is on.`,
      });
    } catch (error) {
      setAction({ kind: 'failed', problem: problemOf(error) });
    }
  };
  return (
    <>
      <p className={pageStyles.hint}>
        <Trans>
          Sync is off: your marks are kept in this browser only. Turn it on to keep them with your
          account and see them on your other devices.
        </Trans>
      </p>
      <div className={styles.consent}>
        <h3 className={styles.consentTitle}>
          <Trans>What turning sync on stores</Trans>
        </h3>
        <ul className={styles.list}>
          <li>
            <Trans>
              For each day and prayer you mark: the mark (on time, late, made up or missed), whether
              you prayed in congregation, and whether you were travelling (shortened or combined
              prayers).
            </Trans>
          </li>
          <li>
            <Trans>The make-up prayers you log, and the starting balance you entered.</Trans>
          </li>
          <li>
            <Trans>The voluntary prayers you track, and the names of your own prayers.</Trans>
          </li>
          <li>
            <Trans>That you agreed to this, and when.</Trans>
          </li>
        </ul>
        <p className={styles.text}>
          <Trans>
            It is stored on our server, encrypted at rest, for your account only. It is part of your
            account’s data export. To delete it, turn sync off here (the server copy is deleted and
            this browser keeps its copy), or delete your account.
          </Trans>
        </p>
        <p className={styles.text}>
          <Link to="/privacy">
            <Trans>Privacy policy</Trans>
          </Link>
        </p>
      </div>
      <FormAlert>
        {action.kind === 'failed' ? i18n._(SYNC_PROBLEMS[action.problem]) : null}
      </FormAlert>
      <CheckboxField
        label={t`I agree that my prayer tracker is stored on the server, as described above, to sync it across my devices.`}
        checked={agreed}
        onChange={(event) => setAgreed(event.currentTarget.checked)}
        disabled={busy}
      />
      <Button
        onClick={() => void turnOn()}
        disabled={!agreed || busy || tracker.store === null}
        className={styles.action}
      >
        <RefreshCw size={18} aria-hidden="true" />
        {busy ? <Trans>Turning sync on…</Trans> : <Trans>Turn on sync</Trans>}
      </Button>
    </>
  );
}

function SyncOn({
  tracker,
  action,
  setAction,
  asked,
  onSyncNow,
  onTurnedOff,
}: ActionProps & { asked: boolean; onSyncNow: () => void; onTurnedOff: () => void }) {
  const { i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Focus starts on the choice that keeps everything.
  const cancel = useRef<HTMLButtonElement>(null);
  const busy = action.kind === 'busy';
  const status = tracker.status;

  const turnOff = async () => {
    setAction({ kind: 'busy' });
    try {
      await tracker.turnOff();
      setAction({
        kind: 'done',
        message: msg`Sync is off. The server copy of your tracker was deleted; your marks are kept in this browser.`,
      });
      setConfirming(false);
      onTurnedOff();
    } catch (error) {
      setAction({ kind: 'failed', problem: problemOf(error) });
    }
  };
  const onClose = () => {
    setConfirming(false);
    if (action.kind !== 'done') opener.current?.focus();
  };

  return (
    <>
      {/* The sync's state, not read out at each run (the live region above says the rest). */}
      {!asked && status && !status.problem ? (
        <div className={styles.state}>
          <SyncState status={status} />
        </div>
      ) : null}
      <p className={pageStyles.hint}>
        <Trans>
          Sync is on for your account in this browser: your marks sync when you open the page, come
          back to it or reconnect, and every few minutes while it is open.
        </Trans>
      </p>
      <div className={styles.actions}>
        <Button variant="outline" onClick={onSyncNow} disabled={busy || !!status?.running}>
          <RefreshCw size={18} aria-hidden="true" />
          <Trans>Sync now</Trans>
        </Button>
        <Button
          ref={opener}
          variant="outline"
          aria-haspopup="dialog"
          onClick={() => {
            setAction({ kind: 'idle' });
            setConfirming(true);
          }}
          disabled={busy}
        >
          <CloudOff size={18} aria-hidden="true" />
          <Trans>Turn off sync</Trans>
        </Button>
      </div>
      <ModalDialog
        open={confirming}
        onClose={onClose}
        busy={busy}
        initialFocus={cancel}
        labelledBy="sync-off-title"
        describedBy="sync-off-text"
      >
        <h2 id="sync-off-title" className={modalDialogStyles.title}>
          <Trans>Turn off sync?</Trans>
        </h2>
        <p id="sync-off-text" className={styles.text}>
          <Trans>
            This deletes your tracker’s copy on our server: your marks, make-up prayers, balances,
            voluntary and own prayers, and your consent. This browser keeps its copy. Your other
            devices stop syncing and keep what they have.
          </Trans>
        </p>
        <FormAlert>
          {action.kind === 'failed' ? i18n._(SYNC_PROBLEMS[action.problem]) : null}
        </FormAlert>
        <div className={styles.actions}>
          <Button variant="danger" onClick={() => void turnOff()} disabled={busy}>
            {busy ? (
              <Trans>Turning sync off…</Trans>
            ) : (
              <Trans>Turn off and delete the server copy</Trans>
            )}
          </Button>
          <Button
            variant="outline"
            onClick={() => setConfirming(false)}
            disabled={busy}
            ref={cancel}
          >
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </ModalDialog>
    </>
  );
}
