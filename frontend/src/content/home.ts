/**
 * Home page content (docs/behaviour.md#pages), in the `home` message catalogue. `{brand}` is
 * replaced with the brand word.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IconName } from '../components/Icon';

export const hero = {
  greeting: msg`Welcome to the future of prayer`,
  headline: msg`Your Smart Prayer Companion`,
  intro: msg`Accurate prayer times wherever you are, the Qibla at a glance, a verse and a hadith each day, and gentle tracking that helps you keep every salah. Prayer times are calculated on your phone, so your location never leaves it.`,
  primary: { label: msg`Join Now`, to: '/join' },
  /** Its label, with the words only a screen reader hears, is the page's (HomePage.tsx). */
  secondary: { to: '/features' },
};

/** The names of the five daily prayers. */
const prayerName = {
  fajr: msg({
    message: 'Fajr',
    comment: 'The name of one of the five daily prayers, in the app’s list of today’s prayers',
  }),
  dhuhr: msg({
    message: 'Dhuhr',
    comment: 'The name of one of the five daily prayers, in the app’s list of today’s prayers',
  }),
  asr: msg({
    message: 'Asr',
    comment: 'The name of one of the five daily prayers, in the app’s list of today’s prayers',
  }),
  maghrib: msg({
    message: 'Maghrib',
    comment: 'The name of one of the five daily prayers, in the app’s list of today’s prayers',
  }),
  isha: msg({
    message: 'Isha',
    comment: 'The name of one of the five daily prayers, in the app’s list of today’s prayers',
  }),
};

/**
 * The decorative phone mock-up's sample data: Thursday 10 April 2025, which is 12 Shawwal 1446.
 * Its numbers are written in the page's language by PhoneMockup.tsx.
 */
export const phoneMock = {
  greeting: msg({
    message: 'Assalamu alaikum',
    comment:
      'The Islamic greeting (“peace be upon you”), written as Muslims write it in this language',
  }),
  date: {
    text: msg({
      message: 'Thursday, {day} April',
      comment: 'A sample date on a picture of the app: Thursday 10 April 2025. {day} is 10.',
    }),
    day: 10,
  },
  hijri: {
    text: msg({
      message: '{day} Shawwal {year}',
      comment:
        'The same sample date in the Hijri calendar: 12 Shawwal 1446. {day} is 12, {year} 1446.',
    }),
    day: 12,
    year: 1446,
  },
  trackerTitle: msg`Today’s prayers`,
  tracker: [
    { id: 'fajr', name: prayerName.fajr, done: true },
    { id: 'dhuhr', name: prayerName.dhuhr, done: false },
    { id: 'asr', name: prayerName.asr, done: false },
    { id: 'maghrib', name: prayerName.maghrib, done: false },
    { id: 'isha', name: prayerName.isha, done: false },
  ],
  /** Times of day (hour 0-23) and the time left until each prayer. */
  prayers: [
    {
      id: 'dhuhr',
      name: prayerName.dhuhr,
      time: { hour: 13, minute: 2 },
      countdown: { hours: 1, minutes: 24 },
      next: true,
    },
    {
      id: 'asr',
      name: prayerName.asr,
      time: { hour: 16, minute: 41 },
      countdown: { hours: 5, minutes: 3 },
      next: false,
    },
  ],
  countdown: msg({
    message: 'in {hours}h {minutes}m',
    comment:
      'Time left until a prayer, short as on a phone: “in 1h 24m” = in 1 hour and 24 minutes.',
  }),
  prayed: msg({
    message: '(prayed)',
    comment: 'Heard by screen readers after the name of a prayer already marked as prayed today',
  }),
  verseCardTitle: msg`Share Verse of the day`,
  /** A quotation in Arabic in every language (its Amiri subset is cut from this file's Arabic). */
  // A quotation, the same in every language.
  // eslint-disable-next-line lingui/no-unlocalized-strings
  basmala: 'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ',
  basmalaLabel: msg({
    message: 'Basmala: In the name of God, the Most Gracious, the Most Merciful',
    comment:
      'What screen readers say for the Arabic basmala shown in the picture: its name, then its meaning in this language’s accepted wording',
  }),
  save: msg({
    message: 'SAVE',
    comment: 'A small button on a picture of the app (save the verse)',
  }),
};

export interface HighlightCard {
  icon: IconName;
  title: MessageDescriptor;
  description: MessageDescriptor;
  accent: string;
  link: string;
  /** Where the site itself offers it (a full page load: see features/prayer-times/routes.tsx). */
  tryIt?: { label: MessageDescriptor; to: string };
}

export const highlightsTitle = msg`Experience Modern Islamic Lifestyle`;
export const highlightsIntro = msg`Everything you need to keep your day built around salah, in one calm, ad-free app.`;

