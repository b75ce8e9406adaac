import { phoneMock } from '../../content/home';
import styles from './PhoneMockup.module.css';

/** Decorative phone showing sample app content; the basmala keeps a spoken name. */
export function PhoneMockup() {
  return (
    <figure className={styles.figure} aria-label="Preview of the app on a phone">
      <div className={styles.phone}>
        <div className={styles.notch} aria-hidden="true" />
        <div className={styles.screen}>
          <p className={styles.greeting}>{phoneMock.greeting}</p>
          <p className={styles.date}>
            {phoneMock.date} · {phoneMock.hijri}
          </p>
          <ul className={styles.prayers}>
            {phoneMock.prayers.map((prayer) => (
              <li
                key={prayer.name}
                className={`${styles.prayer} ${prayer.next ? styles.next : ''}`}
              >
                <span className={styles.prayerName}>{prayer.name}</span>
                <span className={styles.prayerTime}>{prayer.time}</span>
                <span className={styles.countdown}>{prayer.countdown}</span>
              </li>
            ))}
          </ul>
          <div className={styles.tracker}>
            <p className={styles.trackerTitle}>{phoneMock.trackerTitle}</p>
            <ul className={styles.trackerList}>
              {phoneMock.tracker.map((prayer) => (
                <li key={prayer.name} className={prayer.done ? styles.done : ''}>
                  <span className={styles.trackerDot} aria-hidden="true">
                    {prayer.done ? '✓' : ''}
                  </span>
                  <span>{prayer.name}</span>
                  {prayer.done && <span className="sr-only"> (prayed)</span>}
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
            <p className={styles.verseTitle}>{phoneMock.verseCardTitle}</p>
            <p className={styles.basmalaWrap}>
              <span role="img" aria-label={phoneMock.basmalaLabel}>
                <span lang="ar" dir="rtl" className={styles.basmala}>
                  {phoneMock.basmala}
                </span>
              </span>
            </p>
            <span className={styles.save} aria-hidden="true">
              {phoneMock.save}
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
}
