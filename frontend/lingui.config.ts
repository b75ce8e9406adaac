/**
 * Lingui: where messages are extracted from and which catalogue each belongs to
 * (docs/i18n.md). A page downloads the entry's catalogue ("common") and its own, for the
 * active language only; so a message must live in the catalogue of the chunk that renders it.
 *
 *   npx lingui extract --config frontend/lingui.config.ts   after adding or changing a message
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LOCALES, SOURCE_LOCALE } from './src/lib/i18n/locales';

const rootDir = fileURLToPath(new URL('.', import.meta.url));

/** A catalogue: `src/locales/<locale>/<name>.po`, holding the messages of `include`. */
const catalog = (name: string, include: string[], exclude: string[] = []) => ({
  path: `<rootDir>/src/locales/{locale}/${name}`,
  include: include.map((path) => `<rootDir>/src/${path}`),
  // A folder's path excludes only the folder itself for Lingui's glob: its files go by `/**`.
  exclude: exclude.map((path) => `<rootDir>/src/${path}${path.includes('.') ? '' : '/**'}`),
});

// Shared form rules and the server's error messages: only the pages with forms (auth, account,
// newsletter, contact) show them, so they are not in every page's "common".
const FORMS = [
  'components/form',
  'lib/email.ts',
  'lib/emailField.ts',
  'lib/hiddenText.ts',
  'lib/nameField.ts',
  'lib/password.ts',
  'lib/serverMessages.ts',
  'lib/twoFactor.ts',
];

// Each feature page's body is its own chunk (content/featurePages/<slug>.ts), so its text is its
// own catalogue: a feature page downloads its words, not the other twelve pages'.
const featurePages = readdirSync(new URL('./src/content/featurePages', import.meta.url))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => catalog(`feature-${file.slice(0, -3)}`, [`content/featurePages/${file}`]));

export default defineConfig({
  rootDir,
  sourceLocale: SOURCE_LOCALE,
  locales: LOCALES.map((locale) => locale.code),
  catalogs: [
    // The entry chunk: layout, shared components, route titles, the not-found page.
    catalog(
      'common',
      ['app', 'components', 'lib', 'main.tsx', 'content/site.ts', 'features/errors'],
      FORMS,
    ),
    catalog('forms', FORMS),
    catalog('home', ['features/marketing', 'content/home.ts']),
    catalog('features', [
      'features/catalog',
      'content/features.ts',
      'content/featurePages.ts',
      // The feature pages' titles and descriptions: the route table's, and each page's eyebrow.
      'content/featureMeta.ts',
    ]),
    ...featurePages,
    catalog('help', ['features/help', 'content/help.ts']),
    catalog('legal', ['features/legal', 'content/legal.ts']),
    catalog('guide', ['features/guides', 'content/guide.ts']),
    catalog('contact', ['features/contact']),
    catalog('prayer-times', ['features/prayer-times']),
    catalog('tracker', ['features/tracker']),
    catalog('newsletter', ['features/newsletter']),
    catalog('auth', ['features/auth']),
    catalog('account', ['features/account']),
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'origin',
});
