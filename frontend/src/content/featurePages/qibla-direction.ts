/** The body of /features/qibla-direction (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'qibla-direction',
  headline: 'Face the Kaaba from anywhere',
  intro:
    'A precise Qibla compass based on the great-circle direction to Makkah, with help to calibrate your phone and a map view when the compass is unreliable.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'target',
      title: 'Precise direction',
      description:
        'The bearing is computed from your exact coordinates along the great circle to the Kaaba.',
    },
    {
      icon: 'plane',
      title: 'Works offline',
      description: 'No data connection needed: useful in hotel rooms, airports and on the road.',
    },
    {
      icon: 'shield',
      title: 'Honest about accuracy',
      description: 'The app warns you when magnetic interference makes the compass unreliable.',
    },
  ],
  features: [
    {
      icon: 'compass',
      title: 'Live compass',
      description:
        'An arrow that turns with your phone and vibrates gently when you face the Qibla.',
    },
    {
      icon: 'sync',
      title: 'Calibration guide',
      description: 'A short figure-of-eight animation that recalibrates the sensor in seconds.',
    },
    {
      icon: 'pin',
      title: 'Map view',
      description:
        'A line from your position to Makkah on a map, for when metal or magnets disturb the compass.',
    },
    {
      icon: 'globe',
      title: 'Bearing in degrees',
      description: 'The exact bearing from true north, for use with a physical compass.',
    },
  ],
  faq: [
    {
      question: 'Why does the arrow move when I stand still?',
      answer:
        'Phone compasses are affected by metal, magnets and electronics nearby. Move away from them and follow the calibration guide.',
    },
    {
      question: 'Is the Qibla a straight line on a flat map?',
      answer:
        'No. The Qibla follows the shortest path on the globe (a great circle), which looks curved on most flat maps. That is why the direction from North America points north-east.',
    },
    {
      question: 'Does it work without location access?',
      answer: 'You can type your city instead of sharing your location; the direction is the same.',
    },
  ],
};

export default page;