export const highlights: HighlightCard[] = [
  {
    icon: 'clock',
    title: msg`Prayer Times`,
    description: msg`Times for all five prayers from your location and your chosen calculation method, with Hanafi or standard Asr and safe rules for high latitudes.`,
    accent: '#D4A018',
    link: '/features/prayer-times',
    tryIt: { label: msg`Today’s times for your city`, to: '/prayer-times' },
  },
  {
    icon: 'chart',
    title: msg`Progress Tracking`,
    description: msg`Mark each prayer as prayed on time, delayed or made up, and watch your consistency grow week by week.`,
    accent: '#C8A25E',
    link: '/features/progress-tracking',
  },
  {
    icon: 'bell',
    title: msg`Daily Reminders`,
    description: msg`A verse and a hadith each morning, plus gentle reminders before each prayer that you can tune or silence.`,
    accent: '#01605A',
    link: '/features/daily-reminders',
  },
  {
    icon: 'compass',
    title: msg`Qibla Direction`,
    description: msg`Find the direction of the Kaaba from anywhere with your phone’s compass, even without a data connection.`,
    accent: '#00605D',
    link: '/features/qibla-direction',
  },
];

export const about = {
  title: msg`About us`,
  teamHeading: msg`Team`,
  team: msg`We are a small team of Muslim engineers, designers and students of knowledge who wanted a prayer app we could trust: accurate, calm, free of ads and honest about data. We pray with the app we build every day, in cities from Manchester to Kuala Lumpur.`,
  missionHeading: msg`Our mission`,
  mission: msg`{brand} exists to make it a little easier to put prayer at the centre of every day, wherever you are. We check our calculations against established references, keep your data on your device unless you choose to sync it, and keep the core features free for everyone.`,
  valuesHeading: msg`What we value`,
};

export interface ValueCard {
  icon: IconName;
  title: MessageDescriptor;
  description: MessageDescriptor;
}

export const values: ValueCard[] = [
  {
    icon: 'users',
    title: msg`Community`,
    description: msg`We build with the people who use the app: feature requests, corrections and local calculation settings come from the ummah we serve.`,
  },
  {
    icon: 'heart',
    title: msg`Devotion`,
    description: msg`Every screen is designed to bring you back to salah, not to keep you scrolling. No ads, no streak pressure, no dark patterns.`,
  },
  {
    icon: 'book',
    title: msg`Knowledge`,
    description: msg`Calculation methods, madhab options and content sources are documented openly so you know exactly where every time and text comes from.`,
  },
  {
    icon: 'service',
    title: msg`Service`,
    description: msg`Core features stay free. Premium subscriptions fund the work, and support questions are answered by the people who build the app.`,
  },
];

export type RoadmapStatus = 'Completed' | 'In Progress' | 'Upcoming' | 'Planned';

/** What each status reads as (the status itself is the milestone's `data-status`). */
export const roadmapStatusLabels: Record<RoadmapStatus, MessageDescriptor> = {
  Completed: msg({ message: 'Completed', comment: 'The state of a step on the product’s roadmap' }),
  'In Progress': msg({
    message: 'In Progress',
    comment: 'The state of a step on the product’s roadmap',
  }),
  Upcoming: msg({ message: 'Upcoming', comment: 'The state of a step on the product’s roadmap' }),
  Planned: msg({ message: 'Planned', comment: 'The state of a step on the product’s roadmap' }),
};

/** A roadmap date as the page's language writes a quarter of a year (`Q1 2025`). */
export const quarterLabel = msg({
  message: '{quarter, select, 1 {Q1} 2 {Q2} 3 {Q3} other {Q4}} {year}',
  comment:
    'A quarter of a year on the roadmap: “Q1 2025” is the first quarter (January to March) of 2025. {quarter} is 1 to 4, {year} the year.',
});

export interface RoadmapItem {
  icon: IconName;
  /** `Q<quarter> <year>` (shown through quarterLabel). */
  date: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  status: RoadmapStatus;
  completed: boolean;
}

export const roadmapTitle = msg`Our Journey & Future Plans`;
export const roadmapIntro = msg`Where we are today and what we are building next.`;

export const roadmap: RoadmapItem[] = [
  {
    icon: 'rocket',
    date: 'Q1 2025',
    title: msg`Launch Beta Version`,
    description: msg`Prayer times with every major calculation method, Qibla compass, daily verse and hadith, and prayer tracking on iOS and Android.`,
    status: 'Completed',
    completed: true,
  },
  {
    icon: 'users',
    date: 'Q2 2025',
    title: msg`Community Features`,
    description: msg`User profiles, community prayer groups and a mosque finder.`,
    status: 'In Progress',
    completed: false,
  },
  {
    icon: 'book',
    date: 'Q3 2025',
    title: msg`Advanced Spiritual Tools`,
    description: msg`Quran with translations, tafsir and audio recitations, and a daily dhikr tracker.`,
    status: 'Upcoming',
    completed: false,
  },
  {
    icon: 'globe',
    date: 'Q1 2026',
    title: msg`Global Expansion`,
    description: msg`Multi-language support, regional customizations and content for different madhabs.`,
    status: 'Planned',
    completed: false,
  },
];
