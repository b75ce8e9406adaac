/** The body of /features/night-mode (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'night-mode',
  headline: msg`Easy on the eyes before Fajr`,
  intro: msg`A carefully tuned dark theme for early Fajr, late Isha and Tahajjud, so the app never dazzles you in a dark room.`,
  benefits: [
    {
      icon: 'moon',
      title: msg`Comfortable at night`,
      description: msg`Deep green backgrounds and warm text reduce glare without losing contrast.`,
    },
    {
      icon: 'sun',
      title: msg`Follows the sun`,
      description: msg`Switch automatically at Maghrib and back at sunrise, or follow your phone’s setting.`,
    },
    {
      icon: 'phone',
      title: msg`Saves battery`,
      description: msg`On OLED screens dark pixels use less power.`,
    },
  ],
  features: [
    {
      icon: 'sparkles',
      title: msg`Three modes`,
      description: msg`Light, dark, or automatic with the system or with prayer times.`,
    },
    {
      icon: 'target',
      title: msg`Readable contrast`,
      description: msg`Every colour pair meets WCAG AA contrast in both themes.`,
    },
    {
      icon: 'book',
      title: msg`Quran in the dark`,
      description: msg`A sepia reading option for long recitation sessions at night.`,
    },
    {
      icon: 'bell',
      title: msg`Dim notifications`,
      description: msg`Night-time reminders use a softer screen and sound.`,
    },
  ],
  faq: [
    {
      question: msg`Can night mode follow prayer times?`,
      answer: msg`Yes. Choose “Automatic (Maghrib to sunrise)” in Settings → Appearance.`,
    },
    {
      question: msg`Is night mode a premium feature?`,
      answer: msg`No. All themes are free.`,
    },
    {
      question: msg`Does it affect widgets?`,
      answer: msg`Home-screen widgets follow the same theme as the app.`,
    },
  ],
};

export default page;
