/**
 * The offline world city list of /prayer-times and its search (docs/prayer-times.md#city-list).
 *
 * The list is a static, content-hashed file from our own origin, built from GeoNames by
 * frontend/scripts/build_cities.py. It is fetched the first time the visitor uses the search
 * field or asks the page to name their position, never with the page; what they type and where
 * they are stay in the browser.
 */
import { msg } from '@lingui/core/macro';
import { activeLocale } from '../../lib/i18n/catalogs';
import citiesUrl from './data/cities.json?url';
import type { Place } from '../../lib/prayerTimes/compute';

/** GeoNames is CC BY 4.0: the page credits it, with these links, next to the search field. */
export const CITY_ATTRIBUTION = {
  source: 'GeoNames',
  sourceUrl: 'https://www.geonames.org/',
  // The licence's name, the same in every language.
  // eslint-disable-next-line lingui/no-unlocalized-strings
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  /**
   * What we changed (the licence asks to say so): a selection, rounded coordinates. A message in
   * the page's language, shown in brackets after the source and the licence.
   */
  changes: msg`Cities over 15,000 people; coordinates rounded to 0.01°`,
} as const;

export interface City {
  name: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** First-level division ("Illinois") where the list names it (the United States), else ''. */
  admin: string;
  /** Its code ("IL"), or ''. */
  adminCode: string;
  /** Degrees, to a hundredth. */
  latitude: number;
  longitude: number;
  /** IANA time zone. */
  timeZone: string;
  /** Other names people type for a large city ("Mecca" for Makkah); often empty. */
  alternates: readonly string[];
  /** 100 × log10(population); 0 when GeoNames has no figure. Orders the search results. */
  rank: number;
}

export interface CityIndex {
  /** By country code, then largest first. */
  readonly cities: readonly City[];
  /** The search keys of the names, each after a newline: "\nescaldes\nandorra la vella…\n". */
  readonly nameText: string;
  /** Where each city's key starts in nameText (at its newline). */
  readonly nameStarts: Int32Array;
  /** The same for every alternate name, and the city each belongs to. */
  readonly altText: string;
  readonly altStarts: Int32Array;
  readonly altCity: Int32Array;
  /** Per city, its unit vector (x, y, z): the nearest city is the largest dot product. */
  readonly vectors: Float64Array;
  /** Search keys of each country's code and names (English and the visitor's languages). */
  readonly countryKeys: ReadonlyMap<string, readonly string[]>;
  /** The divisions the list names: [code, name]. */
  readonly admins: readonly (readonly [string, string])[];
}

/** The file build_cities.py writes (its docstring describes every field). */
export interface CityFile {
  v: 1;
  source: string;
  zones: string[];
  admins: [string, string][];
  countries: (string | number)[];
  names: string;
  lat: number[];
  lon: number[];
  zone: number[];
  admin: number[];
  rank: number[];
  alt: Record<string, string>;
}

// Letters NFKD does not take apart into a base letter and a mark (build_cities.py folds alike).
const FOLD: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
};

const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
// Arabic-script letters that Arabic, Persian and Urdu write differently, or that people type
// with or without their dots: alef wasla and the wavy-hamza alefs → alef; teh marbuta, heh goal,
// heh doachashmee and ae → heh; alef maksura, farsi yeh, yeh barree and the Pashto yehs → yeh;
// keheh and swash kaf → kaf (build_cities.py folds alike).
const ARABIC_FOLD: Record<string, string> = {
  '\u0671': '\u0627',
  '\u0672': '\u0627',
  '\u0673': '\u0627',
  '\u0629': '\u0647',
  '\u06c3': '\u0647',
  '\u06be': '\u0647',
  '\u06c1': '\u0647',
  '\u06d5': '\u0647',
  '\u0649': '\u064a',
  '\u06cc': '\u064a',
  '\u06cd': '\u064a',
  '\u06d0': '\u064a',
  '\u06d2': '\u064a',
  '\u06a9': '\u0643',
  '\u06aa': '\u0643',
};
const ARABIC_VARIANTS =
  /[\u0671-\u0673\u0629\u06c3\u06be\u06c1\u06d5\u0649\u06cc\u06cd\u06d0\u06d2\u06a9\u06aa]/g;

/**
 * Arabic script as the search compares it, on text already NFKD-decomposed (hamza on alef, waw
 * or yeh and madda become the base letter and a mark): no marks (tashkeel: fatha, kasra, shadda,
 * sukun, superscript alef… and the hamza and madda marks), no tatweel, no zero-width (non-)joiner,
 * and the letters of ARABIC_FOLD as one. "إسطنبول" and "اسطنبول" are alike, so are "مكة",
 * "مكه" and "مکہ".
 */
