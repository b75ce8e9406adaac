import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeCities, nearestCity, searchCities, searchKey, toPlace } from './cities';

// The real list, as `make` builds it before the unit tests (frontend/scripts/build_cities.py).
const file = JSON.parse(
  readFileSync(join(import.meta.dirname, 'data', 'cities.json'), 'utf8'),
) as Parameters<typeof decodeCities>[0];
const index = decodeCities(file, ['en']);
const first = (query: string) => searchCities(index, query, 5)[0];
const label = (query: string) => {
  const city = first(query);
  return city && `${city.name}, ${city.country}, ${city.timeZone}`;
};

describe('the city list', () => {
  it('has every city over 15,000 people with a current time zone', () => {
    expect(index.cities.length).toBeGreaterThan(30_000);
    expect(file.source).toMatch(/GeoNames.*CC BY 4\.0/);
    for (const city of index.cities) {
      expect(Math.abs(city.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(city.longitude)).toBeLessThanOrEqual(180);
      expect(city.country).toMatch(/^[A-Z]{2}$/);
    }
    const zones = new Set(index.cities.map((city) => city.timeZone));
    for (const zone of zones)
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
    expect(label('kyiv')).toBe('Kyiv, UA, Europe/Kyiv');
    expect(label('ciudad juarez')).toBe('Ciudad Juárez, MX, America/Ciudad_Juarez');
  });

  it('decodes coordinates to within a hundredth of a degree', () => {
    const makkah = defined(first('makkah'));
    expect(makkah).toMatchObject({ name: 'Makkah', country: 'SA', timeZone: 'Asia/Riyadh' });
    expect(makkah.latitude).toBeCloseTo(21.43, 2);
    expect(makkah.longitude).toBeCloseTo(39.83, 2);
    expect(toPlace(defined(first('reykjavik')))).toEqual({
      name: 'Reykjavík',
      country: 'IS',
      latitude: 64.14,
      longitude: -21.9,
      timeZone: 'Atlantic/Reykjavik',
    });
  });
});

describe('search', () => {
  it('ignores case and accents, and knows common alternate names', () => {
    expect(searchKey('São Paulo')).toBe('sao paulo');
    expect(searchKey('Łódź')).toBe('lodz');
    expect(label('sao paulo')).toBe('São Paulo, BR, America/Sao_Paulo');
    expect(label('ZURICH')).toBe('Zürich, CH, Europe/Zurich');
    expect(label('mecca')).toBe('Makkah, SA, Asia/Riyadh');
    expect(label('medina')).toBe('Madinah, SA, Asia/Riyadh');
  });

  it('puts exact names before prefixes and larger cities first', () => {
    const londons = searchCities(index, 'london', 8);
    expect(londons[0]).toMatchObject({ name: 'London', country: 'GB' });
    expect(londons[1]).toMatchObject({ name: 'London', country: 'CA' });
    expect(londons.slice(2).every((city) => city.name !== 'London')).toBe(true);
    expect(searchCities(index, 'lond', 8)[0]).toMatchObject({ name: 'London', country: 'GB' });
    // A word inside the name: "Kuala Lumpur" for "lumpur".
    expect(first('lumpur')).toMatchObject({ name: 'Kuala Lumpur' });
  });

  it('narrows by country after a comma, by code or name', () => {
    expect(first('london, ca')).toMatchObject({ name: 'London', country: 'CA' });
    expect(first('london, canada')).toMatchObject({ name: 'London', country: 'CA' });
    expect(first('hyderabad, pak')).toMatchObject({ country: 'PK' });
    expect(searchCities(index, 'london, japan')).toEqual([]);
  });

  it('finds nothing for nothing', () => {
    expect(searchCities(index, '   ')).toEqual([]);
    expect(searchCities(index, 'qqqqzzzz')).toEqual([]);
    expect(searchCities(index, 'a', 8)).toHaveLength(8);
  });
});

describe('the nearest city names a position', () => {
  it.each([
    [21.4225, 39.8262, 'Makkah'],
    [51.5007, -0.1246, 'London'],
    [-33.8568, 151.2153, 'Sydney'],
    [64.1466, -21.9426, 'Reykjavík'],
  ])('%f, %f is in %s', (latitude, longitude, name) => {
    expect(nearestCity(index, latitude, longitude).name).toBe(name);
  });
});

function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}
