/** Home page content (docs/behaviour.md#pages). `{brand}` is replaced with the brand word. */
import type { IconName } from '../components/Icon';

export const hero = {
  greeting: 'Welcome to the future of prayer',
  headline: 'Your Smart Prayer Companion',
  intro:
    'Accurate prayer times wherever you are, the Qibla at a glance, a verse and a hadith each day, and gentle tracking that helps you keep every salah. Prayer times are calculated on your phone, so your location never leaves it.',
  primary: { label: 'Join Now', to: '/join' },
  secondary: { label: 'Learn More', to: '/features' },
};

/** The decorative phone mock-up's sample data. */
export const phoneMock = {
  greeting: 'Assalamu alaikum',
  date: 'Thursday, 10 April',
  hijri: '12 Shawwal 1446',
  trackerTitle: 'Today’s prayers',
  tracker: [
    { name: 'Fajr', done: true },
    { name: 'Dhuhr', done: false },
    { name: 'Asr', done: false },
    { name: 'Maghrib', done: false },
    { name: 'Isha', done: false },
  ],
  prayers: [
    { name: 'Dhuhr', time: '13:02', countdown: 'in 1h 24m', next: true },
    { name: 'Asr', time: '16:41', countdown: 'in 5h 03m', next: false },
  ],
  verseCardTitle: 'Share Verse of the day',
  basmala: 'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ',
  basmalaLabel: 'Basmala: In the name of God, the Most Gracious, the Most Merciful',
  save: 'SAVE',
};

export interface HighlightCard {
  icon: IconName;
  title: string;
  description: string;
  accent: string;
  link: string;
  /** Where the site itself offers it (a full page load: see features/prayer-times/routes.tsx). */
  tryIt?: { label: string; to: string };
}

export const highlightsTitle = 'Experience Modern Islamic Lifestyle';
export const highlightsIntro =
  'Everything you need to keep your day built around salah, in one calm, ad-free app.';

export const highlights: HighlightCard[] = [
  {
    icon: 'clock',
    title: 'Prayer Times',
    description:
      'Times for all five prayers from your location and your chosen calculation method, with Hanafi or standard Asr and safe rules for high latitudes.',
    accent: '#D4A018',
    link: '/features/prayer-times',
    tryIt: { label: 'Today’s times for your city', to: '/prayer-times' },
  },
  {
    icon: 'chart',
    title: 'Progress Tracking',
    description:
      'Mark each prayer as prayed on time, delayed or made up, and watch your consistency grow week by week.',
    accent: '#C8A25E',
    link: '/features/progress-tracking',
  },
  {
    icon: 'bell',
    title: 'Daily Reminders',
    description:
      'A verse and a hadith each morning, plus gentle reminders before each prayer that you can tune or silence.',
    accent: '#01605A',
    link: '/features/daily-reminders',
  },
  {
    icon: 'compass',
    title: 'Qibla Direction',
    description:
      'Find the direction of the Kaaba from anywhere with your phone’s compass, even without a data connection.',
    accent: '#00605D',
    link: '/features/qibla-direction',
  },
];

export const about = {
  title: 'About us',
  teamHeading: 'Team',
  team: 'We are a small team of Muslim engineers, designers and students of knowledge who wanted a prayer app we could trust: accurate, calm, free of ads and honest about data. We pray with the app we build every day, in cities from Manchester to Kuala Lumpur.',
  missionHeading: 'Our mission',
  mission:
    '{brand} exists to make it a little easier to put prayer at the centre of every day, wherever you are. We check our calculations against established references, keep your data on your device unless you choose to sync it, and keep the core features free for everyone.',
  valuesHeading: 'What we value',
};

export interface ValueCard {
  icon: IconName;
  title: string;
  description: string;
}

export const values: ValueCard[] = [
  {
    icon: 'users',
    title: 'Community',
    description:
      'We build with the people who use the app: feature requests, corrections and local calculation settings come from the ummah we serve.',
  },
  {
    icon: 'heart',
    title: 'Devotion',
    description:
      'Every screen is designed to bring you back to salah, not to keep you scrolling. No ads, no streak pressure, no dark patterns.',
  },
  {
    icon: 'book',
    title: 'Knowledge',
    description:
      'Calculation methods, madhab options and content sources are documented openly so you know exactly where every time and text comes from.',
  },
  {
    icon: 'service',
    title: 'Service',
    description:
      'Core features stay free. Premium subscriptions fund the work, and support questions are answered by the people who build the app.',
  },
];

export type RoadmapStatus = 'Completed' | 'In Progress' | 'Upcoming' | 'Planned';

export interface RoadmapItem {
  icon: IconName;
  date: string;
  title: string;
  description: string;
  status: RoadmapStatus;
  completed: boolean;
}

export const roadmapTitle = 'Our Journey & Future Plans';
export const roadmapIntro = 'Where we are today and what we are building next.';

export const roadmap: RoadmapItem[] = [
  {
    icon: 'rocket',
    date: 'Q1 2025',
    title: 'Launch Beta Version',
    description:
      'Prayer times with every major calculation method, Qibla compass, daily verse and hadith, and prayer tracking on iOS and Android.',
    status: 'Completed',
    completed: true,
  },
  {
    icon: 'users',
    date: 'Q2 2025',
    title: 'Community Features',
    description: 'User profiles, community prayer groups and a mosque finder.',
    status: 'In Progress',
    completed: false,
  },
  {
    icon: 'book',
    date: 'Q3 2025',
    title: 'Advanced Spiritual Tools',
    description:
      'Quran with translations, tafsir and audio recitations, and a daily dhikr tracker.',
    status: 'Upcoming',
    completed: false,
  },
  {
    icon: 'globe',
    date: 'Q1 2026',
    title: 'Global Expansion',
    description:
      'Multi-language support, regional customizations and content for different madhabs.',
    status: 'Planned',
    completed: false,
  },
];
