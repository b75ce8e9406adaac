/** The body of /features/quran-reader (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'quran-reader',
  headline: 'Read, listen and reflect',
  intro:
    'Read the Quran in clear Arabic script with recitation, translations and tafsir side by side. Full translations, tafsir and audio recitations are on our roadmap for Q3 2025.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'book',
      title: 'Beautiful script',
      description:
        'Uthmani script in a clear typeface with adjustable size for comfortable reading.',
    },
    {
      icon: 'languages',
      title: 'Understand what you read',
      description: 'Respected translations in many languages shown verse by verse.',
    },
    {
      icon: 'audio',
      title: 'Listen and follow',
      description:
        'Verse-by-verse recitation from renowned reciters, with the current verse highlighted.',
    },
  ],
  features: [
    {
      icon: 'history',
      title: 'Continue where you stopped',
      description: 'The reader remembers your last verse and keeps bookmarks.',
    },
    {
      icon: 'sparkles',
      title: 'Tafsir',
      description: 'Classical commentary one tap away from every verse.',
    },
    {
      icon: 'target',
      title: 'Reading goals',
      description: 'Set a daily page goal or plan a khatm for Ramadan.',
    },
    {
      icon: 'download',
      title: 'Offline reading',
      description: 'The text and your chosen translation are stored on the device.',
    },
  ],
  faq: [
    {
      question: 'Which translations are included?',
      answer:
        'We start with widely used English, Urdu, Indonesian, Turkish and French translations and will add more with the multi-language expansion.',
    },
    {
      question: 'When do recitations and tafsir arrive?',
      answer: 'They are part of the Advanced Spiritual Tools milestone planned for Q3 2025.',
    },
    {
      question: 'Can I listen without an internet connection?',
      answer: 'Yes. You can download the recitation of individual surahs or the whole Quran.',
    },
  ],
};

export default page;
