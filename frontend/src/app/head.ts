/**
 * Per-route <head>: title, description, canonical URL, Open Graph and, on the home page,
 * JSON-LD. The prerenderer writes it as HTML; the client updates the same tags on navigation.
 */
import { i18n } from '@lingui/core';
import type { RuntimeConfig } from '../lib/config';
import { activeLocale } from '../lib/i18n/catalogs';
import { LOCALES, localizePath, type LocaleCode } from '../lib/i18n/locales';
import { translate } from '../lib/i18n/translate';
import { textValues } from '../lib/text';
import type { RouteMeta } from './routes';

export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  image: string;
  /** The same page in every language (hreflang), English also as x-default. */
  alternates: { hreflang: string; href: string }[];
}

/** `path` is the route path (no language prefix); the page is in the active language. */
export function headData(meta: RouteMeta, path: string, config: RuntimeConfig): HeadData {
  const values = textValues(config);
  const url = (locale: LocaleCode) => `${config.siteUrl}${localizePath(path, locale)}`;
  return {
    title: translate(i18n, meta.title, values),
    description: translate(i18n, meta.description, values),
    canonical: url(activeLocale()),
    image: `${config.siteUrl}/og-image.png`,
    alternates: [
      ...LOCALES.map((locale) => ({ hreflang: locale.code, href: url(locale.code) })),
      { hreflang: 'x-default', href: url('en') },
    ],
  };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** `description`: the app's, in the page's language (the home page's meta description). */
export function structuredData(config: RuntimeConfig, description: string): object[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: config.brand,
      url: `${config.siteUrl}/`,
      logo: `${config.siteUrl}/icon-512.png`,
      email: config.supportEmail,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'MobileApplication',
      name: config.brand,
      description,
      inLanguage: activeLocale(),
      url: `${config.siteUrl}${localizePath('/', activeLocale())}`,
      // schema.org vocabulary, not text for people.
      applicationCategory: 'LifestyleApplication',
      // eslint-disable-next-line lingui/no-unlocalized-strings
      operatingSystem: 'iOS, Android',
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      publisher: { '@type': 'Organization', name: config.brand },
    },
  ];
}

export function renderHeadHtml(
  head: HeadData,
  config: RuntimeConfig,
  withStructuredData: boolean,
  noindex = false,
): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    ...(noindex
      ? ['<meta name="robots" content="noindex">']
      : [
          `<link rel="canonical" href="${e(head.canonical)}">`,
          ...head.alternates.map(
            (link) =>
              `<link rel="alternate" hreflang="${e(link.hreflang)}" href="${e(link.href)}">`,
          ),
        ]),
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${e(config.brand)}">`,
    `<meta property="og:title" content="${e(head.title)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
    `<meta property="og:url" content="${e(head.canonical)}">`,
    `<meta property="og:image" content="${e(head.image)}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:locale" content="${e(activeLocale())}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  ];
  if (withStructuredData) {
    const json = JSON.stringify(structuredData(config, head.description)).replaceAll(
      '<',
      '\\u003c',
    );
    tags.push(`<script type="application/ld+json">${json}</script>`);
  }
  return tags.join('\n    ');
}

function setMeta(selector: string, attribute: 'content' | 'href', value: string): void {
  const element = document.head.querySelector(selector);
  if (element) element.setAttribute(attribute, value);
}

/** Client side: brings the head up to date after a navigation. */
export function applyHead(head: HeadData): void {
  document.title = head.title;
  setMeta('meta[name="description"]', 'content', head.description);
  setMeta('link[rel="canonical"]', 'href', head.canonical);
  for (const link of head.alternates) {
    setMeta(`link[rel="alternate"][hreflang="${link.hreflang}"]`, 'href', link.href);
  }
  setMeta('meta[property="og:title"]', 'content', head.title);
  setMeta('meta[property="og:description"]', 'content', head.description);
  setMeta('meta[property="og:url"]', 'content', head.canonical);
}
