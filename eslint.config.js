// ESLint for the frontend, the Playwright and conformance suites, their shared harness (testing/)
// and the benchmarks (flat config).
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The frontend's layers (frontend/README.md): app/ composes features/; a feature never imports
// another feature or app/; components/ (shared UI) and lib/ (shared non-UI code) import no
// feature and not app/, and lib/ imports no UI from components/.
const frontendSrc = fileURLToPath(new URL('frontend/src/', import.meta.url));
const features = readdirSync(`${frontendSrc}features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layers = {
  files: ['frontend/src/**/*.{ts,tsx}'],
  plugins: { import: importPlugin },
  // Without a resolver that knows .ts/.tsx, no-restricted-paths skips every import it cannot resolve.
  settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        basePath: frontendSrc,
        zones: [
          ...features.map((feature) => ({
            target: `./features/${feature}`,
            from: './features',
            except: [`./${feature}`],
            message: 'Features never import each other: share it through components/ or lib/.',
          })),
          {
            target: './features',
            from: './app',
            message: 'app/ composes the features; a feature does not import app/.',
          },
          {
            target: ['./components', './lib'],
            from: ['./features', './app'],
            message: 'components/ and lib/ are shared: they import no feature and not app/.',
          },
          {
            target: './lib',
            from: './components',
            message: 'lib/ is non-UI code: UI belongs in components/.',
          },
        ],
      },
    ],
  },
};

// Every text a person reads goes through Lingui (docs/i18n.md): a string literal that looks like
// words (a capital letter or a space) outside a message is an error, unless it is one of the
// technical names below (class names, ids, URLs, storage keys, event names, HTTP values).
const i18nRules = {
  files: ['frontend/src/**/*.{ts,tsx}'],
  ignores: ['frontend/src/**/*.test.{ts,tsx}', 'frontend/src/test/**'],
  plugins: { lingui },
  rules: {
    ...lingui.configs['flat/recommended'].rules,
    'lingui/no-unlocalized-strings': [
      'error',
      {
        ignore: [
          // One token with no capital and no space: keys, ids, class names, paths, MIME types.
          '^[^A-Z\\s]*$',
          // CONSTANT_NAMES, camelCase and PascalCase identifiers (form fields, key names).
          '^[A-Z0-9_]+$',
          '^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$',
          '^[A-Z][a-z0-9]+([A-Z][a-z0-9]*)+$',
          '^[A-Z][a-zA-Z0-9]*(-[A-Z][a-zA-Z0-9]*)+$',
          // iCalendar lines (NAME: or NAME;), and tokens with no lower-case letter and no space
          // (ISO dates and times, codes).
          '^[A-Z][A-Z-]*[:;]',
          '^[^a-z\\s]+$',
          // Dotted storage keys.
          '^[a-z][a-zA-Z0-9]*(\\.[a-zA-Z0-9]+)+$',
          // Colours.
          '^#[0-9A-Fa-f]{3,8}$',
          // Markup, CSS selectors and attribute=value pairs.
          '[\\[<=]',
        ],
        ignoreNames: [
          {
            regex: {
              pattern:
                '(className|ClassName|Id|id|Key|key|Url|url|href|Href|path|Path|type|Type|name|Name|mode|Mode|src|rel|target|lang|dir|as|role|variant|method|autoComplete|inputMode|testId|event|Event|code|Code|header|Header|accept|pattern|format|Format|timeZone|zone|locale|Locale|icon|Icon|network|slug|category|status|date|to|from)$',
            },
          },
        ],
        ignoreFunctions: [
          'console.*',
          'Error',
          'TypeError',
          'RangeError',
          '*.addEventListener',
          '*.removeEventListener',
          '*.dispatchEvent',
          '*.getItem',
          '*.setItem',
          '*.removeItem',
          '*.querySelector',
          '*.querySelectorAll',
          '*.getElementById',
          '*.setAttribute',
          '*.getAttribute',
          '*.startsWith',
          '*.endsWith',
          '*.includes',
          '*.split',
          '*.replace',
          '*.replaceAll',
          '*.headers.get',
          '*.set',
          '*.get',
          '*.has',
          '*.append',
          'URL',
          'URLSearchParams',
          'fetch',
          'Intl.*',
          'lazyPage',
          'page',
          'loadCatalog',
          'hiddenCharacterMessage',
          'Symbol',
          'matchMedia',
          '*.matchMedia',
          'Blob',
          'File',
          'describe',
          'it',
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'frontend/dist/**',
      'node_modules/**',
      '.venv/**',
      'backend/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  layers,
  i18nRules,
  {
    files: [
      'frontend/scripts/**',
      'frontend/vite.config.ts',
      'e2e/**',
      'conformance/**',
      'testing/**',
      'bench/**',
      'eslint.config.js',
    ],
    languageOptions: { globals: globals.node },
  },
);
