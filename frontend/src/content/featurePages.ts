/**
 * The body of every feature page (/features/<slug>), one chunk per page in featurePages/: a
 * feature page downloads its own body only, and /features (the cards in features.ts) none.
 * The prerenderer preloads the chunk (the route's `alsoPreload`); the route's preload loads it
 * before hydration, so `use(loadFeaturePage(slug))` does not suspend then. Each body's text is
 * its own message catalogue (`feature-<slug>`, lingui.config.ts), loaded by the same route.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { IconName } from '../components/Icon';
import type { FeatureSlug } from './featureMeta';

export interface FeatureItem {
  icon: IconName;
  title: MessageDescriptor;
  description: MessageDescriptor;
}

export interface FeatureFaq {
  question: MessageDescriptor;
  answer: MessageDescriptor;
}

export interface FeaturePageContent {
  slug: FeatureSlug;
  headline: MessageDescriptor;
  intro: MessageDescriptor;
  /**
   * Besides the app's availability (the waitlist before the launch, the store listings after,
   * which every feature page shows first): what the site itself offers for the feature.
   */
  cta?: { label: MessageDescriptor; to: string };
  /** A second button: where the site itself offers the feature (a full page load). */
  tryIt?: { label: MessageDescriptor; to: string };
  benefits: FeatureItem[];
  features: FeatureItem[];
  faq: FeatureFaq[];
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- a module path
const modules = import.meta.glob<FeaturePageContent>('./featurePages/*.ts', { import: 'default' });

/**
 * One promise per slug, marked fulfilled when it settles (the fields `use` reads: React's protocol, which preact/compat's `use` follows), so a
 * page whose body is loaded renders without suspending.
 */
const loaded = new Map<string, Promise<FeaturePageContent | undefined>>();

/** Loads a feature page's body (undefined for an unknown slug). */
export function loadFeaturePage(slug: string): Promise<FeaturePageContent | undefined> {
  let promise = loaded.get(slug);
  if (!promise) {
    const load = modules[`./featurePages/${slug}.ts`];
    const pending = load ? load() : Promise.resolve(undefined);
    void pending.then((value) => {
      Object.assign(pending, { status: 'fulfilled', value });
    });
    loaded.set(slug, pending);
    promise = pending;
  }
  return promise;
}
