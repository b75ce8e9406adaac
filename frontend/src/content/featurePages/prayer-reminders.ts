/** The body of /features/prayer-reminders (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'prayer-reminders',
  headline: msg`Reminders that follow you, not the other way round`,
  intro: msg`Location-based adhan notifications update automatically when you travel, with a pre-prayer nudge and quiet hours you set yourself.`,
  benefits: [
    {
      icon: 'pin',
      title: msg`Always local`,
      description: msg`Arrive in a new city and reminders move to its prayer times without any setup.`,
    },
    {
      icon: 'audio',
      title: msg`Your choice of adhan`,
      description: msg`Choose from several recorded adhans, a short tone or a silent vibration.`,
    },
    {
      icon: 'moon',
      title: msg`Respectful of your time`,
      description: msg`Quiet hours and per-prayer settings mean you only hear what you asked for.`,
    },
  ],
  features: [
    {
      icon: 'bell',
      title: msg`Adhan notifications`,
      description: msg`A notification at the start of each prayer time with the full adhan or a short alert.`,
    },
    {
      icon: 'clock',
      title: msg`Pre-prayer nudge`,
      description: msg`An optional reminder 5 to 30 minutes before each prayer.`,
    },
    {
      icon: 'plane',
      title: msg`Travel detection`,
      description: msg`A significant change of location updates your times and offers travel prayer settings.`,
    },
    {
      icon: 'calendar',
      title: msg`Jumuah reminder`,
      description: msg`A Friday reminder to read Surah al-Kahf and prepare for the Friday prayer.`,
    },
  ],
  faq: [
    {
      question: msg`Why did a reminder arrive late?`,
      answer: msg`Some Android phones pause apps to save battery. Allow the app to run unrestricted in your battery settings and reminders will be on time.`,
    },
    {
      question: msg`Does travel detection track me?`,
      answer: msg`No. The phone tells the app only about large changes of location, the new times are calculated on the device, and nothing is sent to us.`,
    },
    {
      question: msg`Can I have the adhan for some prayers only?`,
      answer: msg`Yes. Each prayer has its own setting: adhan, tone, vibration or off.`,
    },
  ],
};

export default page;
