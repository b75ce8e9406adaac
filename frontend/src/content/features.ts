/** The /features listing (ten cards); the feature pages' bodies are in featurePages.ts (docs/behaviour.md#pages). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IconName } from '../components/Icon';
import communityImg from '../assets/features/community.svg';
import dailyDuasImg from '../assets/features/daily-duas.svg';
import nearbyMosquesImg from '../assets/features/nearby-mosques.svg';
import nightModeImg from '../assets/features/night-mode.svg';
import prayerRemindersImg from '../assets/features/prayer-reminders.svg';
import prayerTrackingImg from '../assets/features/prayer-tracking.svg';
import progressInsightsImg from '../assets/features/progress-insights.svg';
import qiblaImg from '../assets/features/qibla-direction.svg';
import quranReaderImg from '../assets/features/quran-reader.svg';
import weatherImg from '../assets/features/weather-integration.svg';

export type FeatureCategory =
  'Core' | 'Learning' | 'Analytics' | 'User Experience' | 'Community' | 'Convenience';

/** The category label shown on each card. */
export const featureCategoryLabels: Record<FeatureCategory, MessageDescriptor> = {
  Core: msg({ message: 'Core', comment: 'Category of an app feature: one of the essentials' }),
  Learning: msg({ message: 'Learning', comment: 'Category of an app feature' }),
  Analytics: msg({ message: 'Analytics', comment: 'Category of an app feature' }),
  'User Experience': msg({ message: 'User Experience', comment: 'Category of an app feature' }),
  Community: msg({ message: 'Community', comment: 'Category of an app feature' }),
  Convenience: msg({ message: 'Convenience', comment: 'Category of an app feature' }),
};

export interface FeatureCard {
  id: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  icon: IconName;
  category: FeatureCategory;
  image: string;
  link: string;
}

export const featuresListing = {
  title: msg`Features`,
  heading: msg`Everything you need for a day built around prayer`,
  intro: msg`Accurate times, a reliable Qibla, the Quran and daily reminders, with tracking that encourages rather than nags. The core features are free; premium adds sync and deeper insights.`,
};

/** Illustrations are 320×200 SVGs. */
export const FEATURE_IMAGE_SIZE = { width: 320, height: 200 } as const;

export const featureCards: FeatureCard[] = [
  {
    id: 'prayer-tracking',
    title: msg`Prayer Tracking`,
    description: msg`Log each of the five daily prayers as on time, delayed or made up later, and add voluntary prayers too.`,
    icon: 'check',
    category: 'Core',
    image: prayerTrackingImg,
    link: '/features/prayer-tracking',
  },
  {
    id: 'prayer-reminders',
    title: msg`Prayer Reminders`,
    description: msg`Location-based adhan notifications that follow you when you travel, with a pre-prayer nudge you set yourself.`,
    icon: 'bell',
    category: 'Core',
    image: prayerRemindersImg,
    link: '/features/prayer-reminders',
  },
  {
    id: 'qibla-direction',
    title: msg`Qibla Direction`,
    description: msg`A compass that points to the Kaaba from anywhere on earth, with a calibration guide and an offline fallback.`,
    icon: 'compass',
    category: 'Core',
    image: qiblaImg,
    link: '/features/qibla-direction',
  },
  {
    id: 'quran-reader',
    title: msg`Quran Reader`,
    description: msg`Read the Quran in clear Arabic script with recitation, translations and tafsir side by side.`,
    icon: 'book',
    category: 'Learning',
    image: quranReaderImg,
    link: '/features/quran-reader',
  },
  {
    id: 'progress-insights',
    title: msg`Progress Insights`,
    description: msg`Statistics by day, week, month or year that show which prayers you keep well and which need care.`,
    icon: 'trend',
    category: 'Analytics',
    image: progressInsightsImg,
    link: '/features/progress-insights',
  },
  {
    id: 'night-mode',
    title: msg`Night Mode`,
    description: msg`A dark theme that is easy on the eyes for Fajr, Isha and Tahajjud, switching with the sun if you like.`,
    icon: 'moon',
    category: 'User Experience',
    image: nightModeImg,
    link: '/features/night-mode',
  },
  {
    id: 'nearby-mosques',
    title: msg`Nearby Mosques`,
    description: msg`Find mosques and prayer rooms around you with directions and facilities, especially when travelling.`,
    icon: 'pin',
    category: 'Community',
    image: nearbyMosquesImg,
    link: '/features/nearby-mosques',
  },
  {
    id: 'community-features',
    title: msg`Community`,
    description: msg`Join prayer groups with family and friends and encourage each other without sharing private details.`,
    icon: 'users',
    category: 'Community',
    image: communityImg,
    link: '/features/community',
  },
  {
    id: 'weather-integration',
    title: msg`Weather Integration`,
    description: msg`Local weather beside each prayer time, so you know whether to walk to the mosque or take an umbrella.`,
    icon: 'weather',
    category: 'Convenience',
    image: weatherImg,
    link: '/features/weather-integration',
  },
  {
    id: 'daily-duas',
    title: msg`Daily Duas`,
    description: msg`Supplications for morning, evening and everyday moments, in Arabic with transliteration and meaning.`,
    icon: 'sparkles',
    category: 'Learning',
    image: dailyDuasImg,
    link: '/features/daily-duas',
  },
];
