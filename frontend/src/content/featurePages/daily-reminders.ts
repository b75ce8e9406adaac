/** The body of /features/daily-reminders (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'daily-reminders',
  headline: 'A verse and a hadith to start each day',
  intro:
    'Begin the morning with a verse of the Quran and an authentic hadith, and receive gentle reminders before each prayer.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'sun',
      title: 'A mindful morning',
      description: 'One short verse and one hadith each day, chosen to be read in under a minute.',
    },
    {
      icon: 'bell',
      title: 'Reminders you control',
      description:
        'Choose which prayers remind you, how early, and whether with adhan or a soft tone.',
    },
    {
      icon: 'shield',
      title: 'Trusted sources',
      description:
        'Hadith come from the major collections with their reference, so you can look them up.',
    },
  ],
  features: [
    {
      icon: 'book',
      title: 'Verse of the day',
      description: 'Arabic text with translation, shareable as an image card.',
    },
    {
      icon: 'sparkles',
      title: 'Hadith of the day',
      description: 'Short authentic narrations with collection and number.',
    },
    {
      icon: 'clock',
      title: 'Pre-prayer nudge',
      description: 'A reminder 5 to 30 minutes before a prayer time so you can prepare for salah.',
    },
    {
      icon: 'moon',
      title: 'Quiet hours',
      description: 'Silence everything except the adhan during the hours you choose.',
    },
  ],
  faq: [
    {
      question: 'Can I change the time of the daily verse?',
      answer:
        'Yes. By default it arrives after Fajr; you can pick any time in Settings → Reminders.',
    },
    {
      question: 'Which hadith collections do you use?',
      answer:
        'Sahih al-Bukhari, Sahih Muslim, the Sunan collections and Riyad as-Salihin, always with the reference.',
    },
    {
      question: 'Will reminders drain my battery?',
      answer:
        'No. Reminders are scheduled locally by the phone’s own notification system, not by a background service.',
    },
  ],
};

export default page;
