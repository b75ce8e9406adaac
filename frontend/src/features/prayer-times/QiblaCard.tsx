import { Select, Trans, useLingui } from '@lingui/react/macro';
import { Navigation } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/Button';
import type { Place } from '../../lib/prayerTimes/compute';
import { formatNumber } from '../../lib/i18n/format';
import { compassPoint, distanceToKaaba, qiblaBearing } from './qibla';
import styles from './PrayerTimesPage.module.css';

interface OrientationEventWithCompass extends DeviceOrientationEvent {
  /** Safari: degrees from magnetic north. */
  webkitCompassHeading?: number;
}
type OrientationPermission = { requestPermission?: () => Promise<'granted' | 'denied'> };

const noSubscription = () => () => undefined;
const hasCompass = () =>
  'DeviceOrientationEvent' in window && window.matchMedia('(pointer: coarse)').matches;
const noCompass = () => false;

/** The bearing from true north, the distance, a compass drawing and an optional live compass. */
export function QiblaCard({ place, locale }: { place: Place; locale: string }) {
  const { t } = useLingui();
  const bearing = qiblaBearing(place.latitude, place.longitude);
  const distance = distanceToKaaba(place.latitude, place.longitude);
  const [heading, setHeading] = useState<number | null>(null);
  const [live, setLive] = useState(false);
  // Only touch screens with an orientation sensor get the button (never in the HTML).
  const supported = useSyncExternalStore(noSubscription, hasCompass, noCompass);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!live) return;
    const onOrientation = (event: Event) => {
      const orientation = event as OrientationEventWithCompass;
      if (typeof orientation.webkitCompassHeading === 'number') {
        setHeading(orientation.webkitCompassHeading);
      } else if (orientation.absolute && typeof orientation.alpha === 'number') {
        setHeading((360 - orientation.alpha) % 360);
      }
    };
    window.addEventListener('deviceorientationabsolute', onOrientation);
    window.addEventListener('deviceorientation', onOrientation);
    return () => {
      window.removeEventListener('deviceorientationabsolute', onOrientation);
      window.removeEventListener('deviceorientation', onOrientation);
    };
  }, [live]);

  const startLive = async () => {
    const request = (window.DeviceOrientationEvent as unknown as OrientationPermission)
      .requestPermission;
    if (request) {
      try {
        if ((await request()) !== 'granted') {
          setProblem(t`Motion and orientation access was not allowed.`);
          return;
        }
      } catch {
        setProblem(t`This browser did not allow the compass.`);
        return;
      }
    }
    setLive(true);
  };

  const degrees = formatNumber(Math.round(bearing * 10) / 10, locale, {
    maximumFractionDigits: 1,
  });
  const km = formatNumber(distance, locale, { maximumFractionDigits: 0 });
  const direction = compassPoint(bearing);
  // With a live heading the dial turns so that its north points north.
  const dial = heading === null ? 0 : -heading;

  return (
    <div className={styles.qibla}>
      <h2 className={styles.panelTitle} id="qibla-title">
        <Trans>Qibla</Trans>
      </h2>
      <svg
        className={styles.compass}
        viewBox="-100 -100 200 200"
        role="img"
        aria-label={t`Compass: the Qibla is ${degrees}° from true north`}
      >
        <g transform={`rotate(${dial})`}>
          <circle r="92" className={styles.dial} />
          {Array.from({ length: 36 }, (_, index) => (
            <line
              key={index}
              y1={-92}
              y2={index % 9 === 0 ? -78 : -86}
              transform={`rotate(${index * 10})`}
              className={styles.tick}
            />
          ))}
          <text y="-62" className={styles.north}>
            {t({
              message: 'N',
              comment: 'The north mark on the compass dial: one letter if possible.',
            })}
          </text>
          <g transform={`rotate(${bearing})`}>
            <line y1="0" y2="-70" className={styles.needle} />
            <path d="M0,-84 L-8,-66 L8,-66 Z" className={styles.needleHead} />
          </g>
          <circle r="5" className={styles.hub} />
        </g>
      </svg>
      <p className={styles.qiblaFigure}>
        <Trans comment="The Qibla's bearing and its compass point (N, NE, E, SE, S, SW, W, NW).">
          <strong>{degrees}°</strong> from true north (
          <Select
            value={direction}
            _N="N"
            _NE="NE"
            _E="E"
            _SE="SE"
            _S="S"
            _SW="SW"
            _W="W"
            _NW="NW"
            other=""
          />
          )
        </Trans>
      </p>
      <p className={styles.hint}>
        <Trans>
          The Kaaba in Makkah is {km} km away along the shortest path over the Earth. A phone
          compass shows magnetic north, which can differ from true north by a few degrees.
        </Trans>
      </p>
      {supported && !live && (
        <Button variant="outline" small onClick={() => void startLive()}>
          <Navigation size={16} aria-hidden="true" />
          <Trans>Use live compass</Trans>
        </Button>
      )}
      {live && heading === null && (
        <p className={styles.hint}>
          <Trans>Turn your phone flat and move it in a figure of eight.</Trans>
        </p>
      )}
      {problem && <p className={styles.error}>{problem}</p>}
    </div>
  );
}
