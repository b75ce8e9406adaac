import { featureCards } from '../content/features';
import { featurePageMeta } from '../content/featureMeta';
import type { FeaturePageContent } from '../content/featurePages';
import { footer } from '../content/site';
import { highlights, hero, roadmap } from '../content/home';
import { faqCategories, faqs } from '../content/help';
import { legalPages } from '../content/legal';
import { findRoute, normalisePath, routes } from './routes';

const featurePages = Object.values(
  import.meta.glob<FeaturePageContent>('../content/featurePages/*.ts', {
    import: 'default',
    eager: true,
  }),
);

const linked = [
  hero.primary.to,
  hero.secondary.to,
  ...highlights.map((card) => card.link),
  ...featureCards.map((card) => card.link),
  ...featurePages.flatMap((page) => (page.cta ? [page.cta.to] : [])),
  // The waitlist every store button leads to before the launch (components/StoreBadges.tsx).
  '/join',
  ...footer.quickLinks.map((link) => link.to),
  ...footer.bottomLinks.map((link) => link.to),
  ...Object.values(legalPages).flatMap((page) =>
    page.sections.flatMap((s) => (s.link ? [s.link.to] : [])),
  ),
  ...faqs.flatMap((item) => (item.link ? [item.link.to] : [])),
];

const homeAnchors = ['home', 'highlights', 'about', 'roadmap'];

describe('route table', () => {
  it('has unique paths', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has every route of docs/behaviour.md#pages and every linked feature page', () => {
    const paths = new Set(routes.map((route) => route.path));
    for (const path of [
      '/',
      '/help',
      '/terms',
      '/privacy',
      '/refund',
      '/features',
      '/features/prayer-tracking',
      '/tracker',
      '/guides/google-analytics',
      '/contact',
      '/features/prayer-times',
      '/features/progress-tracking',
      '/features/daily-reminders',
      '/features/qibla-direction',
      '/features/prayer-reminders',
      '/features/quran-reader',
      '/features/progress-insights',
      '/features/night-mode',
      '/features/nearby-mosques',
      '/features/community',
      '/features/weather-integration',
      '/features/daily-duas',
    ]) {
      expect(paths.has(path), path).toBe(true);
    }
  });

  it('gives every route a title, a description and a page module', () => {
    for (const route of routes) {
      // The English source text (kept on the descriptor outside production builds).
      expect(route.meta.title.message).toMatch(/\{brand\}/);
      expect(route.meta.description.message?.length).toBeGreaterThan(40);
      expect(route.meta.description.message?.length).toBeLessThanOrEqual(170);
      expect(route.module).toMatch(/^features\/.+\.tsx$/);
    }
  });

  it('prerenders the public deletion page (in the sitemap), not the link page or the done page', () => {
    const byPath = (path: string) => routes.find((route) => route.path === path);
    expect(byPath('/account/delete')).toMatchObject({ prerender: true, sitemap: true });
    expect(byPath('/account/delete/confirm')).toMatchObject({ prerender: false, sitemap: false });
    expect(byPath('/account/deleted')).toMatchObject({ prerender: false, sitemap: false });
  });

  it('serves the email sign-in and the invitation screens as app shell, not in the sitemap', () => {
    const byPath = (path: string) => routes.find((route) => route.path === path);
    for (const path of ['/login/email-link', '/auth/welcome', '/auth/forgot-password']) {
      expect(byPath(path), path).toMatchObject({ prerender: false, sitemap: false });
    }
  });

  it('finds routes with or without a trailing slash', () => {
    expect(findRoute('/help/')?.path).toBe('/help');
    expect(findRoute('/nowhere')).toBeUndefined();
    expect(normalisePath('/')).toBe('/');
  });
});

describe('content integrity', () => {
  it('every internal link resolves to a route or a home anchor', () => {
    const known = new Set<string>(routes.map((route) => route.path));
    for (const link of linked) {
      const [path = '', anchor] = link.split('#');
      if (anchor !== undefined) {
        expect(path, link).toBe('/');
        expect(homeAnchors, link).toContain(anchor);
      } else {
        expect(known.has(path), link).toBe(true);
      }
    }
  });

  it('has content for every feature page and ten feature cards', () => {
    expect(featureCards).toHaveLength(10);
    expect(featurePages.map((page) => page.slug).sort()).toEqual(
      featurePageMeta.map((m) => m.slug).sort(),
    );
    for (const page of featurePages) {
      expect(page.benefits.length).toBeGreaterThanOrEqual(3);
      expect(page.features.length).toBeGreaterThanOrEqual(4);
      expect(page.faq.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('has five help categories, each with questions, and ids of the form category-number', () => {
    expect(faqCategories.map((c) => c.name.message)).toEqual([
      'General',
      'Account',
      'Prayer Times',
      'Features',
      'Technical',
    ]);
    for (const category of faqCategories) {
      const items = faqs.filter((item) => item.category === category.id);
      expect(items.length).toBeGreaterThanOrEqual(3);
      items.forEach((item, index) => expect(item.id).toBe(`${category.id}-${index + 1}`));
    }
  });

  it('has the four roadmap states, only the first completed', () => {
    expect(roadmap.map((item) => [item.date, item.status, item.completed])).toEqual([
      ['Q1 2025', 'Completed', true],
      ['Q2 2025', 'In Progress', false],
      ['Q3 2025', 'Upcoming', false],
      ['Q1 2026', 'Planned', false],
    ]);
  });
});
