/**
 * /tracker: the prayer tracker (issue 25; docs/behaviour.md#tracker). It works fully on this
 * device, signed in or not: the marks are kept in this browser (store.ts, IndexedDB) and reach
 * the server only if the person turns sync on. The prerendered HTML is the page's frame and a
 * note that the tracker opens once the script has run (it needs JavaScript: everything it shows
 * is read from this browser).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { LockKeyhole } from 'lucide-react';
import { useMemo, useState } from 'react';
import { LoadingState } from '../../components/LoadingState';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { displayLocale } from '../../lib/i18n/displayLocale';
import { useHydrated } from '../../lib/useHydrated';
import { localDay } from './days';
import { DayMarks } from './DayMarks';
import { ExportSection } from './ExportSection';
import { HistorySection } from './HistorySection';
import { MakeUpBalance } from './MakeUpBalance';
import type { Day, TrackerStore } from './model';
import { SyncPanel } from './SyncPanel';
import { useAccountTracker } from './useAccountTracker';
import { useTracker } from './useTracker';
import { VoluntaryPrayers } from './VoluntaryPrayers';
import styles from './TrackerPage.module.css';

export default function TrackerPage() {
  const { t } = useLingui();
  // Nothing of the tracker is in the prerendered HTML (it lives in this browser): it opens on
  // the first render after hydration.
  const hydrated = useHydrated();
  return (
    <>
      <PageHero
        eyebrow={t`Prayer tracker`}
        title={t`Keep track of your prayers`}
        intro={
          <p>
            <Trans>
              Mark each of the day’s prayers as you pray it, keep count of the prayers you owe, and
              see how you are doing.
            </Trans>
          </p>
        }
      />
      <Section>
        <p className={styles.privacy}>
          <LockKeyhole size={20} aria-hidden="true" />
          <Trans>
            Your marks are kept in this browser only, with or without an account: nothing about your
            prayers is sent to us unless you sign in and turn sync on.
          </Trans>
        </p>
        {hydrated ? (
          <AccountTrackerShown />
        ) : (
          <section className={styles.panel} aria-labelledby="tracker-day-title">
            <h2 id="tracker-day-title" className={styles.panelTitle}>
              <Trans>Today</Trans>
            </h2>
            {/* Only in the prerendered HTML: true until the script runs, and for good without it. */}
            <p className={styles.hint}>
              <Trans>
                The tracker opens once the page’s script has run. It keeps your marks in this
                browser, so it needs JavaScript: if nothing appears, turn JavaScript on for this
                site.
              </Trans>
            </p>
          </section>
        )}
      </Section>
    </>
  );
}

/** The person's tracker (useAccountTracker.ts) once open, or why it cannot be, and its sync. */
function AccountTrackerShown() {
  const tracker = useAccountTracker();
  return (
    <>
      {tracker.state !== 'loading' && tracker.store ? (
        <Tracker store={tracker.store} />
      ) : (
        <NotOpen failed={tracker.state !== 'loading' && tracker.failed} />
      )}
      <SyncPanel tracker={tracker} />
    </>
  );
}

/** The tracker while its store opens, or when this browser keeps no data. */
export function NotOpen({ failed }: { failed: boolean }) {
  const { t } = useLingui();
  return (
    <section className={styles.panel} aria-labelledby="tracker-day-title">
      <h2 id="tracker-day-title" className={styles.panelTitle}>
        <Trans>Today</Trans>
      </h2>
      {failed ? (
        <p className={styles.error} role="alert">
          <Trans>
            This browser does not let the page keep data (a private window, or site data turned
            off), so the tracker cannot keep your marks here.
          </Trans>
        </p>
      ) : (
        <LoadingState label={t`Opening your tracker…`} />
      )}
    </section>
  );
}

/**
 * The tracker on an open store: the chosen day's prayers, the voluntary ones, the make-ups, and
 * the history with its exports.
 */
export function Tracker({ store }: { store: TrackerStore }) {
  // The page's language, in the visitor's region if the browser asks for one (dates, times).
  const locale = useMemo(() => displayLocale(), []);
  const [chosen, setChosen] = useState<Day | null>(null);
  const today = localDay();
  const day = chosen ?? today;
  const tracker = useTracker(store, day, today);
  const snapshot = tracker.snapshot;
  return (
    <div aria-busy={tracker.saving || undefined} data-testid="tracker">
      <DayMarks
        store={store}
        tracker={tracker}
        day={day}
        today={today}
        onDay={(next) => setChosen(next === today ? null : next)}
        locale={locale}
      />
      {tracker.view && (
        <>
          <VoluntaryPrayers store={store} tracker={tracker} view={tracker.view} />
          <MakeUpBalance store={store} tracker={tracker} view={tracker.view} />
        </>
      )}
      {snapshot && (
        <>
          <HistorySection snapshot={snapshot} today={today} locale={locale} />
          <ExportSection snapshot={snapshot} today={today} locale={locale} />
        </>
      )}
    </div>
  );
}
