/** The body of /features/daily-duas (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'daily-duas',
  headline: 'A supplication for every moment',
  intro:
    'Morning and evening adhkar and duas for everyday moments — waking, travelling, eating, entering the mosque — in Arabic with transliteration and meaning.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'sparkles',
      title: 'Remembrance through the day',
      description: 'Short, authentic supplications for the moments that fill a normal day.',
    },
    {
      icon: 'languages',
      title: 'Learn as you go',
      description: 'Arabic text with transliteration and a clear meaning for every dua.',
    },
    {
      icon: 'shield',
      title: 'Sourced',
      description: 'Each dua shows its source in the Quran or the hadith collections.',
    },
  ],
  features: [
    {
      icon: 'sun',
      title: 'Morning and evening adhkar',
      description: 'The full adhkar with counters so you do not lose your place.',
    },
    {
      icon: 'audio',
      title: 'Audio',
      description: 'Listen to the correct pronunciation of each dua.',
    },
    {
      icon: 'heart',
      title: 'Favourites',
      description: 'Keep the duas you return to most in one list.',
    },
    {
      icon: 'bell',
      title: 'Adhkar reminder',
      description: 'A reminder after Fajr and after Asr for the morning and evening adhkar.',
    },
  ],
  faq: [
    {
      question: 'Where do the duas come from?',
      answer:
        'From the Quran and authentic hadith, drawing on well-known compilations such as Hisn al-Muslim, with references.',
    },
    {
      question: 'Can I read them without Arabic?',
      answer: 'Yes. Transliteration and meaning are shown under the Arabic text.',
    },
    {
      question: 'Is there a dhikr counter?',
      answer: 'Yes, and a dedicated daily dhikr tracker is planned for Q3 2025.',
    },
  ],
};

export default page;
