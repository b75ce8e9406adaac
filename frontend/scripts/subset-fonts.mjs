// Build step (before Vite): the Arabic-script fonts, cut down to the characters the site shows.
//
//   src/assets/fonts/generated/noto-sans-arabic-{400,700}.woff2    Arabic pages (and the
//       language control's names everywhere): the Arabic catalogues' characters
//   src/assets/fonts/generated/noto-nastaliq-urdu-400.woff2        Urdu pages: the Urdu ones
//   src/assets/fonts/generated/amiri-basmala.woff2                 the home page's basmala
//
// From @fontsource packages (SIL OFL 1.1; the fonts keep their licence and names). A glyph
// missing from a subset falls back to the next font of the stack, never to a blank. The
// directory is not committed; `npm run build` and `make` write it (docs/i18n.md#fonts).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const src = join(here, '..', 'src');
const out = join(src, 'assets', 'fonts', 'generated');
mkdirSync(out, { recursive: true });

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/g;
const arabicIn = (text) => new Set(text.match(ARABIC_SCRIPT) ?? []);

/** The Arabic-script characters of a language's catalogues. */
function catalogueCharacters(locale) {
  const dir = join(src, 'locales', locale);
  const chars = new Set();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.po'))) {
    for (const char of arabicIn(readFileSync(join(dir, file), 'utf8'))) chars.add(char);
  }
  return chars;
}

// Arabic-Indic digits and separators (Intl's `arab` numbering), and the script's punctuation.
const DIGITS_AND_PUNCTUATION = '٠١٢٣٤٥٦٧٨٩٪٫٬،؛؟۔';
// The language names of the language control, on every page (src/lib/i18n/locales.ts).
const LANGUAGE_NAMES = arabicIn(readFileSync(join(src, 'lib', 'i18n', 'locales.ts'), 'utf8'));

const fontsource = (name, file) => join(root, 'node_modules', '@fontsource', name, 'files', file);

const jobs = [
  {
    source: (weight) =>
      fontsource('noto-sans-arabic', `noto-sans-arabic-arabic-${weight}-normal.woff2`),
    name: 'noto-sans-arabic',
    weights: [400, 700],
    chars: new Set([...catalogueCharacters('ar'), ...LANGUAGE_NAMES, ...DIGITS_AND_PUNCTUATION]),
  },
  {
    source: (weight) =>
      fontsource('noto-nastaliq-urdu', `noto-nastaliq-urdu-arabic-${weight}-normal.woff2`),
    name: 'noto-nastaliq-urdu',
    // One weight (global.css says why).
    weights: [400],
    chars: new Set([...catalogueCharacters('ur'), ...DIGITS_AND_PUNCTUATION]),
  },
  {
    // The basmala on the home page (content/home.ts), in every language.
    source: () => fontsource('amiri', 'amiri-arabic-400-normal.woff2'),
    name: 'amiri-basmala',
    weights: [null],
    chars: arabicIn(readFileSync(join(src, 'content', 'home.ts'), 'utf8')),
  },
];

for (const job of jobs) {
  const text = [...job.chars, ' '].join('');
  for (const weight of job.weights) {
    const subset = await subsetFont(readFileSync(job.source(weight)), text, {
      targetFormat: 'woff2',
    });
    const file = weight === null ? `${job.name}.woff2` : `${job.name}-${weight}.woff2`;
    writeFileSync(join(out, file), subset);
    console.log(`fonts: ${file} ${subset.length} bytes for ${job.chars.size} characters`);
  }
}
