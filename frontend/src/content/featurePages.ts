/**
 * The body of every feature page (/features/<slug>): only FeatureDetailPage's chunk holds it,
 * so /features (which needs the cards in features.ts) does not download it.
 */
import type { IconName } from '../components/Icon';
import type { FeatureSlug } from './featureMeta';

export interface FeatureItem {
  icon: IconName;
  title: string;
  description: string;
}

export interface FeatureFaq {
  question: string;
  answer: string;
}

export interface FeaturePageContent {
  slug: FeatureSlug;
  headline: string;
  intro: string;
  cta: { label: string; to: string };
  benefits: FeatureItem[];
  features: FeatureItem[];
  faq: FeatureFaq[];
}

const waitlistCta = { label: 'Join the Waitlist', to: '/join' };

export const featurePages: FeaturePageContent[] = [
  {
    slug: 'prayer-tracking',
    headline: 'Keep every prayer, one day at a time',
    intro:
      'Mark each prayer as prayed on time, delayed or made up later. Track the five obligatory prayers and the voluntary ones you choose, and see your history grow without pressure.',
    cta: { label: 'Try Prayer Tracking Now', to: '/signup' },
    benefits: [
      {
        icon: 'trend',
        title: 'Track Your Progress',
        description:
          'See at a glance how many prayers you kept on time this week and how that compares with last month.',
      },
      {
        icon: 'bell',
        title: 'Never Miss a Prayer',
        description:
          'A quiet reminder shortly before the end of each prayer window if you have not logged it yet.',
      },
      {
        icon: 'sync',
        title: 'Sync Across Devices',
        description:
          'With a free account your log follows you from phone to tablet, encrypted in transit and at rest.',
      },
    ],
    features: [
      {
        icon: 'check',
        title: 'Prayer Completion Tracking',
        description:
          'One tap to mark Fajr, Dhuhr, Asr, Maghrib and Isha as on time, delayed or made up later (qada).',
      },
      {
        icon: 'history',
        title: 'Prayer History',
        description:
          'Browse your record by day, week, month or year and fill in a prayer you forgot to log.',
      },
      {
        icon: 'chart',
        title: 'Visual Analytics',
        description:
          'Clear charts show which prayers are strongest and where a little more care would help.',
      },
      {
        icon: 'sparkles',
        title: 'Custom Prayer Types',
        description:
          'Add voluntary prayers such as the Sunnah rakahs, Duha, Witr or Tahajjud and track them alongside the obligatory ones.',
      },
    ],
    faq: [
      {
        question: 'How does tracking work when I am travelling?',
        answer:
          'Turn on travel mode and the app offers shortened (qasr) and combined prayers for your journey, and logs them as travel prayers so your statistics stay fair.',
      },
      {
        question: 'Is my prayer data private?',
        answer:
          'Yes. Your log is stored on your device. If you create an account to sync, it is encrypted in transit and at rest, never sold and never shared with advertisers.',
      },
      {
        question: 'Can I export my prayer history?',
        answer:
          'Yes. Premium members can export their full history as a PDF report or a CSV file to keep or to share with a teacher or family member.',
      },
    ],
  },
  {
    slug: 'prayer-times',
    headline: 'Accurate prayer times, wherever you are',
    intro:
      'Fajr to Isha from your location and the calculation method your community follows, calculated on your phone so your location never leaves it.',
    cta: waitlistCta,
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
  },
  {
    slug: 'progress-tracking',
    headline: 'See your consistency grow',
    intro:
      'A simple daily checklist for your prayers that turns into an encouraging picture of your week, month and year.',
    cta: waitlistCta,
    benefits: [
      {
        icon: 'heart',
        title: 'Encouragement, not guilt',
        description:
          'We highlight what you kept well. There are no public streaks and nothing to lose if you miss a day.',
      },
      {
        icon: 'calendar',
        title: 'Build a steady habit',
        description:
          'Small daily check-ins make it easy to notice patterns, like a Fajr that slips on weekends.',
      },
      {
        icon: 'lock',
        title: 'Yours alone',
        description:
          'Your log is private. Nobody, including us, sees it unless you choose to share.',
      },
    ],
    features: [
      {
        icon: 'check',
        title: 'One-tap logging',
        description:
          'Mark a prayer as on time, delayed or made up later straight from the notification.',
      },
      {
        icon: 'history',
        title: 'Day, week, month and year views',
        description: 'Switch between views to see today’s checklist or the whole year at once.',
      },
      {
        icon: 'chart',
        title: 'Per-prayer statistics',
        description:
          'See your on-time rate for each prayer separately, so you know where to focus.',
      },
      {
        icon: 'download',
        title: 'Export',
        description: 'Premium members can export their history as PDF or CSV.',
      },
    ],
    faq: [
      {
        question: 'Does tracking include voluntary prayers?',
        answer:
          'Yes. The obligatory prayers are tracked by default and you can add Sunnah, Witr, Duha or Tahajjud.',
      },
      {
        question: 'What happens if I forget to log a prayer?',
        answer:
          'Open the day in your history and log it afterwards. Nothing is reset and nothing is shared.',
      },
      {
        question: 'Can I reset my statistics?',
        answer:
          'Yes. Settings → Tracking → Reset history clears your log on the device and, if you sync, in your account.',
      },
    ],
  },
  {
    slug: 'daily-reminders',
    headline: 'A verse and a hadith to start each day',
    intro:
      'Begin the morning with a verse of the Quran and an authentic hadith, and receive gentle reminders before each prayer.',
    cta: waitlistCta,
    benefits: [
      {
        icon: 'sun',
        title: 'A mindful morning',
        description:
          'One short verse and one hadith each day, chosen to be read in under a minute.',
      },
      {
        icon: 'bell',
        title: 'Reminders you control',
        description:
          'Choose which prayers remind you, how early, and whether with adhan or a soft tone.',
      },
      {
        icon: 'shield',
        title: 'Trusted sources',
        description:
          'Hadith come from the major collections with their reference, so you can look them up.',
      },
    ],
    features: [
      {
        icon: 'book',
        title: 'Verse of the day',
        description: 'Arabic text with translation, shareable as an image card.',
      },
      {
        icon: 'sparkles',
        title: 'Hadith of the day',
        description: 'Short authentic narrations with collection and number.',
      },
      {
        icon: 'clock',
        title: 'Pre-prayer nudge',
        description:
          'A reminder 5 to 30 minutes before a prayer time so you can prepare for salah.',
      },
      {
        icon: 'moon',
        title: 'Quiet hours',
        description: 'Silence everything except the adhan during the hours you choose.',
      },
    ],
    faq: [
      {
        question: 'Can I change the time of the daily verse?',
        answer:
          'Yes. By default it arrives after Fajr; you can pick any time in Settings → Reminders.',
      },
      {
        question: 'Which hadith collections do you use?',
        answer:
          'Sahih al-Bukhari, Sahih Muslim, the Sunan collections and Riyad as-Salihin, always with the reference.',
      },
      {
        question: 'Will reminders drain my battery?',
        answer:
          'No. Reminders are scheduled locally by the phone’s own notification system, not by a background service.',
      },
    ],
  },
  {
    slug: 'qibla-direction',
    headline: 'Face the Kaaba from anywhere',
    intro:
      'A precise Qibla compass based on the great-circle direction to Makkah, with help to calibrate your phone and a map view when the compass is unreliable.',
    cta: waitlistCta,
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
        answer:
          'You can type your city instead of sharing your location; the direction is the same.',
      },
    ],
  },
  {
    slug: 'prayer-reminders',
    headline: 'Reminders that follow you, not the other way round',
    intro:
      'Location-based adhan notifications update automatically when you travel, with a pre-prayer nudge and quiet hours you set yourself.',
    cta: waitlistCta,
    benefits: [
      {
        icon: 'pin',
        title: 'Always local',
        description:
          'Arrive in a new city and reminders move to its prayer times without any setup.',
      },
      {
        icon: 'audio',
        title: 'Your choice of adhan',
        description: 'Choose from several recorded adhans, a short tone or a silent vibration.',
      },
      {
        icon: 'moon',
        title: 'Respectful of your time',
        description: 'Quiet hours and per-prayer settings mean you only hear what you asked for.',
      },
    ],
    features: [
      {
        icon: 'bell',
        title: 'Adhan notifications',
        description:
          'A notification at the start of each prayer time with the full adhan or a short alert.',
      },
      {
        icon: 'clock',
        title: 'Pre-prayer nudge',
        description: 'An optional reminder 5 to 30 minutes before each prayer.',
      },
      {
        icon: 'plane',
        title: 'Travel detection',
        description:
          'A significant change of location updates your times and offers travel prayer settings.',
      },
      {
        icon: 'calendar',
        title: 'Jumuah reminder',
        description: 'A Friday reminder to read Surah al-Kahf and prepare for the Friday prayer.',
      },
    ],
    faq: [
      {
        question: 'Why did a reminder arrive late?',
        answer:
          'Some Android phones pause apps to save battery. Allow the app to run unrestricted in your battery settings and reminders will be on time.',
      },
      {
        question: 'Does travel detection track me?',
        answer:
          'No. The phone tells the app only about large changes of location, the new times are calculated on the device, and nothing is sent to us.',
      },
      {
        question: 'Can I have the adhan for some prayers only?',
        answer: 'Yes. Each prayer has its own setting: adhan, tone, vibration or off.',
      },
    ],
  },
  {
    slug: 'quran-reader',
    headline: 'Read, listen and reflect',
    intro:
      'Read the Quran in clear Arabic script with recitation, translations and tafsir side by side. Full translations, tafsir and audio recitations are on our roadmap for Q3 2025.',
    cta: waitlistCta,
    benefits: [
      {
        icon: 'book',
        title: 'Beautiful script',
        description:
          'Uthmani script in a clear typeface with adjustable size for comfortable reading.',
      },
      {
        icon: 'languages',
        title: 'Understand what you read',
        description: 'Respected translations in many languages shown verse by verse.',
      },
      {
        icon: 'audio',
        title: 'Listen and follow',
        description:
          'Verse-by-verse recitation from renowned reciters, with the current verse highlighted.',
      },
    ],
    features: [
      {
        icon: 'history',
        title: 'Continue where you stopped',
        description: 'The reader remembers your last verse and keeps bookmarks.',
      },
      {
        icon: 'sparkles',
        title: 'Tafsir',
        description: 'Classical commentary one tap away from every verse.',
      },
      {
        icon: 'target',
        title: 'Reading goals',
        description: 'Set a daily page goal or plan a khatm for Ramadan.',
      },
      {
        icon: 'download',
        title: 'Offline reading',
        description: 'The text and your chosen translation are stored on the device.',
      },
    ],
    faq: [
      {
        question: 'Which translations are included?',
        answer:
          'We start with widely used English, Urdu, Indonesian, Turkish and French translations and will add more with the multi-language expansion.',
      },
      {
        question: 'When do recitations and tafsir arrive?',
        answer: 'They are part of the Advanced Spiritual Tools milestone planned for Q3 2025.',
      },
      {
        question: 'Can I listen without an internet connection?',
        answer: 'Yes. You can download the recitation of individual surahs or the whole Quran.',
      },
    ],
  },
  {
    slug: 'progress-insights',
    headline: 'Understand your prayer habits',
    intro:
      'Statistics by day, week, month or year that show which prayers you keep well, which slip, and how you are improving.',
    cta: waitlistCta,
    benefits: [
      {
        icon: 'chart',
        title: 'Clear picture',
        description: 'Simple charts, no jargon: on time, delayed and made up, prayer by prayer.',
      },
      {
        icon: 'trend',
        title: 'Notice trends',
        description: 'Spot patterns such as a busy-day Asr or a weekend Fajr and plan around them.',
      },
      {
        icon: 'lock',
        title: 'Private insights',
        description: 'Statistics are calculated from your own log and shown only to you.',
      },
    ],
    features: [
      {
        icon: 'calendar',
        title: 'Period views',
        description: 'Switch between day, week, month and year with one tap.',
      },
      {
        icon: 'target',
        title: 'Per-prayer rates',
        description: 'The share of each prayer kept on time, shown separately.',
      },
      {
        icon: 'sparkles',
        title: 'Voluntary prayers',
        description: 'Track Sunnah and night prayers alongside the obligatory five.',
      },
      {
        icon: 'download',
        title: 'PDF and CSV export',
        description: 'Premium members can export insights and raw history.',
      },
    ],
    faq: [
      {
        question: 'Are insights free?',
        answer: 'Weekly insights are free. Month and year views and exports are part of premium.',
      },
      {
        question: 'How is the on-time rate calculated?',
        answer:
          'It is the share of prayers you logged as on time out of all prayers whose time has passed in the period.',
      },
      {
        question: 'Do you use my statistics for anything else?',
        answer: 'No. They are never used for advertising and never shared.',
      },
    ],
  },
  {
    slug: 'night-mode',
    headline: 'Easy on the eyes before Fajr',
    intro:
      'A carefully tuned dark theme for early Fajr, late Isha and Tahajjud, so the app never dazzles you in a dark room.',
    cta: waitlistCta,
    benefits: [
      {
        icon: 'moon',
        title: 'Comfortable at night',
        description: 'Deep green backgrounds and warm text reduce glare without losing contrast.',
      },
      {
        icon: 'sun',
        title: 'Follows the sun',
        description:
          'Switch automatically at Maghrib and back at sunrise, or follow your phone’s setting.',
      },
      {
        icon: 'phone',
        title: 'Saves battery',
        description: 'On OLED screens dark pixels use less power.',
      },
    ],
    features: [
      {
        icon: 'sparkles',
        title: 'Three modes',
        description: 'Light, dark, or automatic with the system or with prayer times.',
      },
      {
        icon: 'target',
        title: 'Readable contrast',
        description: 'Every colour pair meets WCAG AA contrast in both themes.',
      },
      {
        icon: 'book',
        title: 'Quran in the dark',
        description: 'A sepia reading option for long recitation sessions at night.',
      },
      {
        icon: 'bell',
        title: 'Dim notifications',
        description: 'Night-time reminders use a softer screen and sound.',
      },
    ],
    faq: [
      {
        question: 'Can night mode follow prayer times?',
        answer: 'Yes. Choose “Automatic (Maghrib to sunrise)” in Settings → Appearance.',
      },
      {
        question: 'Is night mode a premium feature?',
        answer: 'No. All themes are free.',
      },
      {
        question: 'Does it affect widgets?',
        answer: 'Home-screen widgets follow the same theme as the app.',
      },
    ],
  },
  {
    slug: 'nearby-mosques',
    headline: 'Find a place to pray nearby',
    intro:
      'A mosque finder that shows mosques and prayer rooms around you with directions and facilities. It is part of our Community Features milestone, now in progress.',
    cta: waitlistCta,
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
  },
  {
    slug: 'community',
    headline: 'Encourage each other in prayer',
    intro:
      'Create private prayer groups with family and friends and support each other, without sharing your full prayer log. Community features are in progress.',
    cta: waitlistCta,
    benefits: [
      {
        icon: 'users',
        title: 'Together, privately',
        description: 'Groups are invitation-only; members see only what you choose to share.',
      },
      {
        icon: 'heart',
        title: 'Gentle encouragement',
        description: 'Send a short dua or a reminder instead of comparing scores.',
      },
      {
        icon: 'target',
        title: 'Shared goals',
        description: 'Set a group goal such as reading a juz a week during Ramadan.',
      },
    ],
    features: [
      {
        icon: 'users',
        title: 'Prayer groups',
        description: 'Invite members by link; leave or remove members at any time.',
      },
      {
        icon: 'phone',
        title: 'User profiles',
        description: 'A simple profile with a display name and no public activity feed.',
      },
      {
        icon: 'bell',
        title: 'Group reminders',
        description: 'Remind the group of a halaqa, a fast or Jumuah.',
      },
      {
        icon: 'shield',
        title: 'Safe by default',
        description: 'Report and block tools, and no messages from strangers.',
      },
    ],
    faq: [
      {
        question: 'Can other members see my prayers?',
        answer: 'Only if you turn on sharing for that group, and then only a weekly summary.',
      },
      {
        question: 'Is there a limit to group size?',
        answer: 'Groups hold up to 50 members, which suits families, classes and halaqas.',
      },
      {
        question: 'Do I need an account?',
        answer: 'Yes. Community features need a free account so your group membership can sync.',
      },
    ],
  },
  {
    slug: 'weather-integration',
    headline: 'Weather beside every prayer time',
    intro:
      'See the local forecast next to each prayer so you can plan the walk to the mosque, an outdoor Eid prayer or a rooftop Maghrib.',
    cta: waitlistCta,
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
        description:
          'A forecast for the morning of Eid to help organisers choose an outdoor venue.',
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
  },
  {
    slug: 'daily-duas',
    headline: 'A supplication for every moment',
    intro:
      'Morning and evening adhkar and duas for everyday moments — waking, travelling, eating, entering the mosque — in Arabic with transliteration and meaning.',
    cta: waitlistCta,
    benefits: [
      {
        icon: 'sparkles',
        title: 'Remembrance through the day',
        description: 'Short, authentic supplications for the moments that fill a normal day.',
      },
      {
        icon: 'languages',
        title: 'Learn as you go',
        description: 'Arabic text with transliteration and a clear meaning for every dua.',
      },
      {
        icon: 'shield',
        title: 'Sourced',
        description: 'Each dua shows its source in the Quran or the hadith collections.',
      },
    ],
    features: [
      {
        icon: 'sun',
        title: 'Morning and evening adhkar',
        description: 'The full adhkar with counters so you do not lose your place.',
      },
      {
        icon: 'audio',
        title: 'Audio',
        description: 'Listen to the correct pronunciation of each dua.',
      },
      {
        icon: 'heart',
        title: 'Favourites',
        description: 'Keep the duas you return to most in one list.',
      },
      {
        icon: 'bell',
        title: 'Adhkar reminder',
        description: 'A reminder after Fajr and after Asr for the morning and evening adhkar.',
      },
    ],
    faq: [
      {
        question: 'Where do the duas come from?',
        answer:
          'From the Quran and authentic hadith, drawing on well-known compilations such as Hisn al-Muslim, with references.',
      },
      {
        question: 'Can I read them without Arabic?',
        answer: 'Yes. Transliteration and meaning are shown under the Arabic text.',
      },
      {
        question: 'Is there a dhikr counter?',
        answer: 'Yes, and a dedicated daily dhikr tracker is planned for Q3 2025.',
      },
    ],
  },
];

export function findFeaturePage(slug: string): FeaturePageContent | undefined {
  return featurePages.find((page) => page.slug === slug);
}
