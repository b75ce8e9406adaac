/**
 * The route table: one list for the router, the prerenderer, the sitemap and the server's
 * route manifest (dist/routes.json). Adding a route here is all it takes for the server to
 * stop answering 404 for it: `prerender: true` pages are rendered to HTML at build time;
 * `prerender: false` routes (account screens that need the auth lookup) get the SPA shell.
 */
import { featurePageMeta } from '../content/featureMeta';
import { accountRoutes } from '../features/account/routes';
import { authRoutes } from '../features/auth/routes';
import { newsletterRoutes } from '../features/newsletter/routes';
import { prayerTimesRoutes } from '../features/prayer-times/routes';
import { lazyPage } from '../lib/lazyPage';
import { page, type AppRoute, type RouteMeta } from '../lib/routing';

export type { AppRoute, RouteMeta } from '../lib/routing';

const Home = lazyPage(
  () => import('../features/marketing/HomePage'),
  'features/marketing/HomePage.tsx',
);
const FeaturesList = lazyPage(
  () => import('../features/catalog/FeaturesPage'),
  'features/catalog/FeaturesPage.tsx',
);
const FeatureDetail = lazyPage(
  () => import('../features/catalog/FeatureDetailPage'),
  'features/catalog/FeatureDetailPage.tsx',
);
/** Loads a feature page's body through the page chunk (which holds the loader). */
async function loadFeatureBody(slug: string): Promise<void> {
  const { loadFeaturePage } = await import('../content/featurePages');
  await loadFeaturePage(slug);
}
const Help = lazyPage(() => import('../features/help/HelpPage'), 'features/help/HelpPage.tsx');
const Legal = lazyPage(() => import('../features/legal/LegalPage'), 'features/legal/LegalPage.tsx');
const Guide = lazyPage(
  () => import('../features/guides/GoogleAnalyticsGuide'),
  'features/guides/GoogleAnalyticsGuide.tsx',
);
const Contact = lazyPage(
  () => import('../features/contact/ContactPage'),
  'features/contact/ContactPage.tsx',
);

const publicRoutes: AppRoute[] = [
  page(
    Home,
    {},
    '/',
    {
      title: '{brand} — Your Smart Prayer Companion',
      description:
        'Accurate prayer times, Qibla direction, daily verse and hadith reminders and private prayer tracking. Free core features on iOS and Android.',
    },
    // The basmala in the hero's phone is set in Amiri (a 20 KB subset).
    { structuredData: true, preloadFonts: ['amiri-basmala'] },
  ),
  page(FeaturesList, {}, '/features', {
    title: 'Features — {brand}',
    description:
      'Prayer tracking, reminders, Qibla, Quran reader, progress insights, night mode, mosque finder, community, weather and daily duas.',
  }),
  ...featurePageMeta.map((content) =>
    page(
      FeatureDetail,
      { slug: content.slug },
      `/features/${content.slug}`,
      {
        title: `${content.title} — {brand}`,
        description: content.description,
      },
      {
        // The page's body is its own chunk (content/featurePages/<slug>.ts): load it with the
        // page so hydration renders synchronously.
        preload: () => FeatureDetail.preload().then(() => loadFeatureBody(content.slug)),
        alsoPreload: [`content/featurePages/${content.slug}.ts`],
      },
    ),
  ),
  page(Help, {}, '/help', {
    title: 'Help Center — {brand}',
    description:
      'Answers about calculation methods, high-latitude Fajr and Isha, Hanafi Asr, daylight saving, Hijri dates, accounts and privacy.',
  }),
  page(Legal, { slug: 'terms' }, '/terms', {
    title: 'Terms of Use — {brand}',
    description: 'The terms for using the {brand} app and website.',
  }),
  page(Legal, { slug: 'privacy' }, '/privacy', {
    title: 'Privacy Policy — {brand}',
    description:
      'What {brand} collects and what it does not: no location on our servers, no data sold, analytics only with consent.',
  }),
  page(Legal, { slug: 'refund' }, '/refund', {
    title: 'Refund Policy — {brand}',
    description:
      'Refunds for premium subscriptions: 14-day window, refunds within 5-10 business days.',
  }),
  page(Guide, {}, '/guides/google-analytics', {
    title: 'Google Analytics with Consent Mode v2 — {brand}',
    description:
      'How this site sets up Google Analytics 4 with Consent Mode v2: denied by default, manual page views, nothing without a measurement id.',
  }),
  page(Contact, {}, '/contact', {
    title: 'Contact — {brand}',
    description: 'Send the {brand} team a question, a bug report or a refund request.',
  }),
];

/** Every route: the public pages, then the screens that talk to the server. */
export const routes: AppRoute[] = [
  ...publicRoutes,
  ...prayerTimesRoutes,
  ...newsletterRoutes,
  ...authRoutes,
  ...accountRoutes,
];

export const notFoundMeta: RouteMeta = {
  title: 'Page not found — {brand}',
  description: 'The page you are looking for does not exist.',
};

export function normalisePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

export function findRoute(pathname: string): AppRoute | undefined {
  const path = normalisePath(pathname);
  return routes.find((route) => route.path === path);
}
