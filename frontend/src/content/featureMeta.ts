/**
 * Slug, title and description of every feature page: the small part of the feature content
 * the route table (and so the main bundle) needs. The pages' bodies are in featurePages.ts.
 */
import { msg } from '@lingui/core/macro';

export const featurePageMeta = [
  {
    slug: 'prayer-tracking',
    title: msg`Prayer Tracking`,
    pageTitle: msg`Prayer Tracking — {brand}`,
    description: msg`Track the five daily prayers and voluntary prayers as on time, delayed or made up, with history by day, week, month or year.`,
  },
  {
    slug: 'prayer-times',
    title: msg`Prayer Times`,
    pageTitle: msg`Prayer Times — {brand}`,
    description: msg`Accurate prayer times from your location and chosen calculation method, including Hanafi Asr and high-latitude rules.`,
  },
  {
    slug: 'progress-tracking',
    title: msg`Progress Tracking`,
    pageTitle: msg`Progress Tracking — {brand}`,
    description: msg`Log prayers in one tap and follow your consistency by day, week, month and year.`,
  },
  {
    slug: 'daily-reminders',
    title: msg`Daily Reminders`,
    pageTitle: msg`Daily Reminders — {brand}`,
    description: msg`A daily verse and hadith plus gentle prayer reminders that you can tune or silence.`,
  },
  {
    slug: 'qibla-direction',
    title: msg`Qibla Direction`,
    pageTitle: msg`Qibla Direction — {brand}`,
    description: msg`A precise Qibla compass with calibration help and an offline map fallback.`,
  },
  {
    slug: 'prayer-reminders',
    title: msg`Prayer Reminders`,
    pageTitle: msg`Prayer Reminders — {brand}`,
    description: msg`Location-based adhan notifications that update as you travel, with pre-prayer nudges and quiet hours.`,
  },
  {
    slug: 'quran-reader',
    title: msg`Quran Reader`,
    pageTitle: msg`Quran Reader — {brand}`,
    description: msg`Read the Quran with recitation, translations and tafsir side by side.`,
  },
  {
    slug: 'progress-insights',
    title: msg`Progress Insights`,
    pageTitle: msg`Progress Insights — {brand}`,
    description: msg`Statistics by day, week, month or year across obligatory and voluntary prayers.`,
  },
  {
    slug: 'night-mode',
    title: msg`Night Mode`,
    pageTitle: msg`Night Mode — {brand}`,
    description: msg`A dark theme for Fajr, Isha and Tahajjud that can follow sunset and sunrise.`,
  },
  {
    slug: 'nearby-mosques',
    title: msg`Nearby Mosques`,
    pageTitle: msg`Nearby Mosques — {brand}`,
    description: msg`Find mosques and prayer rooms near you with directions and facilities.`,
  },
  {
    slug: 'community',
    title: msg`Community`,
    pageTitle: msg`Community — {brand}`,
    description: msg`Private prayer groups for family and friends, with gentle shared goals.`,
  },
  {
    slug: 'weather-integration',
    title: msg`Weather Integration`,
    pageTitle: msg`Weather Integration — {brand}`,
    description: msg`Local weather beside each prayer time to help plan the walk to the mosque.`,
  },
  {
    slug: 'daily-duas',
    title: msg`Daily Duas`,
    pageTitle: msg`Daily Duas — {brand}`,
    description: msg`Morning and evening adhkar and everyday duas in Arabic with transliteration and meaning.`,
  },
] as const;

export type FeatureSlug = (typeof featurePageMeta)[number]['slug'];

export function featureMeta(slug: string) {
  return featurePageMeta.find((meta) => meta.slug === slug);
}
