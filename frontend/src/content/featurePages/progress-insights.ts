/** The body of /features/progress-insights (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'progress-insights',
  headline: 'Understand your prayer habits',
  intro:
    'Statistics by day, week, month or year that show which prayers you keep well, which slip, and how you are improving.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'chart',
      title: 'Clear picture',
      description: 'Simple charts, no jargon: on time, delayed and made up, prayer by prayer.',
    },
    {
      icon: 'trend',
      title: 'Notice trends',
      description: 'Spot patterns such as a busy-day Asr or a weekend Fajr and plan around them.',
    },
    {
      icon: 'lock',
      title: 'Private insights',
      description: 'Statistics are calculated from your own log and shown only to you.',
    },
  ],
  features: [
    {
      icon: 'calendar',
      title: 'Period views',
      description: 'Switch between day, week, month and year with one tap.',
    },
    {
      icon: 'target',
      title: 'Per-prayer rates',
      description: 'The share of each prayer kept on time, shown separately.',
    },
    {
      icon: 'sparkles',
      title: 'Voluntary prayers',
      description: 'Track Sunnah and night prayers alongside the obligatory five.',
    },
    {
      icon: 'download',
      title: 'PDF and CSV export',
      description: 'Premium members can export insights and raw history.',
    },
  ],
  faq: [
    {
      question: 'Are insights free?',
      answer: 'Weekly insights are free. Month and year views and exports are part of premium.',
    },
    {
      question: 'How is the on-time rate calculated?',
      answer:
        'It is the share of prayers you logged as on time out of all prayers whose time has passed in the period.',
    },
    {
      question: 'Do you use my statistics for anything else?',
      answer: 'No. They are never used for advertising and never shared.',
    },
  ],
};

export default page;
