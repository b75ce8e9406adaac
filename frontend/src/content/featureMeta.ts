/**
 * Slug, title and description of every feature page: the small part of the feature content
 * the route table (and so the main bundle) needs. The pages' bodies are in featurePages.ts.
 */
export const featurePageMeta = [
  {
    slug: 'prayer-tracking',
    title: 'Prayer Tracking',
    description:
      'Track the five daily prayers and voluntary prayers as on time, delayed or made up, with history by day, week, month or year.',
  },
  {
    slug: 'prayer-times',
    title: 'Prayer Times',
    description:
      'Accurate prayer times from your location and chosen calculation method, including Hanafi Asr and high-latitude rules.',
  },
  {
    slug: 'progress-tracking',
    title: 'Progress Tracking',
    description: 'Log prayers in one tap and follow your consistency by day, week, month and year.',
  },
  {
    slug: 'daily-reminders',
    title: 'Daily Reminders',
    description:
      'A daily verse and hadith plus gentle prayer reminders that you can tune or silence.',
  },
  {
    slug: 'qibla-direction',
    title: 'Qibla Direction',
    description: 'A precise Qibla compass with calibration help and an offline map fallback.',
  },
  {
    slug: 'prayer-reminders',
    title: 'Prayer Reminders',
    description:
      'Location-based adhan notifications that update as you travel, with pre-prayer nudges and quiet hours.',
  },
  {
    slug: 'quran-reader',
    title: 'Quran Reader',
    description: 'Read the Quran with recitation, translations and tafsir side by side.',
  },
  {
    slug: 'progress-insights',
    title: 'Progress Insights',
    description: 'Statistics by day, week, month or year across obligatory and voluntary prayers.',
  },
  {
    slug: 'night-mode',
    title: 'Night Mode',
    description: 'A dark theme for Fajr, Isha and Tahajjud that can follow sunset and sunrise.',
  },
  {
    slug: 'nearby-mosques',
    title: 'Nearby Mosques',
    description: 'Find mosques and prayer rooms near you with directions and facilities.',
  },
  {
    slug: 'community',
    title: 'Community',
    description: 'Private prayer groups for family and friends, with gentle shared goals.',
  },
  {
    slug: 'weather-integration',
    title: 'Weather Integration',
    description: 'Local weather beside each prayer time to help plan the walk to the mosque.',
  },
  {
    slug: 'daily-duas',
    title: 'Daily Duas',
    description:
      'Morning and evening adhkar and everyday duas in Arabic with transliteration and meaning.',
  },
] as const;

export type FeatureSlug = (typeof featurePageMeta)[number]['slug'];

export function featureMeta(slug: string) {
  return featurePageMeta.find((meta) => meta.slug === slug);
}
