/**
 * The page's prayer times for a list of cases, with the page's own code: the frontend's
 * `lib/prayerTimes/compute.ts` (adhan), bundled once by rolldown (the bundler Vite uses, already
 * installed) into a temporary file and imported. Read by test_times.py, which compares the
 * server's times with them (docs/prayer-times.md#the-servers-times).
 *
 * stdin: a JSON array of {place: {name, country, latitude, longitude, timeZone},
 * day: {year, month, day}, settings: {method, asr, highLatitude, adjustments}}.
 * stdout: a JSON array, one object per case: each prayer's minute as the page shows it
 * (whole minutes since 1970-01-01 UTC, the instant's minute: what `timeFormatter` displays),
 * or null where the page shows '—'.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const entry = join(root, 'frontend/src/lib/prayerTimes/compute.ts');

const bundle = await rolldown({ input: entry, platform: 'node', logLevel: 'silent' });
const { output } = await bundle.generate({ format: 'esm' });
await bundle.close();
const dir = mkdtempSync(join(tmpdir(), 'page-times-'));
let compute;
try {
  const file = join(dir, 'compute.mjs');
  writeFileSync(file, output[0].code);
  compute = await import(pathToFileURL(file).href);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const cases = JSON.parse(readFileSync(0, 'utf8'));
const minute = (instant) => {
  const ms = instant.getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 60_000);
};
const results = cases.map(({ place, day, settings }) => {
  const times = compute.computeDay(place, day, settings);
  return Object.fromEntries(compute.PRAYERS.map((prayer) => [prayer, minute(times[prayer])]));
});
process.stdout.write(JSON.stringify(results));
