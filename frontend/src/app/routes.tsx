/**
 * The route table: one list for the router, the prerenderer, the sitemap and the server's
 * route manifest (dist/routes.json). Adding a route here is all it takes for the server to
 * stop answering 404 for it: `prerender: true` pages are rendered to HTML at build time;
 * `prerender: false` routes (account screens that need the auth lookup) get the SPA shell.
 */
import { msg } from '@lingui/core/macro';
import { featurePageMeta } from '../content/featureMeta';
import { featuresMeta } from '../features/catalog/meta';
import { contactMeta } from '../features/contact/meta';
import { guideMeta } from '../features/guides/meta';
import { helpMeta } from '../features/help/meta';
import { legalMeta } from '../features/legal/meta';
import { homeMeta } from '../features/marketing/meta';
import { accountRoutes } from '../features/account/routes';
import { authRoutes } from '../features/auth/routes';
import { newsletterRoutes } from '../features/newsletter/routes';
import { prayerTimesRoutes } from '../features/prayer-times/routes';
import { trackerRoutes } from '../features/tracker/routes';
import { loadCatalog } from '../lib/i18n/catalogs';
import { lazyPage } from '../lib/lazyPage';
import { page, type AppRoute, type RouteMeta } from '../lib/routing';

export type { AppRoute, RouteMeta } from '../lib/routing';

const Home = lazyPage(
  () => import('../features/marketing/HomePage'),
  'features/marketing/HomePage.tsx',
  'home',
);
const FeaturesList = lazyPage(
  () => import('../features/catalog/FeaturesPage'),
  'features/catalog/FeaturesPage.tsx',
  'features',
);
const FeatureDetail = lazyPage(
  () => import('../features/catalog/FeatureDetailPage'),
  'features/catalog/FeatureDetailPage.tsx',
  'features',
);
/** Loads a feature page's body through the page chunk (which holds the loader). */
async function loadFeatureBody(slug: string): Promise<void> {
  const { loadFeaturePage } = await import('../content/featurePages');
  await loadFeaturePage(slug);
}
const Help = lazyPage(
  () => import('../features/help/HelpPage'),
  'features/help/HelpPage.tsx',
  'help',
);
const Legal = lazyPage(
  () => import('../features/legal/LegalPage'),
  'features/legal/LegalPage.tsx',
  'legal',
);
const Guide = lazyPage(
  () => import('../features/guides/GoogleAnalyticsGuide'),
  'features/guides/GoogleAnalyticsGuide.tsx',
  'guide',
);
const Contact = lazyPage(
  () => import('../features/contact/ContactPage'),
  'features/contact/ContactPage.tsx',
  ['contact', 'forms'],
);

const publicRoutes: AppRoute[] = [
  page(
    Home,
    {},
    '/',
    homeMeta,
    // The basmala in the hero's phone is set in Amiri (a 20 KB subset).
    { structuredData: true, preloadFonts: ['amiri-basmala'] },
  ),
  page(FeaturesList, {}, '/features', featuresMeta),
  ...featurePageMeta.map((content) =>
    page(
      FeatureDetail,
      { slug: content.slug },
      `/features/${content.slug}`,
      {
        title: content.pageTitle,
        description: content.description,
      },
      {
        // The page's body is its own chunk (content/featurePages/<slug>.ts): load it with the
        // page so hydration renders synchronously.
        preload: () =>
          Promise.all([
            FeatureDetail.preload().then(() => loadFeatureBody(content.slug)),
            loadCatalog(`feature-${content.slug}`),
          ]).then(() => {}),
        catalogs: [`feature-${content.slug}`],
        alsoPreload: [`content/featurePages/${content.slug}.ts`],
      },
    ),
  ),
  page(Help, {}, '/help', helpMeta),
  page(Legal, { slug: 'terms' }, '/terms', legalMeta.terms),
  page(Legal, { slug: 'privacy' }, '/privacy', legalMeta.privacy),
  page(Legal, { slug: 'refund' }, '/refund', legalMeta.refund),
  page(Guide, {}, '/guides/google-analytics', guideMeta),
  page(Contact, {}, '/contact', contactMeta),
];

/** Every route: the public pages, then the screens that talk to the server. */
export const routes: AppRoute[] = [
  ...publicRoutes,
  ...prayerTimesRoutes,
  ...trackerRoutes,
  ...newsletterRoutes,
  ...authRoutes,
  ...accountRoutes,
];

export const notFoundMeta: RouteMeta = {
  title: msg`Page not found — {brand}`,
  description: msg`The page you are looking for does not exist.`,
};

export function normalisePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

export function findRoute(pathname: string): AppRoute | undefined {
  const path = normalisePath(pathname);
  return routes.find((route) => route.path === path);
}
