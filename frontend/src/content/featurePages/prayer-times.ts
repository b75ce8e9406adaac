/** The body of /features/prayer-times (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'prayer-times',
  headline: 'Accurate prayer times, wherever you are',
  intro:
    'Fajr to Isha from your location and the calculation method your community follows, calculated on your phone so your location never leaves it.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  tryIt: { label: 'See prayer times for your city', to: '/prayer-times' },
  benefits: [
    {
      icon: 'target',
      title: 'Accurate to the minute',
      description:
        'Our calculations are checked against published reference timetables for cities on every continent.',
    },
    {
      icon: 'lock',
      title: 'Private by design',
      description:
        'Times are computed on the device from your coordinates; we never receive or store where you are.',
    },
    {
      icon: 'plane',
      title: 'Ready for travel',
      description:
        'Land in a new city and the times update with the local time zone and daylight saving rules.',
    },
  ],
  features: [
    {
      icon: 'globe',
      title: 'Every major method',
      description:
        'Muslim World League, ISNA, Umm al-Qura, Egyptian General Authority, Karachi, Dubai, Qatar, Kuwait, Singapore, Turkey (Diyanet) and more.',
    },
    {
      icon: 'sun',
      title: 'Hanafi or standard Asr',
      description:
        'Choose the later Hanafi Asr (shadow twice an object’s length) or the standard time used by the other schools.',
    },
    {
      icon: 'moon',
      title: 'High-latitude rules',
      description:
        'Middle of the night, one-seventh or twilight-angle rules keep Fajr and Isha sensible in northern summers.',
    },
    {
      icon: 'clock',
      title: 'Manual adjustments',
      description: 'Match your local mosque’s timetable by nudging any prayer by a few minutes.',
    },
  ],
  faq: [
    {
      question: 'Which calculation method should I choose?',
      answer:
        'Use the method your local mosque or national authority follows. The app suggests one from your country (for example Umm al-Qura in Saudi Arabia, ISNA in North America, Diyanet in Turkey), and you can change it at any time.',
    },
    {
      question: 'Why are my times different from the mosque’s timetable?',
      answer:
        'Mosques often add a safety margin or round to the nearest five minutes, and some use a different Fajr or Isha angle. Pick the same method and add a small manual adjustment to match.',
    },
    {
      question: 'Do I need an internet connection?',
      answer: 'No. Once your location is set, times are calculated offline for months ahead.',
    },
  ],
};

export default page;
