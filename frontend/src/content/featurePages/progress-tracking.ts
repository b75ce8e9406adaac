/** The body of /features/progress-tracking (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'progress-tracking',
  headline: msg`See your consistency grow`,
  intro: msg`A simple daily checklist for your prayers that turns into an encouraging picture of your week, month and year.`,
  benefits: [
    {
      icon: 'heart',
      title: msg`Encouragement, not guilt`,
      description: msg`We highlight what you kept well. There are no public streaks and nothing to lose if you miss a day.`,
    },
    {
      icon: 'calendar',
      title: msg`Build a steady habit`,
      description: msg`Small daily check-ins make it easy to notice patterns, like a Fajr that slips on weekends.`,
    },
    {
      icon: 'lock',
      title: msg`Yours alone`,
      description: msg`Your log is private. Nobody, including us, sees it unless you choose to share.`,
    },
  ],
  features: [
    {
      icon: 'check',
      title: msg`One-tap logging`,
      description: msg`Mark a prayer as on time, delayed or made up later straight from the notification.`,
    },
    {
      icon: 'history',
      title: msg`Day, week, month and year views`,
      description: msg`Switch between views to see today’s checklist or the whole year at once.`,
    },
    {
      icon: 'chart',
      title: msg`Per-prayer statistics`,
      description: msg`See your on-time rate for each prayer separately, so you know where to focus.`,
    },
    {
      icon: 'download',
      title: msg`Export`,
      description: msg`Premium members can export their history as PDF or CSV.`,
    },
  ],
  faq: [
    {
      question: msg`Does tracking include voluntary prayers?`,
      answer: msg`Yes. The obligatory prayers are tracked by default and you can add Sunnah, Witr, Duha or Tahajjud.`,
    },
    {
      question: msg`What happens if I forget to log a prayer?`,
      answer: msg`Open the day in your history and log it afterwards. Nothing is reset and nothing is shared.`,
    },
    {
      question: msg`Can I reset my statistics?`,
      answer: msg`Yes. Settings → Tracking → Reset history clears your log on the device and, if you sync, in your account.`,
    },
  ],
};

export default page;
