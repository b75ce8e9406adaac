/** The direction and distance of the Kaaba from a place (docs/prayer-times.md#qibla). */
import { Coordinates, Qibla } from 'adhan';

/** The Kaaba, as adhan places it. */
export const KAABA = { latitude: 21.4225241, longitude: 39.8261818 } as const;

// The mean radius of the Earth (IUGG), in kilometres.
const EARTH_RADIUS_KM = 6371.0088;

/** Degrees clockwise from true north of the great circle towards the Kaaba (adhan's Qibla). */
export function qiblaBearing(latitude: number, longitude: number): number {
  return Qibla(new Coordinates(latitude, longitude));
}

/** Great-circle (haversine) distance to the Kaaba, in kilometres. */
export function distanceToKaaba(latitude: number, longitude: number): number {
  const rad = Math.PI / 180;
  const dLat = (KAABA.latitude - latitude) * rad;
  const dLon = (KAABA.longitude - longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(latitude * rad) * Math.cos(KAABA.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof POINTS)[number];

/**
 * The compass point of a bearing, for a sentence next to the number (e.g. 119° → SE); the page
 * names it in its language.
 */
export function compassPoint(bearing: number): CompassPoint {
  return POINTS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8] ?? 'N';
}
