/**
 * The voluntary prayers the person chose to track (none by default) and their own prayers
 * ("Custom Prayer Types"), each marked prayed or not on the chosen day; and, folded away, the
 * choice of which to track.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { formatNumber } from '../../lib/i18n/format';
import { markStatus } from './DayMarks';
import { VOLUNTARY, type CustomPrayerKey, type TrackerStore, type VoluntaryPrayer } from './model';
import { VOLUNTARY_NAMES, VOLUNTARY_STATUS_NAMES } from './names';
import { PrayerMark } from './PrayerMark';
import type { Tracker, TrackerView } from './useTracker';
import styles from './TrackerPage.module.css';

const CHOICES = (['on_time', 'missed'] as const).flatMap((status) => {
  const label = VOLUNTARY_STATUS_NAMES[status];
  return label ? [[status, label] as const] : [];
});

/** The longest name the data API keeps (backend/app/tracker/tables.py). */
export const MAX_NAME_LENGTH = 60;

interface VoluntaryPrayersProps {
  store: TrackerStore;
  tracker: Tracker;
  view: TrackerView;
}

export function VoluntaryPrayers({ store, tracker, view }: VoluntaryPrayersProps) {
  const { i18n } = useLingui();
  const tracked = VOLUNTARY.filter((prayer) => view.voluntary.includes(prayer));
  const rows: { key: VoluntaryPrayer | CustomPrayerKey; name: string }[] = [
    ...tracked.map((prayer) => ({ key: prayer, name: i18n._(VOLUNTARY_NAMES[prayer]) })),
    ...view.customPrayers.map((prayer) => ({
      key: `custom:${prayer.id}` as const,
      name: prayer.name,
    })),
  ];
  return (
    <section className={styles.panel} aria-labelledby="tracker-voluntary-title">
      <h2 id="tracker-voluntary-title" className={styles.panelTitle}>
        <Trans>Voluntary prayers</Trans>
      </h2>
      {rows.length === 0 ? (
        <p className={styles.hint}>
          <Trans>Choose below the voluntary prayers you want to keep track of.</Trans>
        </p>
      ) : (
        <div className={styles.prayers}>
          {rows.map(({ key, name }) => (
            <PrayerMark
              key={key}
              name={name}
              mark={view.marks[key]}
              choices={CHOICES}
              onStatus={(status) => markStatus(store, tracker, view.day, key, status)}
            />
          ))}
        </div>
      )}
      <details className={styles.details}>
        <summary>
          <Trans>Choose the prayers to track</Trans>
        </summary>
        <ChooseVoluntary store={store} tracker={tracker} view={view} />
        <CustomPrayers store={store} tracker={tracker} view={view} />
      </details>
    </section>
  );
}

function ChooseVoluntary({ store, tracker, view }: VoluntaryPrayersProps) {
  const { i18n } = useLingui();
  const toggle = (prayer: VoluntaryPrayer, on: boolean) => {
    const next = VOLUNTARY.filter((each) => (each === prayer ? on : view.voluntary.includes(each)));
    tracker.change(
      (current) => ({ ...current, voluntary: next }),
      () => store.setVoluntary(next),
    );
  };
  return (
    <fieldset className={styles.checkList}>
      <legend className={styles.label}>
        <Trans>Voluntary prayers to track</Trans>
      </legend>
      {VOLUNTARY.map((prayer) => (
        <label key={prayer} className={styles.extra}>
          <input
            type="checkbox"
            checked={view.voluntary.includes(prayer)}
            onChange={(event) => toggle(prayer, event.currentTarget.checked)}
          />
          <span>{i18n._(VOLUNTARY_NAMES[prayer])}</span>
        </label>
      ))}
    </fieldset>
  );
}

function CustomPrayers({ store, tracker, view }: VoluntaryPrayersProps) {
  const { t } = useLingui();
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t`Write the prayer’s name.`);
    if (trimmed.length > MAX_NAME_LENGTH) {
      const max = formatNumber(MAX_NAME_LENGTH);
      return setError(t`A name of at most ${max} characters, please.`);
    }
    setError(null);
    setName('');
    tracker.change(
      (current) => current,
      () => store.addCustomPrayer(trimmed),
    );
  };
  const remove = (prayerId: string) =>
    tracker.change(
      (current) => ({
        ...current,
        customPrayers: current.customPrayers.filter((prayer) => prayer.id !== prayerId),
      }),
      () => store.removeCustomPrayer(prayerId),
    );
  return (
    <div className={styles.custom}>
      <h3 className={styles.label} id={`${id}-title`}>
        <Trans>Your own prayers</Trans>
      </h3>
      {view.customPrayers.length > 0 && (
        <ul className={styles.customList} aria-labelledby={`${id}-title`}>
          {view.customPrayers.map(({ id: prayerId, name: prayerName }) => (
            <li key={prayerId}>
              <bdi>{prayerName}</bdi>
              <Button
                variant="outline"
                small
                onClick={() => remove(prayerId)}
                aria-label={t`Remove ${prayerName}`}
              >
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.addForm} onSubmit={add} noValidate>
        <TextField
          className={styles.nameField}
          label={t`Name of a prayer of your own`}
          value={name}
          maxLength={MAX_NAME_LENGTH}
          error={error ?? undefined}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button type="submit" small>
          <Trans>Add</Trans>
        </Button>
      </form>
    </div>
  );
}
