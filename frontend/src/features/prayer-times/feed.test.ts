import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Place } from '../../lib/prayerTimes/settings';
import { FEED_PATH, feedLinks, feedQuery } from './feed';

const LONDON: Place = {
  name: 'London',
  country: 'GB',
  latitude: 51.50853,
  longitude: -0.12574,
  timeZone: 'Europe/London',
};

describe('the calendar feed links', () => {
  it('carry the place to 0.1° and the defaults as the server reads them', () => {
    const query = new URLSearchParams(
      feedQuery(LONDON, DEFAULT_SETTINGS, { lead: 10, lang: 'en' }),
    );
    expect(Object.fromEntries(query)).toEqual({
      lat: '51.5',
      lon: '-0.1',
      tz: 'Europe/London',
      country: 'GB',
      lead: '10',
      lang: 'en',
    });
    expect(query.toString()).not.toContain('51.508');
  });

  it('carry every chosen setting, the adjustments in the prayers’ order', () => {
    const query = new URLSearchParams(
      feedQuery(
        { ...LONDON, latitude: -0.04, longitude: 179.96, country: '' },
        {
          method: 'Karachi',
          asr: 'hanafi',
          highLatitude: 'seventhofthenight',
          adjustments: { fajr: 2, sunrise: 0, dhuhr: -1, asr: 0, maghrib: 3, isha: 0 },
        },
        { lead: 0, lang: 'ar' },
      ),
    );
    expect(query.get('lat')).toBe('0.0');
    expect(query.get('lon')).toBe('180.0');
    expect(query.has('country')).toBe(false);
    expect(query.get('method')).toBe('Karachi');
    expect(query.get('asr')).toBe('hanafi');
    expect(query.get('high')).toBe('seventhofthenight');
    expect(query.get('adj')).toBe('2,0,-1,0,3,0');
    expect(query.get('lead')).toBe('0');
    expect(query.get('lang')).toBe('ar');
  });

  it('are the same feed over https and webcal', () => {
    const links = feedLinks('https://example.org', LONDON, DEFAULT_SETTINGS, {
      lead: 5,
      lang: 'tr',
    });
    expect(links.https.startsWith(`https://example.org${FEED_PATH}?lat=51.5&`)).toBe(true);
    expect(links.webcal).toBe(links.https.replace('https:', 'webcal:'));
    expect(
      feedLinks('http://127.0.0.1:8000', LONDON, DEFAULT_SETTINGS, { lead: 5, lang: 'tr' }).webcal,
    ).toMatch(/^webcal:\/\/127\.0\.0\.1:8000\/api\/prayer-times\/calendar\.ics\?/);
  });
});
