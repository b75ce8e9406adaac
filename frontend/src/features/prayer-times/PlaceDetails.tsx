/**
 * What /prayer-times shows once it knows a place: the day's times, the Qibla, the settings and
 * the monthly timetable, with the calculation (adhan) they need. Its own chunk, loaded right
 * after hydration (PrayerTimesPage.tsx): the prerendered page has no place, so none of it is
 * needed for the first paint (docs/prayer-times.md#loading).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Section } from '../../components/Section';
import {
  dayAt,
  resolveSettings,
  type CalendarDay,
  type Place,
} from '../../lib/prayerTimes/compute';
import { CalendarFeed } from './CalendarFeed';
import { DayTimes } from './DayTimes';
import { ASR_TEXT, METHOD_TEXT } from './methods';
import { MonthlyTimetable } from './MonthlyTimetable';
import { QiblaCard } from './QiblaCard';
import { SettingsForm } from './SettingsForm';
import type { StoredSettings } from '../../lib/prayerTimes/storage';
import styles from './PrayerTimesPage.module.css';

interface PlaceTimesProps {
  place: Place;
  settings: StoredSettings;
  /** The day the visitor moved to, or null for today. */
  day: CalendarDay | null;
  onDay: (day: CalendarDay) => void;
  now: Date;
  locale: string;
}

/** The day's times at the place, and the method they are computed with. */
export function PlaceTimes({ place, settings, day, onDay, now, locale }: PlaceTimesProps) {
  const { i18n } = useLingui();
  const today = dayAt(now, place.timeZone);
  const resolved = resolveSettings(place, settings);
  return (
    <>
      <DayTimes
        place={place}
        settings={settings}
        today={today}
        day={day ?? today}
        onDay={onDay}
        now={now}
        locale={locale}
      />
      <p className={styles.hint}>
        <MethodHint
          place={place}
          method={i18n._(METHOD_TEXT[resolved.method].name)}
          school={i18n._(ASR_TEXT[resolved.asr].name)}
        />
      </p>
    </>
  );
}

interface PlaceSectionsProps {
  place: Place;
  settings: StoredSettings;
  onSettings: (settings: StoredSettings) => void;
  now: Date;
  locale: string;
}

/** The Qibla, the settings, the calendar feed and the monthly timetable. */
export function PlaceSections({ place, settings, onSettings, now, locale }: PlaceSectionsProps) {
  const today = dayAt(now, place.timeZone);
  return (
    <>
      <Section labelledBy="qibla-title">
        <div className={styles.grid}>
          <div className={styles.panel}>
            <QiblaCard place={place} locale={locale} />
          </div>
          <div className={styles.panel}>
            <SettingsForm place={place} settings={settings} onChange={onSettings} locale={locale} />
          </div>
        </div>
      </Section>
      <Section labelledBy="calendar-feed-title" className={styles.noPrint}>
        <div className={styles.panel}>
          <CalendarFeed place={place} settings={settings} />
        </div>
      </Section>
      <Section labelledBy="timetable-title" className={styles.printable}>
        <div className={styles.panel}>
          <MonthlyTimetable place={place} settings={settings} today={today} locale={locale} />
        </div>
      </Section>
    </>
  );
}

/** The method and Asr school in use, and the time zone the times are in. */
function MethodHint({ place, method, school }: { place: Place; method: string; school: string }) {
  const placeName = place.name;
  const timeZone = place.timeZone.replace(/_/g, ' ');
  return (
    <Trans comment="The calculation method and Asr school in use, then the place's IANA time zone (e.g. Asia/Riyadh).">
      {method}; Asr: {school}. Times are <bdi>{placeName}</bdi>’s local time (<bdi>{timeZone}</bdi>
      ).
    </Trans>
  );
}
