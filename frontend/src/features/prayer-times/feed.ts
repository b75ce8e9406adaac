/**
 * The subscription links of the server's prayer-times calendar feed (docs/api.md#calendar-feed):
 * the place and settings the page keeps, as the feed's query. The place is rounded to 0.1°
 * (about 11 km) here already, so the link a person copies holds no more than the server keeps;
 * the server rounds again whatever it is sent.
 */
import { PRAYERS, type Place, type PrayerSettings } from '../../lib/prayerTimes/settings';

export const FEED_PATH = '/api/prayer-times/calendar.ics';
/** The alarm choices, in minutes before the prayer (the server takes 0–60). */
export const FEED_LEADS = [0, 5, 10, 15, 30] as const;
export const DEFAULT_FEED_LEAD = 10;

export interface FeedOptions {
  /** Minutes before each prayer the calendar's alarm rings. */
  lead: number;
  /** The language of the events' names: one of the site's languages. */
  lang: string;
}

export interface FeedLinks {
  https: string;
  webcal: string;
}

const tenth = (value: number) => (Math.round(value * 10) / 10 + 0).toFixed(1);

/** The feed's query, in the server's names (lat, lon, tz, country, method, asr, high, adj, …). */
export function feedQuery(place: Place, settings: PrayerSettings, options: FeedOptions): string {
  const query = new URLSearchParams({
    lat: tenth(place.latitude),
    lon: tenth(place.longitude),
    tz: place.timeZone,
  });
  if (place.country) query.set('country', place.country);
  if (settings.method !== 'auto') query.set('method', settings.method);
  if (settings.asr !== 'auto') query.set('asr', settings.asr);
  if (settings.highLatitude !== 'auto') query.set('high', settings.highLatitude);
  const adjustments = PRAYERS.map((prayer) => settings.adjustments[prayer] ?? 0);
  if (adjustments.some((minutes) => minutes !== 0)) query.set('adj', adjustments.join(','));
  query.set('lead', String(options.lead));
  query.set('lang', options.lang);
  return query.toString();
}

/** The https link, and the same as webcal:// (which calendar apps open as a subscription). */
export function feedLinks(
  origin: string,
  place: Place,
  settings: PrayerSettings,
  options: FeedOptions,
): FeedLinks {
  const https = `${origin}${FEED_PATH}?${feedQuery(place, settings, options)}`;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}
