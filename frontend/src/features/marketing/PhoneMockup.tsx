import { useLingui } from '@lingui/react/macro';
import { phoneMock } from '../../content/home';
import { useText } from '../../lib/configContext';
import { activeLocale } from '../../lib/i18n/catalogs';
import { intlLocale } from '../../lib/i18n/locales';
import { translate } from '../../lib/i18n/translate';
import styles from './PhoneMockup.module.css';

/** Decorative phone showing sample app content; the basmala keeps a spoken name. */
export function PhoneMockup() {
  const text = useText();
  const { i18n, t } = useLingui();
  // The sample's numbers in the page's digits (Arabic-Indic on Arabic pages).
  const locale = intlLocale(activeLocale());
  const number = new Intl.NumberFormat(locale, { useGrouping: false });
  const twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 });
  const timeOfDay = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  const { date, hijri } = phoneMock;
  const gregorian = translate(i18n, date.text, { day: number.format(date.day) });
  const hijriDate = translate(i18n, hijri.text, {
    day: number.format(hijri.day),
    year: number.format(hijri.year),
  });
  return (
    <figure className={styles.figure} aria-label={t`Preview of the app on a phone`}>
      <div className={styles.phone}>
        <div className={styles.notch} aria-hidden="true" />
        <div className={styles.screen}>
          <p className={styles.greeting}>{text(phoneMock.greeting)}</p>
          <p className={styles.date}>
            {t({
              message: `${gregorian} · ${hijriDate}`,
              comment:
                'The sample date on the picture of the app, then the same day in the Hijri calendar. Use a separator that cannot be read as a digit in your script (in Arabic, a dot beside Arabic-Indic digits reads as a zero).',
            })}
          </p>
          <ul className={styles.prayers}>
            {phoneMock.prayers.map((prayer) => (
              <li key={prayer.id} className={`${styles.prayer} ${prayer.next ? styles.next : ''}`}>
                <span className={styles.prayerName}>{text(prayer.name)}</span>
                <span className={styles.prayerTime}>
                  {timeOfDay.format(Date.UTC(2025, 3, 10, prayer.time.hour, prayer.time.minute))}
                </span>
                <span className={styles.countdown}>
                  {translate(i18n, phoneMock.countdown, {
                    hours: number.format(prayer.countdown.hours),
                    minutes: twoDigits.format(prayer.countdown.minutes),
                  })}
                </span>
              </li>
            ))}
          </ul>
          <div className={styles.tracker}>
            <p className={styles.trackerTitle}>{text(phoneMock.trackerTitle)}</p>
            <ul className={styles.trackerList}>
              {phoneMock.tracker.map((prayer) => (
                <li key={prayer.id} className={prayer.done ? styles.done : ''}>
                  <span className={styles.trackerDot} aria-hidden="true">
                    {prayer.done ? '✓' : ''}
                  </span>
                  <span>{text(prayer.name)}</span>
                  {prayer.done && <span className="sr-only"> {text(phoneMock.prayed)}</span>}
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.dots} aria-hidden="true">
            <span className={styles.dotActive} />
            <span />
            <span />
          </div>
          <div className={styles.verseCard}>
            <p className={styles.verseTitle}>{text(phoneMock.verseCardTitle)}</p>
            <p className={styles.basmalaWrap}>
              <span role="img" aria-label={text(phoneMock.basmalaLabel)}>
                {/* A quotation: Arabic in every language. */}
                <span lang="ar" dir="rtl" className={styles.basmala}>
                  {phoneMock.basmala}
                </span>
              </span>
            </p>
            <span className={styles.save} aria-hidden="true">
              {text(phoneMock.save)}
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
}
