/** Every public route and the heading a visitor must see on it. */
export const publicRoutes: { path: string; heading: string | RegExp }[] = [
  { path: '/', heading: 'Your Smart Prayer Companion' },
  { path: '/prayer-times', heading: 'Prayer times wherever you are' },
  { path: '/tracker', heading: 'Keep track of your prayers' },
  { path: '/features', heading: 'Everything you need for a day built around prayer' },
  { path: '/features/prayer-tracking', heading: 'Keep every prayer, one day at a time' },
  { path: '/features/prayer-times', heading: 'Accurate prayer times, wherever you are' },
  { path: '/features/progress-tracking', heading: 'See your consistency grow' },
  { path: '/features/daily-reminders', heading: 'A verse and a hadith to start each day' },
  { path: '/features/qibla-direction', heading: 'Face the Kaaba from anywhere' },
  {
    path: '/features/prayer-reminders',
    heading: 'Reminders that follow you, not the other way round',
  },
  { path: '/features/quran-reader', heading: 'Read, listen and reflect' },
  { path: '/features/progress-insights', heading: 'Understand your prayer habits' },
  { path: '/features/night-mode', heading: 'Easy on the eyes before Fajr' },
  { path: '/features/nearby-mosques', heading: 'Find a place to pray nearby' },
  { path: '/features/community', heading: 'Encourage each other in prayer' },
  { path: '/features/weather-integration', heading: 'Weather beside every prayer time' },
  { path: '/features/daily-duas', heading: 'A supplication for every moment' },
  { path: '/help', heading: 'Help Center' },
  { path: '/terms', heading: 'Terms of Use' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/refund', heading: 'Refund Policy' },
  { path: '/guides/google-analytics', heading: 'Setting up Google Analytics with Consent Mode v2' },
  { path: '/contact', heading: 'Get in touch' },
  { path: '/account/delete', heading: 'Delete your noor account' },
];

/** A route path in another language than English: ('ar', '/help') → '/ar/help', ('ar', '/') → '/ar/'. */
export const localized = (code: string, path: string) =>
  path === '/' ? `/${code}/` : `/${code}${path}`;
