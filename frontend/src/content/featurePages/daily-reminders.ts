/** The body of /features/daily-reminders (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'daily-reminders',
  headline: msg`A verse and a hadith to start each day`,
  intro: msg`Begin the morning with a verse of the Quran and an authentic hadith, and receive gentle reminders before each prayer.`,
  benefits: [
    {
      icon: 'sun',
      title: msg`A mindful morning`,
      description: msg`One short verse and one hadith each day, chosen to be read in under a minute.`,
    },
    {
      icon: 'bell',
      title: msg`Reminders you control`,
      description: msg`Choose which prayers remind you, how early, and whether with adhan or a soft tone.`,
    },
    {
      icon: 'shield',
      title: msg`Trusted sources`,
      description: msg`Hadith come from the major collections with their reference, so you can look them up.`,
    },
  ],
  features: [
    {
      icon: 'book',
      title: msg`Verse of the day`,
      description: msg`Arabic text with translation, shareable as an image card.`,
    },
    {
      icon: 'sparkles',
      title: msg`Hadith of the day`,
      description: msg`Short authentic narrations with collection and number.`,
    },
    {
      icon: 'clock',
      title: msg`Pre-prayer nudge`,
      description: msg`A reminder 5 to 30 minutes before a prayer time so you can prepare for salah.`,
    },
    {
      icon: 'moon',
      title: msg`Quiet hours`,
      description: msg`Silence everything except the adhan during the hours you choose.`,
    },
  ],
  faq: [
    {
      question: msg`Can I change the time of the daily verse?`,
      answer: msg`Yes. By default it arrives after Fajr; you can pick any time in Settings → Reminders.`,
    },
    {
      question: msg`Which hadith collections do you use?`,
      answer: msg`Sahih al-Bukhari, Sahih Muslim, the Sunan collections and Riyad as-Salihin, always with the reference.`,
    },
    {
      question: msg`Will reminders drain my battery?`,
      answer: msg`No. Reminders are scheduled locally by the phone’s own notification system, not by a background service.`,
    },
  ],
};

export default page;
