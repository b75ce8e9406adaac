import { Navigation } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/Button';
import type { Place } from './compute';
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
export function QiblaCard({ place, locale }: { place: Place; locale: string | undefined }) {
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
          setProblem('Motion and orientation access was not allowed.');
          return;
        }
      } catch {
        setProblem('This browser did not allow the compass.');
        return;
      }
    }
    setLive(true);
  };

  const rounded = Math.round(bearing * 10) / 10;
  const km = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(distance);
  // With a live heading the dial turns so that its north points north.
  const dial = heading === null ? 0 : -heading;

  return (
    <div className={styles.qibla}>
      <h2 className={styles.panelTitle} id="qibla-title">
        Qibla
      </h2>
      <svg
        className={styles.compass}
        viewBox="-100 -100 200 200"
        role="img"
        aria-label={`Compass: the Qibla is ${rounded}° from true north`}
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
            N
          </text>
          <g transform={`rotate(${bearing})`}>
            <line y1="0" y2="-70" className={styles.needle} />
            <path d="M0,-84 L-8,-66 L8,-66 Z" className={styles.needleHead} />
          </g>
          <circle r="5" className={styles.hub} />
        </g>
      </svg>
      <p className={styles.qiblaFigure}>
        <strong>{rounded}°</strong> from true north ({compassPoint(bearing)})
      </p>
      <p className={styles.hint}>
        The Kaaba in Makkah is {km} km away along the shortest path over the Earth. A phone compass
        shows magnetic north, which can differ from true north by a few degrees.
      </p>
      {supported && !live && (
        <Button variant="outline" small onClick={() => void startLive()}>
          <Navigation size={16} aria-hidden="true" />
          Use live compass
        </Button>
      )}
      {live && heading === null && (
        <p className={styles.hint}>Turn your phone flat and move it in a figure of eight.</p>
      )}
      {problem && <p className={styles.error}>{problem}</p>}
    </div>
  );
}
