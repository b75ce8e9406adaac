/** The body of /features/quran-reader (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'quran-reader',
  headline: msg`Read, listen and reflect`,
  intro: msg`Read the Quran in clear Arabic script with recitation, translations and tafsir side by side. Full translations, tafsir and audio recitations are on our roadmap for Q3 2025.`,
  benefits: [
    {
      icon: 'book',
      title: msg`Beautiful script`,
      description: msg`Uthmani script in a clear typeface with adjustable size for comfortable reading.`,
    },
    {
      icon: 'languages',
      title: msg`Understand what you read`,
      description: msg`Respected translations in many languages shown verse by verse.`,
    },
    {
      icon: 'audio',
      title: msg`Listen and follow`,
      description: msg`Verse-by-verse recitation from renowned reciters, with the current verse highlighted.`,
    },
  ],
  features: [
    {
      icon: 'history',
      title: msg`Continue where you stopped`,
      description: msg`The reader remembers your last verse and keeps bookmarks.`,
    },
    {
      icon: 'sparkles',
      title: msg`Tafsir`,
      description: msg`Classical commentary one tap away from every verse.`,
    },
    {
      icon: 'target',
      title: msg`Reading goals`,
      description: msg`Set a daily page goal or plan a khatm for Ramadan.`,
    },
    {
      icon: 'download',
      title: msg`Offline reading`,
      description: msg`The text and your chosen translation are stored on the device.`,
    },
  ],
  faq: [
    {
      question: msg`Which translations are included?`,
      answer: msg`We start with widely used English, Urdu, Indonesian, Turkish and French translations and will add more with the multi-language expansion.`,
    },
    {
      question: msg`When do recitations and tafsir arrive?`,
      answer: msg`They are part of the Advanced Spiritual Tools milestone planned for Q3 2025.`,
    },
    {
      question: msg`Can I listen without an internet connection?`,
      answer: msg`Yes. You can download the recitation of individual surahs or the whole Quran.`,
    },
  ],
};

export default page;