export function foldArabic(text: string): string {
  return text
    .replace(/\p{M}+/gu, '')
    .replace(/[\u0640\u200c\u200d]/g, '')
    .replace(ARABIC_VARIANTS, (letter) => ARABIC_FOLD[letter] ?? letter);
}

/**
 * What names and queries are compared as: lower case, no accents, no apostrophes or dots (they
 * also write ayn and hamza: "Qo‘qon" is "qoqon"), Arabic script folded (foldArabic), words split
 * by one space. "São Paulo" → "sao paulo", "Nur-Sultan" → "nur sultan", "St. John's" →
 * "st johns", "مَكَّة المُكَرَّمة" → "مكه المكرمه".
 */
export function searchKey(text: string): string {
  // Most names are plain ASCII words: lower case is all they need (decoding 34,000 names).
  if (/^[A-Za-z]+(?: [A-Za-z]+)*$/.test(text)) return text.toLowerCase();
  const bare = text
    .toLowerCase()
    .replace(/[øłđðßæœıþ]/g, (letter) => FOLD[letter] ?? letter)
    .normalize('NFKD');
  return (ARABIC_SCRIPT.test(bare) ? foldArabic(bare) : bare.replace(/\p{M}+/gu, ''))
    .replace(/['`´‘’ʻʼʾʿ.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The name a result is shown by, when the query is in Arabic script (the city's own name is
 * Latin): the query itself where it is one of the city's names whole ("إسطنبول", spelt as the
 * visitor spells it), else the alternate name it starts ("مكة المكر" → "مكة المكرمة"); otherwise
 * the city's name. The list cannot say which language an alternate is in
 * (docs/prayer-times.md#city-list), so it names a city in Arabic script only when the visitor
 * wrote that name.
 */
export function shownName(city: City, query: string): string {
  const comma = query.lastIndexOf(',');
  const typed = (comma < 0 ? query : query.slice(0, comma)).trim().replace(/\s+/g, ' ');
  const name = searchKey(typed);
  if (!name || !ARABIC_SCRIPT.test(name)) return city.name;
  const arabic = city.alternates.filter((alternate) => ARABIC_SCRIPT.test(alternate));
  const keys = arabic.map(searchKey);
  if (keys.includes(name)) return typed;
  const at = keys.findIndex((key) => key.startsWith(name));
  const word = keys.findIndex((key) => key.includes(` ${name}`));
  return arabic[at >= 0 ? at : word] ?? city.name;
}

// What people type after the comma for a country that is neither its code nor its name.
const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  america: 'US',
  uae: 'AE',
  ksa: 'SA',
};

function countryNames(code: string, displayNames: readonly Intl.DisplayNames[]): string[] {
  const names = new Set([searchKey(code)]);
  for (const display of displayNames) {
    const name = display.of(code);
    if (name) names.add(searchKey(name));
  }
  for (const [alias, target] of Object.entries(COUNTRY_ALIASES)) {
    if (target === code) names.add(alias);
  }
  return [...names];
}

function displayNamesFor(locales: readonly string[]): Intl.DisplayNames[] {
  const displays: Intl.DisplayNames[] = [];
  for (const locale of new Set(locales)) {
    try {
      displays.push(new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }));
    } catch {
      // A language tag the browser does not know: the other names still match.
    }
  }
  return displays;
}

