/**
 * /prayer-times: times, Qibla, Hijri date and a monthly timetable for a place the visitor
 * chooses, all computed in this browser (docs/prayer-times.md). The prerendered HTML has the
 * copy and the controls (a tap before the script runs is kept: frontend/README.md#early-taps);
 * the times appear once the script runs.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { LockKeyhole } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { dayAt, resolveSettings, type CalendarDay, type Place } from './compute';
import { DayTimes } from './DayTimes';
import { displayLocale } from './locale';
import { LocationPicker } from './LocationPicker';
import { ASR_TEXT, countryName, METHOD_TEXT } from './methods';
import { MonthlyTimetable } from './MonthlyTimetable';
import { QiblaCard } from './QiblaCard';
import { SettingsForm } from './SettingsForm';
import {
  DEFAULT_STORED,
  readPlace,
  readSettings,
  rememberPlace,
  saveSettings,
  type StoredSettings,
} from './storage';
import { useMinuteClock } from './usePlaceClock';
import styles from './PrayerTimesPage.module.css';

const noSubscription = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

export default function PrayerTimesPage() {
  const { t, i18n } = useLingui();
  const now = useMinuteClock();
  // What this browser kept is read on the first render after hydration: the prerendered HTML
  // (and so hydration) has none of it. So is the visitor's region (locale.ts): the times, dates
  // and names it formats only appear after hydration.
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const kept = useMemo(
    () =>
      hydrated
        ? { place: readPlace(), settings: readSettings(), locale: displayLocale() }
        : { place: null, settings: DEFAULT_STORED, locale: displayLocale(undefined, []) },
    [hydrated],
  );
  const [chosen, setChosen] = useState<Place | null>(null);
  const [rememberChoice, setRememberChoice] = useState<boolean | null>(null);
  const [changedSettings, setChangedSettings] = useState<StoredSettings | null>(null);
  const [day, setDay] = useState<CalendarDay | null>(null);
  const place = chosen ?? kept.place;
  const remember = rememberChoice ?? kept.place !== null;
  const settings = changedSettings ?? kept.settings;
  const locale = kept.locale;

  // Choosing a place shows its times in the panel beside the picker on a wide screen, but below
  // it, out of sight, on a phone: then the page brings them into view and moves focus to their
  // heading, so a screen reader says where the times are (docs/prayer-times.md#on-a-phone).
  const timesTitle = useRef<HTMLHeadingElement>(null);
  const [choices, setChoices] = useState(0);
  useEffect(() => {
    const heading = timesTitle.current;
    const panel = heading?.parentElement;
    if (!choices || !heading || !panel) return;
    const { top, bottom } = panel.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    heading.focus({ preventScroll: true });
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    heading.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  }, [choices]);

  const choosePlace = (next: Place) => {
    setChosen(next);
    setDay(null);
    setChoices((count) => count + 1);
    if (remember) rememberPlace(next);
  };
  const changeRemember = (value: boolean) => {
    setRememberChoice(value);
    rememberPlace(value ? place : null);
  };
  const changeSettings = (next: StoredSettings) => {
    setChangedSettings(next);
    saveSettings(next);
  };

  const today = place && now ? dayAt(now, place.timeZone) : null;
  const shown = day ?? today;
  const resolved = place ? resolveSettings(place, settings) : null;

  return (
    <>
      <PageHero
        eyebrow={t`Prayer times`}
        title={t`Prayer times wherever you are`}
        intro={
          <p>
            <Trans>
              Today’s times, the Qibla and the Hijri date for your city, with the calculation method
              your mosque uses.
            </Trans>
          </p>
        }
      />
      <Section labelledBy="location-title">
        <p className={styles.privacy}>
          <LockKeyhole size={20} aria-hidden="true" />
          <Trans>
            Your location never leaves this browser: the times, the Qibla and the timetable are
            computed on your device, and nothing about where you are is sent to us or anyone else.
          </Trans>
        </p>
        <div className={styles.grid}>
          <div className={styles.panel}>
            <h2 id="location-title" className={styles.panelTitle}>
              <Trans>Your location</Trans>
            </h2>
            <LocationPicker
              onPlace={choosePlace}
              remember={remember}
              onRemember={changeRemember}
              locale={locale}
            />
          </div>
          <div className={styles.panel} aria-live="off">
            <h2 className={styles.panelTitle} id="times-title" ref={timesTitle} tabIndex={-1}>
              {place ? <TimesTitle place={place} locale={locale} /> : <Trans>Prayer times</Trans>}
            </h2>
            {place && resolved && today && shown && now ? (
              <>
                <DayTimes
                  place={place}
                  settings={settings}
                  today={today}
                  day={shown}
                  onDay={setDay}
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
            ) : (
              <p className={styles.hint}>
                <Trans>Choose your location to see today’s times.</Trans>
                {/* Only in the prerendered HTML: true until the script runs, and for good
                    without it. */}
                {!hydrated && (
                  <>
                    {' '}
                    <Trans>The times appear once the page’s script has run.</Trans>
                  </>
                )}
              </p>
            )}
          </div>
        </div>
      </Section>
      {place && today && (
        <>
          <Section labelledBy="qibla-title">
            <div className={styles.grid}>
              <div className={styles.panel}>
                <QiblaCard place={place} locale={locale} />
              </div>
              <div className={styles.panel}>
                <SettingsForm
                  place={place}
                  settings={settings}
                  onChange={changeSettings}
                  locale={locale}
                />
              </div>
            </div>
          </Section>
          <Section labelledBy="timetable-title" className={styles.printable}>
            <div className={styles.panel}>
              <MonthlyTimetable place={place} settings={settings} today={today} locale={locale} />
            </div>
          </Section>
        </>
      )}
    </>
  );
}

/** "Prayer times in Makkah, Saudi Arabia" (the country in the page's language). */
function TimesTitle({ place, locale }: { place: Place; locale: string }) {
  const placeName = place.name;
  const country = countryName(place.country, locale);
  return country ? (
    <Trans>
      Prayer times in <bdi>{placeName}</bdi>, {country}
    </Trans>
  ) : (
    <Trans>
      Prayer times in <bdi>{placeName}</bdi>
    </Trans>
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
