/** The body of /features/night-mode (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'night-mode',
  headline: 'Easy on the eyes before Fajr',
  intro:
    'A carefully tuned dark theme for early Fajr, late Isha and Tahajjud, so the app never dazzles you in a dark room.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'moon',
      title: 'Comfortable at night',
      description: 'Deep green backgrounds and warm text reduce glare without losing contrast.',
    },
    {
      icon: 'sun',
      title: 'Follows the sun',
      description:
        'Switch automatically at Maghrib and back at sunrise, or follow your phone’s setting.',
    },
    {
      icon: 'phone',
      title: 'Saves battery',
      description: 'On OLED screens dark pixels use less power.',
    },
  ],
  features: [
    {
      icon: 'sparkles',
      title: 'Three modes',
      description: 'Light, dark, or automatic with the system or with prayer times.',
    },
    {
      icon: 'target',
      title: 'Readable contrast',
      description: 'Every colour pair meets WCAG AA contrast in both themes.',
    },
    {
      icon: 'book',
      title: 'Quran in the dark',
      description: 'A sepia reading option for long recitation sessions at night.',
    },
    {
      icon: 'bell',
      title: 'Dim notifications',
      description: 'Night-time reminders use a softer screen and sound.',
    },
  ],
  faq: [
    {
      question: 'Can night mode follow prayer times?',
      answer: 'Yes. Choose “Automatic (Maghrib to sunrise)” in Settings → Appearance.',
    },
    {
      question: 'Is night mode a premium feature?',
      answer: 'No. All themes are free.',
    },
    {
      question: 'Does it affect widgets?',
      answer: 'Home-screen widgets follow the same theme as the app.',
    },
  ],
};

export default page;