/** The file as a searchable index; `locales` name the countries after a comma. */
export function decodeCities(file: CityFile, locales: readonly string[] = ['en']): CityIndex {
  if (file.v !== 1) throw new Error(`city list: unknown version ${String(file.v)}`);
  const names = file.names.split('|');
  const count = names.length;
  for (const column of [file.lat, file.lon, file.zone, file.admin, file.rank]) {
    if (column.length !== count) throw new Error('city list: columns of different lengths');
  }
  const displayNames = displayNamesFor(locales);
  const cities: City[] = [];
  const nameKeys: string[] = [];
  const nameStarts = new Int32Array(count);
  const altKeys: string[] = [];
  const altStarts: number[] = [];
  const altCity: number[] = [];
  let nameLength = 0;
  let altLength = 0;
  const vectors = new Float64Array(count * 3);
  const countryKeys = new Map<string, string[]>();
  const rad = Math.PI / 180;
  let index = 0;
  let lat = 0;
  let lon = 0;
  for (let group = 0; group < file.countries.length; group += 2) {
    const country = String(file.countries[group]);
    const end = index + Number(file.countries[group + 1]);
    countryKeys.set(country, countryNames(country, displayNames));
    for (; index < end; index++) {
      lat += file.lat[index] ?? 0;
      lon += file.lon[index] ?? 0;
      const name = names[index] ?? '';
      const alternates = file.alt[index]?.split('|') ?? [];
      const [adminCode = '', admin = ''] = file.admins[(file.admin[index] ?? 0) - 1] ?? [];
      const city: City = {
        name,
        country,
        admin,
        adminCode,
        latitude: lat / 100,
        longitude: lon / 100,
        timeZone: file.zones[file.zone[index] ?? -1] ?? 'UTC',
        alternates,
        rank: file.rank[index] ?? 0,
      };
      cities.push(city);
      const key = searchKey(name);
      nameStarts[index] = nameLength;
      nameKeys.push(key);
      nameLength += key.length + 1;
      for (const alternate of alternates) {
        const altKey = searchKey(alternate);
        altStarts.push(altLength);
        altCity.push(index);
        altKeys.push(altKey);
        altLength += altKey.length + 1;
      }
      const phi = city.latitude * rad;
      const lambda = city.longitude * rad;
      vectors[index * 3] = Math.cos(phi) * Math.cos(lambda);
      vectors[index * 3 + 1] = Math.cos(phi) * Math.sin(lambda);
      vectors[index * 3 + 2] = Math.sin(phi);
    }
  }
  if (index !== count) throw new Error('city list: country counts do not add up');
  return {
    cities,
    nameText: `\n${nameKeys.join('\n')}\n`,
    nameStarts,
    altText: `\n${altKeys.join('\n')}\n`,
    altStarts: Int32Array.from(altStarts),
    altCity: Int32Array.from(altCity),
    vectors,
    countryKeys,
    admins: file.admins,
  };
}

let loading: Promise<CityIndex> | undefined;

/**
 * The list, fetched from our origin once per page and kept; a failed fetch may be tried again.
 * Call it when the visitor first uses the search field or asks to be located, not before: it
 * is a megabyte (a third of that over the wire) that most visits of the page never need.
 */
