/** The body of /features/prayer-times (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'prayer-times',
  headline: msg`Accurate prayer times, wherever you are`,
  intro: msg`Fajr to Isha from your location and the calculation method your community follows, calculated on your phone so your location never leaves it.`,
  tryIt: { label: msg`See prayer times for your city`, to: '/prayer-times' },
  benefits: [
    {
      icon: 'target',
      title: msg`Accurate to the minute`,
      description: msg`Our calculations are checked against published reference timetables for cities on every continent.`,
    },
    {
      icon: 'lock',
      title: msg`Private by design`,
      description: msg`Times are computed on the device from your coordinates; we never receive or store where you are.`,
    },
    {
      icon: 'plane',
      title: msg`Ready for travel`,
      description: msg`Land in a new city and the times update with the local time zone and daylight saving rules.`,
    },
  ],
  features: [
    {
      icon: 'globe',
      title: msg`Every major method`,
      description: msg`Muslim World League, ISNA, Umm al-Qura, Egyptian General Authority, Karachi, Dubai, Qatar, Kuwait, Singapore, Turkey (Diyanet) and more.`,
    },
    {
      icon: 'sun',
      title: msg`Hanafi or standard Asr`,
      description: msg`Choose the later Hanafi Asr (shadow twice an object’s length) or the standard time used by the other schools.`,
    },
    {
      icon: 'moon',
      title: msg`High-latitude rules`,
      description: msg`Middle of the night, one-seventh or twilight-angle rules keep Fajr and Isha sensible in northern summers.`,
    },
    {
      icon: 'clock',
      title: msg`Manual adjustments`,
      description: msg`Match your local mosque’s timetable by nudging any prayer by a few minutes.`,
    },
  ],
  faq: [
    {
      question: msg`Which calculation method should I choose?`,
      answer: msg`Use the method your local mosque or national authority follows. The app suggests one from your country (for example Umm al-Qura in Saudi Arabia, ISNA in North America, Diyanet in Turkey), and you can change it at any time.`,
    },
    {
      question: msg`Why are my times different from the mosque’s timetable?`,
      answer: msg`Mosques often add a safety margin or round to the nearest five minutes, and some use a different Fajr or Isha angle. Pick the same method and add a small manual adjustment to match.`,
    },
    {
      question: msg`Do I need an internet connection?`,
      answer: msg`No. Once your location is set, times are calculated offline for months ahead.`,
    },
  ],
};

export default page;
