/** The body of /features/prayer-reminders (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'prayer-reminders',
  headline: 'Reminders that follow you, not the other way round',
  intro:
    'Location-based adhan notifications update automatically when you travel, with a pre-prayer nudge and quiet hours you set yourself.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'pin',
      title: 'Always local',
      description: 'Arrive in a new city and reminders move to its prayer times without any setup.',
    },
    {
      icon: 'audio',
      title: 'Your choice of adhan',
      description: 'Choose from several recorded adhans, a short tone or a silent vibration.',
    },
    {
      icon: 'moon',
      title: 'Respectful of your time',
      description: 'Quiet hours and per-prayer settings mean you only hear what you asked for.',
    },
  ],
  features: [
    {
      icon: 'bell',
      title: 'Adhan notifications',
      description:
        'A notification at the start of each prayer time with the full adhan or a short alert.',
    },
    {
      icon: 'clock',
      title: 'Pre-prayer nudge',
      description: 'An optional reminder 5 to 30 minutes before each prayer.',
    },
    {
      icon: 'plane',
      title: 'Travel detection',
      description:
        'A significant change of location updates your times and offers travel prayer settings.',
    },
    {
      icon: 'calendar',
      title: 'Jumuah reminder',
      description: 'A Friday reminder to read Surah al-Kahf and prepare for the Friday prayer.',
    },
  ],
  faq: [
    {
      question: 'Why did a reminder arrive late?',
      answer:
        'Some Android phones pause apps to save battery. Allow the app to run unrestricted in your battery settings and reminders will be on time.',
    },
    {
      question: 'Does travel detection track me?',
      answer:
        'No. The phone tells the app only about large changes of location, the new times are calculated on the device, and nothing is sent to us.',
    },
    {
      question: 'Can I have the adhan for some prayers only?',
      answer: 'Yes. Each prayer has its own setting: adhan, tone, vibration or off.',
    },
  ],
};

export default page;
