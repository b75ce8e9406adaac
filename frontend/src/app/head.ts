/**
 * Per-route <head>: title, description, canonical URL, Open Graph and, on the home page,
 * JSON-LD. The prerenderer writes it as HTML; the client updates the same tags on navigation.
 */
import { hero } from '../content/home';
import type { RuntimeConfig } from '../lib/config';
import { fillText } from '../lib/text';
import type { RouteMeta } from './routes';

export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  image: string;
}

export function headData(meta: RouteMeta, path: string, config: RuntimeConfig): HeadData {
  return {
    title: fillText(meta.title, config),
    description: fillText(meta.description, config),
    canonical: `${config.siteUrl}${path}`,
    image: `${config.siteUrl}/og-image.png`,
  };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function structuredData(config: RuntimeConfig): object[] {
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
      description: hero.intro,
      url: `${config.siteUrl}/`,
      applicationCategory: 'LifestyleApplication',
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
    noindex
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${e(head.canonical)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${e(config.brand)}">`,
    `<meta property="og:title" content="${e(head.title)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
    `<meta property="og:url" content="${e(head.canonical)}">`,
    `<meta property="og:image" content="${e(head.image)}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  ];
  if (withStructuredData) {
    const json = JSON.stringify(structuredData(config)).replaceAll('<', '\\u003c');
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
  setMeta('meta[property="og:title"]', 'content', head.title);
  setMeta('meta[property="og:description"]', 'content', head.description);
  setMeta('meta[property="og:url"]', 'content', head.canonical);
}
