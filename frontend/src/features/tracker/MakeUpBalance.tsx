/**
 * The make-up (qada) prayers owed, per obligatory prayer: the starting balance the person
 * entered, plus every prayer marked missed, less the make-ups logged (model.ts, the balance
 * rule). A make-up is logged on the chosen day; the starting balance is folded away.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { formatNumber } from '../../lib/i18n/format';
import { OBLIGATORY, type ObligatoryPrayer, type TrackerStore } from './model';
import { OBLIGATORY_NAMES } from './names';
import { perPrayer, type PerPrayer, type Tracker, type TrackerView } from './useTracker';
import styles from './TrackerPage.module.css';

/** The data API's bounds (backend/app/tracker/tables.py): a day's make-ups, a starting balance. */
export const MAX_MAKE_UPS_A_DAY = 1000;
export const MAX_STARTING = 36500;

interface MakeUpBalanceProps {
  store: TrackerStore;
  tracker: Tracker;
  view: TrackerView;
}

export function MakeUpBalance({ store, tracker, view }: MakeUpBalanceProps) {
  const { i18n } = useLingui();
  const log = (prayer: ObligatoryPrayer, delta: number) => {
    const count = Math.max(0, Math.min(MAX_MAKE_UPS_A_DAY, view.madeUp[prayer] + delta));
    // What is owed is not predicted here: it is the balance rule's (history.ts), on what the
    // store keeps, shown once the make-up is written.
    tracker.change(
      (current) => ({ ...current, madeUp: { ...current.madeUp, [prayer]: count } }),
      () => store.setMakeUps(view.day, prayer, count),
    );
  };
  return (
    <section className={styles.panel} aria-labelledby="tracker-makeup-title">
      <h2 id="tracker-makeup-title" className={styles.panelTitle}>
        <Trans>Make-up prayers (qada)</Trans>
      </h2>
      <p className={styles.hint}>
        <Trans>
          Every prayer marked missed is added to what you owe. Log each make-up prayer when you pray
          it, and the count goes down.
        </Trans>
      </p>
      <ul className={styles.balances}>
        {OBLIGATORY.map((prayer) => {
          const name = i18n._(OBLIGATORY_NAMES[prayer]);
          const owed = formatNumber(view.owed[prayer]);
          const madeUp = formatNumber(view.madeUp[prayer]);
          return (
            <li key={prayer} className={styles.balance}>
              <BalanceRow
                name={name}
                owed={owed}
                madeUp={madeUp}
                canUndo={view.madeUp[prayer] > 0}
                onLog={() => log(prayer, 1)}
                onUndo={() => log(prayer, -1)}
              />
            </li>
          );
        })}
      </ul>
      <details className={styles.details}>
        <summary>
          <Trans>Starting balance</Trans>
        </summary>
        <StartingBalance store={store} tracker={tracker} view={view} />
      </details>
    </section>
  );
}

interface BalanceRowProps {
  name: string;
  owed: string;
  madeUp: string;
  canUndo: boolean;
  onLog: () => void;
  onUndo: () => void;
}

function BalanceRow({ name, owed, madeUp, canUndo, onLog, onUndo }: BalanceRowProps) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-name`} className={styles.balanceRow}>
      <h3 id={`${id}-name`} className={styles.balanceName}>
        {name}
      </h3>
      {/* Announced when a make-up is logged, here or in another tab. */}
      <p className={styles.owed} aria-live="polite">
        <Trans comment="The number of make-up prayers still owed for one prayer.">
          Owed: <strong>{owed}</strong>
        </Trans>
      </p>
      <p className={styles.hint}>
        <Trans>Made up on this day: {madeUp}</Trans>
      </p>
      <div className={styles.balanceButtons}>
        <Button small onClick={onLog}>
          <Trans>Log a make-up</Trans>
        </Button>
        <Button variant="outline" small onClick={onUndo} disabled={!canUndo}>
          <Trans>Undo one</Trans>
        </Button>
      </div>
    </div>
  );
}

function StartingBalance({ store, tracker, view }: MakeUpBalanceProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [values, setValues] = useState<Record<ObligatoryPrayer, string>>(() => {
    const shown = perPrayer((prayer) => view.starting[prayer]);
    return Object.fromEntries(
      OBLIGATORY.map((prayer) => [prayer, String(shown[prayer])]),
    ) as Record<ObligatoryPrayer, string>;
  });
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed: Partial<PerPrayer> = {};
    for (const prayer of OBLIGATORY) {
      const text = values[prayer].trim();
      const value = text === '' ? 0 : Number(text);
      if (!Number.isInteger(value) || value < 0 || value > MAX_STARTING) {
        const name = i18n._(OBLIGATORY_NAMES[prayer]);
        const max = formatNumber(MAX_STARTING);
        setMessage({ error: true, text: t`${name}: a whole number from 0 to ${max}, please.` });
        return;
      }
      parsed[prayer] = value;
    }
    const starting = parsed as PerPrayer;
    const changed = OBLIGATORY.filter((prayer) => starting[prayer] !== view.starting[prayer]);
    tracker.change(
      (current) => ({ ...current, starting }),
      async () => {
        for (const prayer of changed) await store.setStartingBalance(prayer, starting[prayer]);
      },
    );
    setMessage({ error: false, text: t`Starting balance saved.` });
  };

  return (
    <form className={styles.starting} onSubmit={save} noValidate aria-describedby={`${id}-intro`}>
      <p id={`${id}-intro`} className={styles.hint}>
        <Trans>
          If you owe prayers from before you started tracking (years of missed prayers are common),
          enter how many of each. You can change it at any time.
        </Trans>
      </p>
      <div className={styles.startingFields}>
        {OBLIGATORY.map((prayer) => (
          <label key={prayer} className={styles.dayField}>
            <span className={styles.label}>{i18n._(OBLIGATORY_NAMES[prayer])}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_STARTING}
              step={1}
              className={styles.input}
              value={values[prayer]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [prayer]: value }));
              }}
            />
          </label>
        ))}
      </div>
      <Button type="submit" small>
        <Trans>Save starting balance</Trans>
      </Button>
      <p className={message?.error ? styles.error : styles.hint} role="status">
        {message?.text ?? null}
      </p>
    </form>
  );
}
