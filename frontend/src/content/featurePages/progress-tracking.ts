/** The body of /features/progress-tracking (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'progress-tracking',
  headline: 'See your consistency grow',
  intro:
    'A simple daily checklist for your prayers that turns into an encouraging picture of your week, month and year.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'heart',
      title: 'Encouragement, not guilt',
      description:
        'We highlight what you kept well. There are no public streaks and nothing to lose if you miss a day.',
    },
    {
      icon: 'calendar',
      title: 'Build a steady habit',
      description:
        'Small daily check-ins make it easy to notice patterns, like a Fajr that slips on weekends.',
    },
    {
      icon: 'lock',
      title: 'Yours alone',
      description: 'Your log is private. Nobody, including us, sees it unless you choose to share.',
    },
  ],
  features: [
    {
      icon: 'check',
      title: 'One-tap logging',
      description:
        'Mark a prayer as on time, delayed or made up later straight from the notification.',
    },
    {
      icon: 'history',
      title: 'Day, week, month and year views',
      description: 'Switch between views to see today’s checklist or the whole year at once.',
    },
    {
      icon: 'chart',
      title: 'Per-prayer statistics',
      description: 'See your on-time rate for each prayer separately, so you know where to focus.',
    },
    {
      icon: 'download',
      title: 'Export',
      description: 'Premium members can export their history as PDF or CSV.',
    },
  ],
  faq: [
    {
      question: 'Does tracking include voluntary prayers?',
      answer:
        'Yes. The obligatory prayers are tracked by default and you can add Sunnah, Witr, Duha or Tahajjud.',
    },
    {
      question: 'What happens if I forget to log a prayer?',
      answer:
        'Open the day in your history and log it afterwards. Nothing is reset and nothing is shared.',
    },
    {
      question: 'Can I reset my statistics?',
      answer:
        'Yes. Settings → Tracking → Reset history clears your log on the device and, if you sync, in your account.',
    },
  ],
};

export default page;
