/**
 * /prayer-times: times, Qibla, Hijri date and a monthly timetable for a place the visitor
 * chooses, all computed in this browser (docs/prayer-times.md). The prerendered HTML has the
 * copy and the controls (a tap before the script runs is kept: frontend/README.md#early-taps);
 * the times appear once the script runs.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { LockKeyhole } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { displayLocale } from '../../lib/i18n/displayLocale';
import { useHydrated } from '../../lib/useHydrated';
import type * as PlaceDetails from './PlaceDetails';
import { LocationPicker } from './LocationPicker';
import { countryName } from './methods';
import type { CalendarDay, Place } from '../../lib/prayerTimes/settings';
import {
  DEFAULT_STORED,
  readPlace,
  readSettings,
  rememberPlace,
  saveSettings,
  type StoredSettings,
} from '../../lib/prayerTimes/storage';
import { useMinuteClock } from './usePlaceClock';
import styles from './PrayerTimesPage.module.css';

// The times, the Qibla, the settings and the timetable, with the calculation: not in the
// prerendered page (it has no place), so not among the chunks its HTML preloads
// (PlaceDetails.tsx). Asked for as soon as this chunk runs in a browser (after the first paint,
// as hydration starts); once it is in, the page renders it at once (no Suspense fallback, so
// nothing waits for a boundary to reveal), and a kept place's times appear with the first
// render after hydration.
type Details = typeof PlaceDetails;
let details: Details | undefined;
let detailsLoading: Promise<Details> | undefined;
function loadDetails(): Promise<Details> {
  detailsLoading ??= import('./PlaceDetails').then((module) => (details = module));
  return detailsLoading;
}
if (typeof document !== 'undefined') void loadDetails();

/** The details' chunk, or undefined until it is in (then the page renders without them). */
function useDetails(): Details | undefined {
  const [loaded, setLoaded] = useState(details);
  useEffect(() => {
    if (!loaded) void loadDetails().then(setLoaded);
  }, [loaded]);
  return loaded;
}

export default function PrayerTimesPage() {
  const { t } = useLingui();
  const now = useMinuteClock();
  const Details = useDetails();
  // What this browser kept is read on the first render after hydration: the prerendered HTML
  // (and so hydration) has none of it. So is the visitor's region (locale.ts): the times, dates
  // and names it formats only appear after hydration.
  const hydrated = useHydrated();
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
            {place && now ? (
              Details && (
                <Details.PlaceTimes
                  place={place}
                  settings={settings}
                  day={day}
                  onDay={setDay}
                  now={now}
                  locale={locale}
                />
              )
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
      {place && now && Details && (
        <Details.PlaceSections
          place={place}
          settings={settings}
          onSettings={changeSettings}
          now={now}
          locale={locale}
        />
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
