// Regenerates frontend/src/assets/fonts/amiri-basmala.woff2: Amiri (from @fontsource/amiri,
// SIL OFL 1.1) cut down to the glyphs of the Arabic text the site shows (the basmala), so
// the home page loads a few KB instead of the ~110 KB Arabic subset. Run after changing any
// Arabic text in src/content:  node frontend/scripts/subset-arabic-font.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const source = join(root, 'node_modules/@fontsource/amiri/files/amiri-arabic-400-normal.woff2');
const content = readFileSync(join(here, '..', 'src', 'content', 'home.ts'), 'utf8');
// Every Arabic-script character used in the content, plus the space.
const text =
  [...new Set(content.match(/[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/g) ?? [])].join(
    '',
  ) + ' ';
const subset = await subsetFont(readFileSync(source), text, { targetFormat: 'woff2' });
const out = join(here, '..', 'src', 'assets', 'fonts', 'amiri-basmala.woff2');
writeFileSync(out, subset);
console.log(`${out}: ${subset.length} bytes for ${text.length} characters`);
