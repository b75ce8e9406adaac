/** The body of /features/nearby-mosques (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'nearby-mosques',
  headline: 'Find a place to pray nearby',
  intro:
    'A mosque finder that shows mosques and prayer rooms around you with directions and facilities. It is part of our Community Features milestone, now in progress.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'pin',
      title: 'Pray in congregation',
      description: 'See the closest mosques at a glance, even in a city you do not know.',
    },
    {
      icon: 'plane',
      title: 'Made for travellers',
      description: 'Find prayer rooms in airports, stations and shopping centres.',
    },
    {
      icon: 'users',
      title: 'Community-maintained',
      description: 'Users can suggest corrections to opening hours and facilities.',
    },
  ],
  features: [
    {
      icon: 'compass',
      title: 'Directions',
      description: 'Open walking or driving directions in your preferred maps app.',
    },
    {
      icon: 'service',
      title: 'Facilities',
      description: 'Wudu areas, sisters’ prayer space, parking and step-free access where known.',
    },
    {
      icon: 'calendar',
      title: 'Jumuah times',
      description: 'Friday prayer times for mosques that publish them.',
    },
    {
      icon: 'lock',
      title: 'Private search',
      description: 'Your location is used for the search only and is not stored.',
    },
  ],
  faq: [
    {
      question: 'When will the mosque finder be available?',
      answer: 'It is part of the Community Features milestone, in progress since Q2 2025.',
    },
    {
      question: 'How do I add a missing mosque?',
      answer: 'Use “Suggest a place” in the finder; our team reviews each suggestion.',
    },
    {
      question: 'Does it need my precise location?',
      answer: 'No. You can search by city or postcode instead.',
    },
  ],
};

export default page;
