/** The body of /features/prayer-tracking (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'prayer-tracking',
  headline: 'Keep every prayer, one day at a time',
  intro:
    'Mark each prayer as prayed on time, delayed or made up later. Track the five obligatory prayers and the voluntary ones you choose, and see your history grow without pressure.',
  cta: { label: 'Try Prayer Tracking Now', to: '/signup' },
  benefits: [
    {
      icon: 'trend',
      title: 'Track Your Progress',
      description:
        'See at a glance how many prayers you kept on time this week and how that compares with last month.',
    },
    {
      icon: 'bell',
      title: 'Never Miss a Prayer',
      description:
        'A quiet reminder shortly before the end of each prayer window if you have not logged it yet.',
    },
    {
      icon: 'sync',
      title: 'Sync Across Devices',
      description:
        'With a free account your log follows you from phone to tablet, encrypted in transit and at rest.',
    },
  ],
  features: [
    {
      icon: 'check',
      title: 'Prayer Completion Tracking',
      description:
        'One tap to mark Fajr, Dhuhr, Asr, Maghrib and Isha as on time, delayed or made up later (qada).',
    },
    {
      icon: 'history',
      title: 'Prayer History',
      description:
        'Browse your record by day, week, month or year and fill in a prayer you forgot to log.',
    },
    {
      icon: 'chart',
      title: 'Visual Analytics',
      description:
        'Clear charts show which prayers are strongest and where a little more care would help.',
    },
    {
      icon: 'sparkles',
      title: 'Custom Prayer Types',
      description:
        'Add voluntary prayers such as the Sunnah rakahs, Duha, Witr or Tahajjud and track them alongside the obligatory ones.',
    },
  ],
  faq: [
    {
      question: 'How does tracking work when I am travelling?',
      answer:
        'Turn on travel mode and the app offers shortened (qasr) and combined prayers for your journey, and logs them as travel prayers so your statistics stay fair.',
    },
    {
      question: 'Is my prayer data private?',
      answer:
        'Yes. Your log is stored on your device. If you create an account to sync, it is encrypted in transit and at rest, never sold and never shared with advertisers.',
    },
    {
      question: 'Can I export my prayer history?',
      answer:
        'Yes. Premium members can export their full history as a PDF report or a CSV file to keep or to share with a teacher or family member.',
    },
  ],
};

export default page;
