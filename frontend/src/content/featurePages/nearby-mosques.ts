/** The body of /features/nearby-mosques (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'nearby-mosques',
  headline: msg`Find a place to pray nearby`,
  intro: msg`A mosque finder that shows mosques and prayer rooms around you with directions and facilities. It is part of our Community Features milestone, now in progress.`,
  benefits: [
    {
      icon: 'pin',
      title: msg`Pray in congregation`,
      description: msg`See the closest mosques at a glance, even in a city you do not know.`,
    },
    {
      icon: 'plane',
      title: msg`Made for travellers`,
      description: msg`Find prayer rooms in airports, stations and shopping centres.`,
    },
    {
      icon: 'users',
      title: msg`Community-maintained`,
      description: msg`Users can suggest corrections to opening hours and facilities.`,
    },
  ],
  features: [
    {
      icon: 'compass',
      title: msg`Directions`,
      description: msg`Open walking or driving directions in your preferred maps app.`,
    },
    {
      icon: 'service',
      title: msg`Facilities`,
      description: msg`Wudu areas, sisters’ prayer space, parking and step-free access where known.`,
    },
    {
      icon: 'calendar',
      title: msg`Jumuah times`,
      description: msg`Friday prayer times for mosques that publish them.`,
    },
    {
      icon: 'lock',
      title: msg`Private search`,
      description: msg`Your location is used for the search only and is not stored.`,
    },
  ],
  faq: [
    {
      question: msg`When will the mosque finder be available?`,
      answer: msg`It is part of the Community Features milestone, in progress since Q2 2025.`,
    },
    {
      question: msg`How do I add a missing mosque?`,
      answer: msg`Use “Suggest a place” in the finder; our team reviews each suggestion.`,
    },
    {
      question: msg`Does it need my precise location?`,
      answer: msg`No. You can search by city or postcode instead.`,
    },
  ],
};

export default page;
