/** The body of /features/weather-integration (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'weather-integration',
  headline: 'Weather beside every prayer time',
  intro:
    'See the local forecast next to each prayer so you can plan the walk to the mosque, an outdoor Eid prayer or a rooftop Maghrib.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'weather',
      title: 'Plan ahead',
      description: 'Know whether you will need an umbrella for Isha before you leave.',
    },
    {
      icon: 'sun',
      title: 'Sunrise and sunset',
      description: 'Sunrise for the end of Fajr and sunset for Maghrib, shown with the weather.',
    },
    {
      icon: 'lock',
      title: 'Coarse location only',
      description: 'The forecast needs only your approximate area, never your exact position.',
    },
  ],
  features: [
    {
      icon: 'clock',
      title: 'Per-prayer forecast',
      description: 'Temperature and conditions at each prayer time today.',
    },
    {
      icon: 'calendar',
      title: 'Eid planning',
      description: 'A forecast for the morning of Eid to help organisers choose an outdoor venue.',
    },
    {
      icon: 'globe',
      title: 'Metric or imperial',
      description: 'Celsius or Fahrenheit, kilometres or miles.',
    },
    {
      icon: 'bell',
      title: 'Weather alerts',
      description: 'An optional note in the prayer reminder when heavy rain or snow is expected.',
    },
  ],
  faq: [
    {
      question: 'Where does the weather data come from?',
      answer:
        'From a weather provider queried with your approximate area (rounded to about 10 km), with no identifier attached.',
    },
    {
      question: 'Can I turn the weather off?',
      answer: 'Yes. Settings → Prayer times → Show weather.',
    },
    {
      question: 'Does it work offline?',
      answer: 'The last forecast stays visible offline; prayer times never need a connection.',
    },
  ],
};

export default page;
