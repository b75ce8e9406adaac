import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Button } from '../../components/Button';
import {
  defaultAsr,
  defaultMethod,
  hasNationalMethod,
  HIGH_LATITUDE,
  MAX_ADJUSTMENT_MINUTES,
  METHOD_IDS,
  PRAYERS,
  resolveSettings,
  type HighLatitudeChoice,
  type MethodId,
  type Place,
} from '../../lib/prayerTimes/compute';
import { HIJRI_OFFSETS } from './hijri';
import { formatNumber } from '../../lib/i18n/format';
import { ASR_TEXT, countryName, HIGH_LATITUDE_TEXT, METHOD_TEXT, PRAYER_NAMES } from './methods';
import {
  clampAdjustment,
  DEFAULT_STORED,
  type StoredSettings,
} from '../../lib/prayerTimes/storage';
import { WholeSelect } from './WholeSelect';
import styles from './PrayerTimesPage.module.css';

interface SettingsFormProps {
  place: Place;
  settings: StoredSettings;
  onChange: (settings: StoredSettings) => void;
  /** The Intl locale of numbers and country names (locale.ts#displayLocale). */
  locale: string;
}

export function SettingsForm({ place, settings, onChange, locale }: SettingsFormProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const resolved = resolveSettings(place, settings);
  const set = (change: Partial<StoredSettings>) => onChange({ ...settings, ...change });
  const high = Math.abs(place.latitude) > HIGH_LATITUDE;
  const defaultSchool = i18n._(ASR_TEXT[defaultAsr(place.country)].name);
  const method = i18n._(METHOD_TEXT[defaultMethod(place.country)].name);
  const country = countryName(place.country, locale);
  // "Default: Umm al-Qura, the method used in Saudi Arabia".
  const defaultMethodText = hasNationalMethod(place.country)
    ? t`Default: ${method}, the method used in ${country}`
    : t`Default: ${method}, the method used where no national method applies`;
  const automaticRule = i18n._(
    HIGH_LATITUDE_TEXT[high ? 'seventhofthenight' : 'middleofthenight'].name,
  );
  const latitude = formatNumber(HIGH_LATITUDE, locale);
  const defaultMethodOption = t`Default: ${method}`;
  const chosenMethod =
    settings.method === 'auto' ? defaultMethodOption : i18n._(METHOD_TEXT[settings.method].name);

  const offsetText = (offset: number) => {
    if (offset === 0) return t({ message: 'None', comment: 'No Hijri date adjustment.' });
    const days = Math.abs(offset);
    const count = formatNumber(days, locale);
    return offset > 0
      ? t({
          message: plural(days, { one: `+${count} day`, other: `+${count} days` }),
          comment: 'The Hijri date moved forward by this many days.',
        })
      : t({
          message: plural(days, { one: `−${count} day`, other: `−${count} days` }),
          comment: 'The Hijri date moved back by this many days.',
        });
  };

  return (
    <form
      className={styles.settings}
      onSubmit={(event) => event.preventDefault()}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        <Trans>Calculation settings</Trans>
      </h2>
      <div className={styles.setting}>
        <label htmlFor={`${id}-method`}>
          <Trans>Calculation method</Trans>
        </label>
        <WholeSelect shown={chosenMethod}>
          <select
            id={`${id}-method`}
            value={settings.method}
            onChange={(event) => set({ method: event.target.value as MethodId | 'auto' })}
            aria-describedby={
              settings.method === 'auto'
                ? `${id}-method-default ${id}-method-line`
                : `${id}-method-line`
            }
          >
            {/* Short; why it is the default is said below. */}
            <option value="auto">{defaultMethodOption}</option>
            {METHOD_IDS.map((method) => (
              <option key={method} value={method}>
                {i18n._(METHOD_TEXT[method].name)}
              </option>
            ))}
          </select>
        </WholeSelect>
        {settings.method === 'auto' ? (
          <p id={`${id}-method-default`} className={styles.hint}>
            {defaultMethodText}
          </p>
        ) : null}
        <p id={`${id}-method-line`} className={styles.hint}>
          {i18n._(METHOD_TEXT[resolved.method].line)}
        </p>
      </div>
      <fieldset className={styles.setting}>
        <legend>{i18n._(PRAYER_NAMES.asr)}</legend>
        {/* The two schools, the place's default marked: the one in use is checked (a stored
            'auto' is the default's). A click keeps the school chosen even where another place
            would default to the other; "Reset to defaults" goes back to following the place. */}
        {(['standard', 'hanafi'] as const).map((asr) => (
          <label key={asr} className={styles.radio}>
            <input
              type="radio"
              name={`${id}-asr`}
              value={asr}
              checked={resolved.asr === asr}
              onChange={() => set({ asr })}
            />
            {asr === defaultAsr(place.country)
              ? t({
                  message: `${defaultSchool} (default)`,
                  comment: 'The Asr school the place uses by default, one of the two choices.',
                })
              : i18n._(ASR_TEXT[asr].name)}
          </label>
        ))}
        <p className={styles.hint}>{i18n._(ASR_TEXT[resolved.asr].line)}</p>
      </fieldset>
      <div className={styles.setting}>
        <label htmlFor={`${id}-high`}>
          <Trans>High-latitude rule</Trans>
        </label>
        <WholeSelect
          shown={
            settings.highLatitude === 'auto'
              ? t({
                  message: `Automatic: ${automaticRule}`,
                  comment: 'The high-latitude rule chosen for the place.',
                })
              : i18n._(HIGH_LATITUDE_TEXT[settings.highLatitude].name)
          }
          disabled={resolved.highLatitude === 'moonsighting'}
        >
          <select
            id={`${id}-high`}
            value={settings.highLatitude}
            onChange={(event) => set({ highLatitude: event.target.value as HighLatitudeChoice })}
            aria-describedby={`${id}-high-line`}
            disabled={resolved.highLatitude === 'moonsighting'}
          >
            <option value="auto">
              {t({
                message: `Automatic: ${automaticRule}`,
                comment: 'The high-latitude rule chosen for the place.',
              })}
            </option>
            <option value="middleofthenight">
              {i18n._(HIGH_LATITUDE_TEXT.middleofthenight.name)}
            </option>
            <option value="seventhofthenight">
              {i18n._(HIGH_LATITUDE_TEXT.seventhofthenight.name)}
            </option>
            <option value="twilightangle">{i18n._(HIGH_LATITUDE_TEXT.twilightangle.name)}</option>
          </select>
        </WholeSelect>
        <p id={`${id}-high-line`} className={styles.hint}>
          {high
            ? t`Above ${latitude}° the summer sun may not sink far enough for Fajr and Isha by angle.`
            : t`Needed only above ${latitude}°; here it changes nothing on most days.`}{' '}
          {i18n._(HIGH_LATITUDE_TEXT[resolved.highLatitude].line)}
        </p>
      </div>
      <fieldset className={styles.setting}>
        <legend>
          <Trans>Minute adjustments</Trans>
        </legend>
        <p className={styles.hint}>
          <Trans>Added to each computed time, to match your local mosque.</Trans>
        </p>
        <div className={styles.adjustments}>
          {PRAYERS.map((prayer) => (
            <label key={prayer} className={styles.adjustment}>
              <span>{i18n._(PRAYER_NAMES[prayer])}</span>
              <input
                type="number"
                inputMode="numeric"
                min={-MAX_ADJUSTMENT_MINUTES}
                max={MAX_ADJUSTMENT_MINUTES}
                step={1}
                value={settings.adjustments[prayer]}
                onChange={(event) =>
                  set({
                    adjustments: {
                      ...settings.adjustments,
                      [prayer]: clampAdjustment(event.target.valueAsNumber),
                    },
                  })
                }
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.setting}>
        <label htmlFor={`${id}-hijri`}>
          <Trans>Hijri date adjustment</Trans>
        </label>
        <select
          id={`${id}-hijri`}
          value={settings.hijriOffset}
          onChange={(event) => set({ hijriOffset: Number(event.target.value) })}
          aria-describedby={`${id}-hijri-line`}
        >
          {HIJRI_OFFSETS.map((offset) => (
            <option key={offset} value={offset}>
              {offsetText(offset)}
            </option>
          ))}
        </select>
        <p id={`${id}-hijri-line`} className={styles.hint}>
          <Trans>
            For when the new moon was sighted locally a day or two before or after the Umm al-Qura
            calendar.
          </Trans>
        </p>
      </div>
      <p className={styles.hint}>
        <Trans>Saved in this browser.</Trans>
      </p>
      <Button variant="outline" small onClick={() => onChange(DEFAULT_STORED)}>
        <Trans>Reset to defaults</Trans>
      </Button>
    </form>
  );
}
