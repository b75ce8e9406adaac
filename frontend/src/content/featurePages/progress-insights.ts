/** The body of /features/progress-insights (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'progress-insights',
  headline: msg`Understand your prayer habits`,
  intro: msg`Statistics by day, week, month or year that show which prayers you keep well, which slip, and how you are improving.`,
  benefits: [
    {
      icon: 'chart',
      title: msg`Clear picture`,
      description: msg`Simple charts, no jargon: on time, delayed and made up, prayer by prayer.`,
    },
    {
      icon: 'trend',
      title: msg`Notice trends`,
      description: msg`Spot patterns such as a busy-day Asr or a weekend Fajr and plan around them.`,
    },
    {
      icon: 'lock',
      title: msg`Private insights`,
      description: msg`Statistics are calculated from your own log and shown only to you.`,
    },
  ],
  features: [
    {
      icon: 'calendar',
      title: msg`Period views`,
      description: msg`Switch between day, week, month and year with one tap.`,
    },
    {
      icon: 'target',
      title: msg`Per-prayer rates`,
      description: msg`The share of each prayer kept on time, shown separately.`,
    },
    {
      icon: 'sparkles',
      title: msg`Voluntary prayers`,
      description: msg`Track Sunnah and night prayers alongside the obligatory five.`,
    },
    {
      icon: 'download',
      title: msg`PDF and CSV export`,
      description: msg`Premium members can export insights and raw history.`,
    },
  ],
  faq: [
    {
      question: msg`Are insights free?`,
      answer: msg`Weekly insights are free. Month and year views and exports are part of premium.`,
    },
    {
      question: msg`How is the on-time rate calculated?`,
      answer: msg`It is the share of prayers you logged as on time out of all prayers whose time has passed in the period.`,
    },
    {
      question: msg`Do you use my statistics for anything else?`,
      answer: msg`No. They are never used for advertising and never shared.`,
    },
  ],
};

export default page;
