import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LocateFixed } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/form/CheckboxField';
import type { Place } from '../../lib/prayerTimes/compute';
import {
  CITY_ATTRIBUTION,
  loadCities,
  nearestCity,
  searchCities,
  shownName,
  toPlace,
  type City,
} from './cities';
import { countryName } from './methods';
import styles from './PrayerTimesPage.module.css';

interface LocationPickerProps {
  onPlace: (place: Place) => void;
  remember: boolean;
  onRemember: (remember: boolean) => void;
  /** The Intl locale of country names (locale.ts#displayLocale). */
  locale: string;
}

type Status =
  { kind: 'idle' } | { kind: 'locating' } | { kind: 'error'; message: MessageDescriptor };

const UNAVAILABLE = msg`Your device could not find its position. Search for a city instead.`;
const GEOLOCATION_ERRORS: Record<number, MessageDescriptor> = {
  1: msg`Location permission was denied. Search for a city instead, or allow location for this site in your browser settings.`,
  2: UNAVAILABLE,
  3: msg`Finding your position took too long. Try again, or search for a city.`,
};

/**
 * "Makkah, Saudi Arabia": the city's name (the list's, in Latin letters, or the Arabic-script
 * name the visitor searched for: cities.ts#shownName) and its country's in the page's language.
 * Also the search field's text once chosen, so it keeps the search's "name, country" form (a
 * Latin comma) in every language.
 */
export function cityLabel(name: string, country: string, locale: string): string {
  return `${name}, ${countryName(country, locale)}`;
}

/**
 * "Use my location" (asked only on the click) or a city from the offline list. The list knows
 * the cities by their Latin names, the larger ones also by other names, Arabic-script ones
 * included (docs/prayer-times.md#city-list).
 */
export function LocationPicker({ onPlace, remember, onRemember, locale }: LocationPickerProps) {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [query, setQuery] = useState('');
  // Each found city with the name it is shown by (shownName of the query that found it).
  const [results, setResults] = useState<{ city: City; name: string }[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Leaving the field closes the list a moment later (so a click on an option still lands);
  // coming back or typing within that moment cancels it, or it would close the list just
  // opened (choosing a place moves focus to its times: docs/prayer-times.md#on-a-phone).
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keepOpen = () => clearTimeout(closing.current);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setStatus({
        kind: 'error',
        message: msg`This browser cannot share its location. Search for a city instead.`,
      });
      return;
    }
    setStatus({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude } = position.coords;
        void loadCities().then(
          (index) => {
            const near = nearestCity(index, latitude, longitude);
            // The times are for where the visitor is; the nearest city only names it.
            onPlace({ ...toPlace(near), latitude, longitude, name: near.name });
            setStatus({ kind: 'idle' });
          },
          () =>
            setStatus({
              kind: 'error',
              message: msg`The city list could not be loaded to name your position. Try again.`,
            }),
        );
      },
      (error) =>
        setStatus({
          kind: 'error',
          message: GEOLOCATION_ERRORS[error.code] ?? UNAVAILABLE,
        }),
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 10 * 60_000 },
    );
  };

  const search = (text: string) => {
    keepOpen();
    setQuery(text);
    if (!text.trim()) {
      setResults([]);
      setOpen(false);
      return;
    }
    void loadCities().then(
      (index) => {
        const found = searchCities(index, text, 8).map((city) => ({
          city,
          name: shownName(city, text),
        }));
        setResults(found);
        setActive(found.length ? 0 : -1);
        setOpen(true);
      },
      () =>
        setStatus({ kind: 'error', message: msg`The city list could not be loaded. Try again.` }),
    );
  };

  const choose = ({ city, name }: { city: City; name: string }) => {
    onPlace({ ...toPlace(city), name });
    setQuery(cityLabel(name, city.country, locale));
    setOpen(false);
    setStatus({ kind: 'idle' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && results[active]) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const expanded = open && results.length > 0;
  const typed = query.trim();
  const { source, licence } = CITY_ATTRIBUTION;
  const changes = i18n._(CITY_ATTRIBUTION.changes);
  return (
    <div className={styles.picker}>
      <Button
        variant="outline"
        onClick={locate}
        disabled={status.kind === 'locating'}
        className={styles.locate}
      >
        <LocateFixed size={18} aria-hidden="true" />
        {status.kind === 'locating' ? t`Finding your location…` : t`Use my location`}
      </Button>
      <div className={styles.search}>
        <label htmlFor={`${listId}-input`} className={styles.label}>
          <Trans>Search for a city</Trans>
        </label>
        <input
          ref={inputRef}
          id={`${listId}-input`}
          className={styles.input}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          dir="auto"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${listId}-list`}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          value={query}
          onChange={(event) => search(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={keepOpen}
          onBlur={() => {
            closing.current = setTimeout(() => setOpen(false), 150);
          }}
          placeholder={t({
            message: 'e.g. Istanbul, Karachi, Toronto',
            comment:
              'The city search knows the Latin-script names, and the Arabic-script ones of the larger cities and of the countries that write in Arabic script: ar and ur may give the examples in Arabic script.',
          })}
        />
        <div
          id={`${listId}-list`}
          role="listbox"
          aria-label={t`Cities`}
          className={styles.options}
          hidden={!expanded}
        >
          {results.map((result, index) => (
            <div
              key={`${result.city.name}-${result.city.latitude}-${result.city.longitude}`}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? styles.activeOption : styles.option}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(result);
              }}
            >
              {cityLabel(result.name, result.city.country, locale)}
            </div>
          ))}
        </div>
        {open && typed && results.length === 0 && (
          <p className={styles.hint}>
            <Trans comment="The city search knows every city by its Latin-script name, only some by a name in another script.">
              No city matches “<bdi>{typed}</bdi>”.
            </Trans>
          </p>
        )}
        <p className={styles.attribution}>
          <Trans comment="The credit the city list's licence asks for: GeoNames (a proper name), CC BY 4.0 (the licence), and what was changed.">
            City list: <a href={CITY_ATTRIBUTION.sourceUrl}>{source}</a>,{' '}
            <a href={CITY_ATTRIBUTION.licenceUrl}>{licence}</a> ({changes}). Loaded from this site
            only when you search.
          </Trans>
        </p>
      </div>
      <CheckboxField
        label={t`Remember my location`}
        checked={remember}
        onChange={(event) => onRemember(event.target.checked)}
      />
      <p className={styles.hint}>
        <Trans>Kept in this browser only; untick to forget it.</Trans>
      </p>
      {status.kind === 'error' && (
        <p className={styles.error} role="alert">
          {i18n._(status.message)}
        </p>
      )}
    </div>
  );
}
