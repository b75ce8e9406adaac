/**
 * The offline city list (docs/prayer-times.md#city-list): fetched from our own origin the first
 * time the search field or the location button is used, never with the page, and searched here.
 * What a visitor types or where they are is never sent anywhere.
 */
import citiesUrl from './data/cities.json?url';
import type { Place } from './compute';

export const CITY_ATTRIBUTION = {
  source: 'GeoNames',
  sourceUrl: 'https://www.geonames.org/',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
} as const;

export interface City {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** 30 × log10(population): larger first. */
  rank: number;
  /** Search keys: the name's, then alternate names'. */
  keys: string[];
}

export interface CityIndex {
  cities: City[];
  /** Search keys of country codes and English and local country names, by country code. */
  countryKeys: Map<string, string[]>;
}

interface CityFile {
  v: 1;
  source: string;
  zones: string[];
  names: string;
  countries: string;
  lat: number[];
  lon: number[];
  zone: number[];
  rank: number[];
  alt: Record<string, string>;
}

// Letters NFKD does not take apart (frontend/scripts/build_cities.py folds the same way).
const FOLD: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
};

/** Lower case without accents, apostrophes or repeated spaces: "São Paulo" → "sao paulo". */
export function searchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[øłđßæœıþ]/g, (letter) => FOLD[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’ʻʼ'`.]/g, '')
    .replace(/[\s\-‐–]+/g, ' ')
    .trim();
}

function countryNames(code: string, locales: string[]): string[] {
  const names = [code];
  for (const locale of locales) {
    try {
      const name = new Intl.DisplayNames([locale], { type: 'region' }).of(code);
      if (name) names.push(name);
    } catch {
      // An unknown locale: the code and the other names still match.
    }
  }
  return names.map(searchKey);
}

export function decodeCities(file: CityFile, locales: string[] = ['en']): CityIndex {
  const names = file.names.split('|');
  const cities: City[] = [];
  let lat = 0;
  let lon = 0;
  const countryKeys = new Map<string, string[]>();
  names.forEach((name, index) => {
    lat += file.lat[index] ?? 0;
    lon += file.lon[index] ?? 0;
    const country = file.countries.slice(index * 2, index * 2 + 2);
    if (!countryKeys.has(country)) countryKeys.set(country, countryNames(country, locales));
    const alternates = file.alt[String(index)]?.split('|') ?? [];
    cities.push({
      name,
      country,
      latitude: lat / 100,
      longitude: lon / 100,
      timeZone: file.zones[file.zone[index] ?? 0] ?? 'UTC',
      rank: file.rank[index] ?? 0,
      keys: [name, ...alternates].map(searchKey),
    });
  });
  return { cities, countryKeys };
}

let loading: Promise<CityIndex> | null = null;

/** The list, fetched once per page. A failed fetch may be tried again. */
export function loadCities(): Promise<CityIndex> {
  loading ??= fetch(citiesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`city list: HTTP ${response.status}`);
      return response.json() as Promise<CityFile>;
    })
    .then((file) => decodeCities(file, [...new Set(['en', ...navigator.languages])]))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * Cities whose name (or a common alternate name) starts with the query, or has a word that
 * does; "name, country" narrows by country. Exact names first, then whole-name prefixes, then
 * word prefixes; larger cities first within each.
 */
export function searchCities(index: CityIndex, query: string, limit = 8): City[] {
  const [namePart = '', countryPart = ''] = query.split(',', 2);
  const name = searchKey(namePart);
  const country = searchKey(countryPart);
  if (!name) return [];
  const buckets: City[][] = [[], [], []];
  for (const city of index.cities) {
    let best = 3;
    for (const key of city.keys) {
      if (key === name) best = 0;
      else if (best > 1 && key.startsWith(name)) best = 1;
      else if (best > 2 && key.includes(` ${name}`)) best = 2;
      if (best === 0) break;
    }
    if (best === 3) continue;
    if (country) {
      const keys = index.countryKeys.get(city.country) ?? [];
      if (!keys.some((key) => key.startsWith(country))) continue;
    }
    buckets[best]?.push(city);
  }
  return buckets.flatMap((bucket) => bucket.sort((a, b) => b.rank - a.rank)).slice(0, limit);
}

// A position this close to a larger city of the same time zone is named after it (a visitor
// in Westminster is in London; GeoNames lists both).
const SAME_PLACE_KM = 10;
const EARTH_RADIUS_KM = 6371.0088;

/** The city that names a position: the nearest, or a larger one close by in the same zone. */
export function nearestCity(index: CityIndex, latitude: number, longitude: number): City {
  const rad = Math.PI / 180;
  const sinLat = Math.sin(latitude * rad);
  const cosLat = Math.cos(latitude * rad);
  const angle = (city: City) =>
    Math.acos(
      Math.min(
        1,
        sinLat * Math.sin(city.latitude * rad) +
          cosLat * Math.cos(city.latitude * rad) * Math.cos((city.longitude - longitude) * rad),
      ),
    );
  const [first] = index.cities;
  if (!first) throw new Error('empty city list');
  let nearest = first;
  let nearestAngle = Infinity;
  const close: City[] = [];
  for (const city of index.cities) {
    const a = angle(city);
    if (a < nearestAngle) {
      nearestAngle = a;
      nearest = city;
    }
    if (a * EARTH_RADIUS_KM <= SAME_PLACE_KM) close.push(city);
  }
  return close
    .filter((city) => city.timeZone === nearest.timeZone)
    .reduce((best, city) => (city.rank > best.rank ? city : best), nearest);
}

export function toPlace(city: City): Place {
  return {
    name: city.name,
    country: city.country,
    latitude: city.latitude,
    longitude: city.longitude,
    timeZone: city.timeZone,
  };
}
