/** The body of /features/qibla-direction (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'qibla-direction',
  headline: msg`Face the Kaaba from anywhere`,
  intro: msg`A precise Qibla compass based on the great-circle direction to Makkah, with help to calibrate your phone and a map view when the compass is unreliable.`,
  benefits: [
    {
      icon: 'target',
      title: msg`Precise direction`,
      description: msg`The bearing is computed from your exact coordinates along the great circle to the Kaaba.`,
    },
    {
      icon: 'plane',
      title: msg`Works offline`,
      description: msg`No data connection needed: useful in hotel rooms, airports and on the road.`,
    },
    {
      icon: 'shield',
      title: msg`Honest about accuracy`,
      description: msg`The app warns you when magnetic interference makes the compass unreliable.`,
    },
  ],
  features: [
    {
      icon: 'compass',
      title: msg`Live compass`,
      description: msg`An arrow that turns with your phone and vibrates gently when you face the Qibla.`,
    },
    {
      icon: 'sync',
      title: msg`Calibration guide`,
      description: msg`A short figure-of-eight animation that recalibrates the sensor in seconds.`,
    },
    {
      icon: 'pin',
      title: msg`Map view`,
      description: msg`A line from your position to Makkah on a map, for when metal or magnets disturb the compass.`,
    },
    {
      icon: 'globe',
      title: msg`Bearing in degrees`,
      description: msg`The exact bearing from true north, for use with a physical compass.`,
    },
  ],
  faq: [
    {
      question: msg`Why does the arrow move when I stand still?`,
      answer: msg`Phone compasses are affected by metal, magnets and electronics nearby. Move away from them and follow the calibration guide.`,
    },
    {
      question: msg`Is the Qibla a straight line on a flat map?`,
      answer: msg`No. The Qibla follows the shortest path on the globe (a great circle), which looks curved on most flat maps. That is why the direction from North America points north-east.`,
    },
    {
      question: msg`Does it work without location access?`,
      answer: msg`You can type your city instead of sharing your location; the direction is the same.`,
    },
  ],
};

export default page;
