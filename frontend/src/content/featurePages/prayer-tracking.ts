/** The body of /features/prayer-tracking (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'prayer-tracking',
  headline: msg`Keep every prayer, one day at a time`,
  intro: msg`Mark each prayer as prayed on time, delayed or made up later. Track the five obligatory prayers and the voluntary ones you choose, and see your history grow without pressure.`,
  cta: { label: msg`Try Prayer Tracking Now`, to: '/tracker' },
  benefits: [
    {
      icon: 'trend',
      title: msg`Track Your Progress`,
      description: msg`See at a glance how many prayers you kept on time this week and how that compares with last month.`,
    },
    {
      icon: 'bell',
      title: msg`Never Miss a Prayer`,
      description: msg`A quiet reminder shortly before the end of each prayer window if you have not logged it yet.`,
    },
    {
      icon: 'sync',
      title: msg`Sync Across Devices`,
      description: msg`With a free account your log follows you from phone to tablet, encrypted in transit and at rest.`,
    },
  ],
  features: [
    {
      icon: 'check',
      title: msg`Prayer Completion Tracking`,
      description: msg`One tap to mark Fajr, Dhuhr, Asr, Maghrib and Isha as on time, delayed or made up later (qada).`,
    },
    {
      icon: 'history',
      title: msg`Prayer History`,
      description: msg`Browse your record by day, week, month or year and fill in a prayer you forgot to log.`,
    },
    {
      icon: 'chart',
      title: msg`Visual Analytics`,
      description: msg`Clear charts show which prayers are strongest and where a little more care would help.`,
    },
    {
      icon: 'sparkles',
      title: msg`Custom Prayer Types`,
      description: msg`Add voluntary prayers such as the Sunnah rakahs, Duha, Witr or Tahajjud and track them alongside the obligatory ones.`,
    },
  ],
  faq: [
    {
      question: msg`How does tracking work when I am travelling?`,
      answer: msg`Turn on travel mode and the app offers shortened (qasr) and combined prayers for your journey, and logs them as travel prayers so your statistics stay fair.`,
    },
    {
      question: msg`Is my prayer data private?`,
      answer: msg`Yes. Your log is stored on your device. If you create an account to sync, it is encrypted in transit and at rest, never sold and never shared with advertisers.`,
    },
    {
      question: msg`Can I export my prayer history?`,
      answer: msg`Yes. Premium members can export their full history as a PDF report or a CSV file to keep or to share with a teacher or family member.`,
    },
  ],
};

export default page;
