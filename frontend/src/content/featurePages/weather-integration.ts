/** The body of /features/weather-integration (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'weather-integration',
  headline: msg`Weather beside every prayer time`,
  intro: msg`See the local forecast next to each prayer so you can plan the walk to the mosque, an outdoor Eid prayer or a rooftop Maghrib.`,
  benefits: [
    {
      icon: 'weather',
      title: msg`Plan ahead`,
      description: msg`Know whether you will need an umbrella for Isha before you leave.`,
    },
    {
      icon: 'sun',
      title: msg`Sunrise and sunset`,
      description: msg`Sunrise for the end of Fajr and sunset for Maghrib, shown with the weather.`,
    },
    {
      icon: 'lock',
      title: msg`Coarse location only`,
      description: msg`The forecast needs only your approximate area, never your exact position.`,
    },
  ],
  features: [
    {
      icon: 'clock',
      title: msg`Per-prayer forecast`,
      description: msg`Temperature and conditions at each prayer time today.`,
    },
    {
      icon: 'calendar',
      title: msg`Eid planning`,
      description: msg`A forecast for the morning of Eid to help organisers choose an outdoor venue.`,
    },
    {
      icon: 'globe',
      title: msg`Metric or imperial`,
      description: msg`Celsius or Fahrenheit, kilometres or miles.`,
    },
    {
      icon: 'bell',
      title: msg`Weather alerts`,
      description: msg`An optional note in the prayer reminder when heavy rain or snow is expected.`,
    },
  ],
  faq: [
    {
      question: msg`Where does the weather data come from?`,
      answer: msg`From a weather provider queried with your approximate area (rounded to about 10 km), with no identifier attached.`,
    },
    {
      question: msg`Can I turn the weather off?`,
      answer: msg`Yes. Settings → Prayer times → Show weather.`,
    },
    {
      question: msg`Does it work offline?`,
      answer: msg`The last forecast stays visible offline; prayer times never need a connection.`,
    },
  ],
};

export default page;
