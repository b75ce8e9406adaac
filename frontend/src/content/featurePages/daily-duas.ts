/** The body of /features/daily-duas (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'daily-duas',
  headline: msg`A supplication for every moment`,
  intro: msg`Morning and evening adhkar and duas for everyday moments — waking, travelling, eating, entering the mosque — in Arabic with transliteration and meaning.`,
  benefits: [
    {
      icon: 'sparkles',
      title: msg`Remembrance through the day`,
      description: msg`Short, authentic supplications for the moments that fill a normal day.`,
    },
    {
      icon: 'languages',
      title: msg`Learn as you go`,
      description: msg`Arabic text with transliteration and a clear meaning for every dua.`,
    },
    {
      icon: 'shield',
      title: msg`Sourced`,
      description: msg`Each dua shows its source in the Quran or the hadith collections.`,
    },
  ],
  features: [
    {
      icon: 'sun',
      title: msg`Morning and evening adhkar`,
      description: msg`The full adhkar with counters so you do not lose your place.`,
    },
    {
      icon: 'audio',
      title: msg`Audio`,
      description: msg`Listen to the correct pronunciation of each dua.`,
    },
    {
      icon: 'heart',
      title: msg`Favourites`,
      description: msg`Keep the duas you return to most in one list.`,
    },
    {
      icon: 'bell',
      title: msg`Adhkar reminder`,
      description: msg`A reminder after Fajr and after Asr for the morning and evening adhkar.`,
    },
  ],
  faq: [
    {
      question: msg`Where do the duas come from?`,
      answer: msg`From the Quran and authentic hadith, drawing on well-known compilations such as Hisn al-Muslim, with references.`,
    },
    {
      question: msg`Can I read them without Arabic?`,
      answer: msg`Yes. Transliteration and meaning are shown under the Arabic text.`,
    },
    {
      question: msg`Is there a dhikr counter?`,
      answer: msg`Yes, and a dedicated daily dhikr tracker is planned for Q3 2025.`,
    },
  ],
};

export default page;
