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
  type AsrRule,
  type HighLatitudeChoice,
  type MethodId,
  type Place,
} from './compute';
import { HIJRI_OFFSETS } from './hijri';
import { ASR_TEXT, countryName, HIGH_LATITUDE_TEXT, METHOD_TEXT, PRAYER_NAMES } from './methods';
import { clampAdjustment, DEFAULT_STORED, type StoredSettings } from './storage';
import styles from './PrayerTimesPage.module.css';

interface SettingsFormProps {
  place: Place;
  settings: StoredSettings;
  onChange: (settings: StoredSettings) => void;
  locale: string | undefined;
}

/** "Umm al-Qura, the method used in Saudi Arabia". */
export function defaultMethodText(place: Place, locale: string | undefined): string {
  const method = METHOD_TEXT[defaultMethod(place.country)].name;
  if (!hasNationalMethod(place.country)) {
    return `${method}, the method used where no national method applies`;
  }
  return `${method}, the method used in ${countryName(place.country, locale)}`;
}

export function SettingsForm({ place, settings, onChange, locale }: SettingsFormProps) {
  const id = useId();
  const resolved = resolveSettings(place, settings);
  const set = (change: Partial<StoredSettings>) => onChange({ ...settings, ...change });
  const high = Math.abs(place.latitude) > HIGH_LATITUDE;
  const asrDefault = defaultAsr(place.country);

  return (
    <form
      className={styles.settings}
      onSubmit={(event) => event.preventDefault()}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        Calculation settings
      </h2>
      <div className={styles.setting}>
        <label htmlFor={`${id}-method`}>Calculation method</label>
        <select
          id={`${id}-method`}
          value={settings.method}
          onChange={(event) => set({ method: event.target.value as MethodId | 'auto' })}
          aria-describedby={`${id}-method-line`}
        >
          <option value="auto">Default: {defaultMethodText(place, locale)}</option>
          {METHOD_IDS.map((method) => (
            <option key={method} value={method}>
              {METHOD_TEXT[method].name}
            </option>
          ))}
        </select>
        <p id={`${id}-method-line`} className={styles.hint}>
          {METHOD_TEXT[resolved.method].line}
        </p>
      </div>
      <fieldset className={styles.setting}>
        <legend>Asr</legend>
        {(['auto', 'standard', 'hanafi'] as const).map((asr) => (
          <label key={asr} className={styles.radio}>
            <input
              type="radio"
              name={`${id}-asr`}
              value={asr}
              checked={settings.asr === asr}
              onChange={() => set({ asr: asr as AsrRule | 'auto' })}
            />
            {asr === 'auto' ? `Default: ${ASR_TEXT[asrDefault].name}` : ASR_TEXT[asr].name}
          </label>
        ))}
        <p className={styles.hint}>{ASR_TEXT[resolved.asr].line}</p>
      </fieldset>
      <div className={styles.setting}>
        <label htmlFor={`${id}-high`}>High-latitude rule</label>
        <select
          id={`${id}-high`}
          value={settings.highLatitude}
          onChange={(event) => set({ highLatitude: event.target.value as HighLatitudeChoice })}
          aria-describedby={`${id}-high-line`}
          disabled={resolved.highLatitude === 'moonsighting'}
        >
          <option value="auto">
            Automatic: {high ? 'Seventh of the night' : 'Middle of the night'}
          </option>
          <option value="middleofthenight">{HIGH_LATITUDE_TEXT.middleofthenight.name}</option>
          <option value="seventhofthenight">{HIGH_LATITUDE_TEXT.seventhofthenight.name}</option>
          <option value="twilightangle">{HIGH_LATITUDE_TEXT.twilightangle.name}</option>
        </select>
        <p id={`${id}-high-line`} className={styles.hint}>
          {high
            ? `Above ${HIGH_LATITUDE}° the summer sun may not sink far enough for Fajr and Isha by angle. `
            : `Needed only above ${HIGH_LATITUDE}°; here it changes nothing on most days. `}
          {HIGH_LATITUDE_TEXT[resolved.highLatitude].line}
        </p>
      </div>
      <fieldset className={styles.setting}>
        <legend>Minute adjustments</legend>
        <p className={styles.hint}>Added to each computed time, to match your local mosque.</p>
        <div className={styles.adjustments}>
          {PRAYERS.map((prayer) => (
            <label key={prayer} className={styles.adjustment}>
              <span>{PRAYER_NAMES[prayer]}</span>
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
        <label htmlFor={`${id}-hijri`}>Hijri date adjustment</label>
        <select
          id={`${id}-hijri`}
          value={settings.hijriOffset}
          onChange={(event) => set({ hijriOffset: Number(event.target.value) })}
          aria-describedby={`${id}-hijri-line`}
        >
          {HIJRI_OFFSETS.map((offset) => (
            <option key={offset} value={offset}>
              {offset === 0
                ? 'None'
                : `${offset > 0 ? '+' : '−'}${Math.abs(offset)} day${Math.abs(offset) > 1 ? 's' : ''}`}
            </option>
          ))}
        </select>
        <p id={`${id}-hijri-line`} className={styles.hint}>
          For when the new moon was sighted locally a day or two before or after the Umm al-Qura
          calendar.
        </p>
      </div>
      <p className={styles.hint}>Saved in this browser.</p>
      <Button variant="outline" small onClick={() => onChange(DEFAULT_STORED)}>
        Reset to defaults
      </Button>
    </form>
  );
}