export function loadCities(): Promise<CityIndex> {
  loading ??= fetch(citiesUrl, { credentials: 'omit' })
    .then((response) => {
      if (!response.ok) throw new Error(`city list: HTTP ${response.status}`);
      return response.json() as Promise<CityFile>;
    })
    // Countries after a comma in English, the page's language (the chosen city's label, put
    // back in the field, names its country so) and the browser's.
    .then((file) => decodeCities(file, ['en', activeLocale(), ...navigator.languages]))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Whether a word of `key` starts with `prefix`. */
function wordStarts(key: string, prefix: string): boolean {
  return key.startsWith(prefix) || key.includes(` ${prefix}`);
}

/**
 * Which cities a place typed after the comma allows. A country's or a US state's code ("ca":
 * Canada and California), else the countries and states with a name of which a word starts
 * with it ("united" is the United States, the United Kingdom and the United Arab Emirates).
 */
function placeFilter(index: CityIndex, place: string): (city: City) => boolean {
  const byCode = new Set<string>();
  for (const code of index.countryKeys.keys()) {
    if (searchKey(code) === place || COUNTRY_ALIASES[place] === code) byCode.add(code);
  }
  if (byCode.size || index.admins.some(([code]) => searchKey(code) === place)) {
    return (city) => byCode.has(city.country) || searchKey(city.adminCode) === place;
  }
  const byName = new Set<string>();
  for (const [code, keys] of index.countryKeys) {
    if (keys.some((key) => wordStarts(key, place))) byName.add(code);
  }
  return (city) => byName.has(city.country) || wordStarts(searchKey(city.admin), place);
}

// Result tiers, best first. Alternate names count as much as the name only when typed whole:
// GeoNames gives a large city dozens ("Asumumbay" for Mumbai), which would otherwise crowd
// the names that start with a short query.
const EXACT = 0;
const NAME_PREFIX = 1;
const NAME_WORD = 2;
const ALTERNATE_PREFIX = 3;
const ALTERNATE_WORD = 4;
const NO_MATCH = 255;

/** The last position in `starts` (ascending) at or before `offset`. */
function owner(starts: Int32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Up to `limit` cities whose name or an alternate name is the query, then whose name starts
 * with it or has a word that starts with it, then the same for alternate names; the largest
 * first within each. Case and accents do not count. "name, place" keeps the cities of a country
 * (code, or a name in English or the visitor's languages) or a US state: "london, ca" is
 * London, Ontario.
 */
export function searchCities(index: CityIndex, query: string, limit = 8): City[] {
  const comma = query.lastIndexOf(',');
  const name = searchKey(comma < 0 ? query : query.slice(0, comma));
  const place = comma < 0 ? '' : searchKey(query.slice(comma + 1));
  if (!name || limit <= 0) return [];
  const { cities } = index;
  const tiers = new Uint8Array(cities.length).fill(NO_MATCH);
  const matched: number[] = [];
  const mark = (city: number, tier: number) => {
    const current = tiers[city] ?? NO_MATCH;
    if (current === NO_MATCH) matched.push(city);
    if (tier < current) tiers[city] = tier;
  };
  // Every key sits after a newline and holds no newline, and words are split by single
  // spaces: "\n" + query finds the keys it starts, " " + query the words it starts.
  const scan = (
    text: string,
    starts: Int32Array,
    cityOf: (key: number) => number,
    prefix: number,
    word: number,
  ) => {
    for (let at = text.indexOf(`\n${name}`); at >= 0; at = text.indexOf(`\n${name}`, at + 1)) {
      const whole = text.charCodeAt(at + 1 + name.length) === 10;
      mark(cityOf(owner(starts, at)), whole ? EXACT : prefix);
    }
    for (let at = text.indexOf(` ${name}`); at >= 0; at = text.indexOf(` ${name}`, at + 1)) {
      mark(cityOf(owner(starts, at)), word);
    }
  };
  scan(index.nameText, index.nameStarts, (key) => key, NAME_PREFIX, NAME_WORD);
  scan(
    index.altText,
    index.altStarts,
    (key) => index.altCity[key] ?? 0,
    ALTERNATE_PREFIX,
    ALTERNATE_WORD,
  );

  const allowed = place ? placeFilter(index, place) : () => true;
  // The best `limit` by tier, then size: a short query matches thousands, sorting them all
  // would cost more than the search.
  const best: number[] = [];
  const before = (a: number, b: number) =>
    (tiers[a] ?? 0) - (tiers[b] ?? 0) || (cities[b]?.rank ?? 0) - (cities[a]?.rank ?? 0) || a - b;
  for (const city of matched) {
    if (best.length === limit && before(city, best[limit - 1] ?? 0) >= 0) continue;
    const candidate = cities[city];
    if (!candidate || !allowed(candidate)) continue;
    let at = Math.min(best.length, limit - 1);
    while (at > 0 && before(city, best[at - 1] ?? 0) < 0) at--;
    best.splice(at, 0, city);
    if (best.length > limit) best.pop();
  }
  return best.map((city) => cities[city]).filter((city) => city !== undefined);
}

// A position this close to a larger city of the same time zone is named after it: GeoNames lists
// districts as places of their own, and a visitor at Westminster is in London.
const SAME_PLACE_KM = 10;
const EARTH_RADIUS_KM = 6371.0088;
const SAME_PLACE_COS = Math.cos(SAME_PLACE_KM / EARTH_RADIUS_KM);

/**
 * The city that names a position (what a located visitor is shown): the nearest along the
 * Earth's surface, or the largest within 10 km of the position in the nearest one's zone.
 */
export function nearestCity(index: CityIndex, latitude: number, longitude: number): City {
  const rad = Math.PI / 180;
  const x = Math.cos(latitude * rad) * Math.cos(longitude * rad);
  const y = Math.cos(latitude * rad) * Math.sin(longitude * rad);
  const z = Math.sin(latitude * rad);
  const { vectors, cities } = index;
  let best = -1;
  let bestDot = -Infinity;
  const close: number[] = [];
  for (let i = 0; i < cities.length; i++) {
    // The cosine of the angle between the two points: the larger, the nearer.
    const dot =
      x * (vectors[i * 3] ?? 0) + y * (vectors[i * 3 + 1] ?? 0) + z * (vectors[i * 3 + 2] ?? 0);
    if (dot > bestDot) {
      bestDot = dot;
      best = i;
    }
    if (dot >= SAME_PLACE_COS) close.push(i);
  }
  const nearest = cities[best];
  if (!nearest) throw new Error('city list: empty');
  return close
    .map((i) => cities[i])
    .filter((city): city is City => city?.timeZone === nearest.timeZone)
    .reduce((largest, city) => (city.rank > largest.rank ? city : largest), nearest);
}

/** What the prayer times need of a city. */
export function toPlace(city: City): Place {
  return {
    name: city.name,
    country: city.country,
    latitude: city.latitude,
    longitude: city.longitude,
    timeZone: city.timeZone,
  };
}
