/**
 * Help Center content (docs/behaviour.md#pages-help): five categories, FAQ ids category-number.
 * Every text is a message of the `help` catalogue; {brand} is filled when it renders (useText).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface FaqCategory {
  id: 'general' | 'account' | 'prayer-times' | 'features' | 'technical';
  name: MessageDescriptor;
}

/**
 * A paragraph of an answer: always shown, or only before the app's launch (`coming`) or after
 * it (`launched`), as APP_STORE_URL and PLAY_STORE_URL say (docs/behaviour.md#pages-launch).
 */
export type Paragraph =
  MessageDescriptor | { when: 'coming' | 'launched'; text: MessageDescriptor };

export function paragraphMessage(paragraph: Paragraph): MessageDescriptor {
  return 'when' in paragraph ? paragraph.text : paragraph;
}

export interface FaqItem {
  id: string;
  category: FaqCategory['id'];
  question: MessageDescriptor;
  answer: Paragraph[];
  /** An internal link under the answer. */
  link?: { label: MessageDescriptor; to: string };
  /** The store buttons under the answer (before the launch: the waitlist). */
  stores?: true;
}

export const helpIntro = {
  title: msg`Help Center`,
  intro: msg`Answers to common questions about the app, your account, prayer time calculations and privacy. Search below or browse by category.`,
  searchLabel: msg`Search the help center`,
  searchPlaceholder: msg`Search for answers...`,
  stillNeedHelp: msg`Still need help?`,
  stillNeedHelpText: msg`Our support team reads every message and usually replies within two working days.`,
  contactSupport: msg`Contact Support`,
};

export const faqCategories: FaqCategory[] = [
  {
    id: 'general',
    name: msg({
      message: 'General',
      comment: 'A category tab of the Help Center',
    }),
  },
  {
    id: 'account',
    name: msg({
      message: 'Account',
      comment: 'A category tab of the Help Center',
    }),
  },
  {
    id: 'prayer-times',
    name: msg({
      message: 'Prayer Times',
      comment: 'A category tab of the Help Center',
    }),
  },
  {
    id: 'features',
    name: msg({
      message: 'Features',
      comment: 'A category tab of the Help Center',
    }),
  },
  {
    id: 'technical',
    name: msg({
      message: 'Technical',
      comment: 'A category tab of the Help Center',
    }),
  },
];

export const faqs: FaqItem[] = [
  {
    id: 'general-1',
    category: 'general',
    question: msg`What is {brand}?`,
    answer: [
      msg`{brand} is a prayer companion app for Muslims: accurate prayer times, the Qibla direction, a daily verse and hadith, reminders and private prayer tracking.`,
      {
        when: 'coming',
        text: msg`The app is coming soon to iOS and Android. Join the waitlist and we will email you when you can download it.`,
      },
      {
        when: 'launched',
        text: msg`Download it for iPhone and iPad from the App Store, or for Android from Google Play.`,
      },
    ],
    stores: true,
  },
  {
    id: 'general-2',
    category: 'general',
    question: msg`Is the app free?`,
    answer: [
      msg`Yes. Prayer times, Qibla, reminders, the daily verse and basic tracking are free for everyone and always will be.`,
      msg`An optional premium subscription adds month and year insights and PDF or CSV export. Syncing your tracking across devices needs only a free account. Premium funds development; there are no ads in either version.`,
    ],
  },
  {
    id: 'general-3',
    category: 'general',
    question: msg`Which devices are supported?`,
    answer: [
      {
        when: 'coming',
        text: msg`When it launches, the app will run on iPhone and iPad with iOS 15 or later, and on Android phones and tablets with Android 8 or later.`,
      },
      {
        when: 'launched',
        text: msg`iPhone and iPad with iOS 15 or later, and Android phones and tablets with Android 8 or later.`,
      },
    ],
    stores: true,
  },
  {
    id: 'general-4',
    category: 'general',
    question: msg`Do you collect my location or sell my data?`,
    answer: [
      msg`No. Prayer times and the Qibla are calculated on your phone, so your coordinates never reach our servers. We never sell data and we do not use advertising trackers.`,
      msg`The website uses analytics cookies only if you press Accept in the cookie banner. The Privacy Policy lists exactly what we collect.`,
    ],
  },
  {
    id: 'account-1',
    category: 'account',
    question: msg`Do I need an account?`,
    answer: [
      msg`No. Every free feature works without an account. An account lets you sync your tracking between devices and unlocks premium features.`,
    ],
  },
  {
    id: 'account-2',
    category: 'account',
    question: msg`How do I create an account?`,
    answer: [
      msg`Sign up with your email address and a password of at least 6 characters, then confirm the link we email you. In the app you can also sign up with your Google or Apple account.`,
    ],
  },
  {
    id: 'account-3',
    category: 'account',
    question: msg`I forgot my password. What should I do?`,
    answer: [
      msg({
        message: `Choose “Forgot Password” on the sign-in screen and enter your email address. We send a reset link that works once and expires after 24 hours. Check your spam folder if it does not arrive within a few minutes.`,
        comment:
          '“Forgot Password” is the link on the website’s sign-in screen: use the same words as that link.',
      }),
    ],
  },
  {
    id: 'account-4',
    category: 'account',
    question: msg`How do I delete my account and data?`,
    answer: [
      msg({
        message: `Open the Delete account page (linked below and at the bottom of every page), enter the email address of your account, then open the link we email you and press “Delete my account”. Signed in, you can also do it from your profile: Account Information → Delete account, where “Download my data” first gives you a copy of everything we hold.`,
        comment:
          'The quoted names (Delete account, Delete my account, Download my data, Account Information) are buttons and pages of this website: use the same words as those screens.',
      }),
      msg`Deletion is immediate: your account, its sign-in methods, devices and activity are erased, and, if you choose, your newsletter and waitlist subscriptions. We confirm by email. A subscription bought through the App Store or Google Play must be cancelled there separately.`,
    ],
    link: { label: msg`Delete your account`, to: '/account/delete' },
  },
  {
    id: 'prayer-times-1',
    category: 'prayer-times',
    question: msg`Which calculation method should I use?`,
    answer: [
      msg`Use the method of your local mosque or national authority. Common choices are Muslim World League (Europe and much of the world), ISNA (North America), Umm al-Qura (Saudi Arabia), Egyptian General Authority (Africa, Middle East), University of Islamic Sciences, Karachi (South Asia), Diyanet (Turkey) and MUIS or JAKIM (Singapore, Malaysia).`,
      msg`The methods differ mainly in the sun angle used for Fajr and Isha, which can move those prayers by 15 to 30 minutes.`,
    ],
  },
  {
    id: 'prayer-times-2',
    category: 'prayer-times',
    question: msg`Why is Fajr or Isha so early or late in summer?`,
    answer: [
      msg`Above about 48° latitude (for example London, Berlin or Edmonton) the sun may not go far enough below the horizon in summer for true dawn and nightfall, so pure angle calculations give Isha after midnight or no Fajr at all.`,
      msg({
        message: `Choose a high-latitude rule in Settings → Prayer times: “Middle of the night”, “One-seventh of the night” or “Twilight angle”. Many European mosques use one-seventh; follow your local mosque if in doubt.`,
        comment:
          'Settings → … names screens and options of the mobile app: use the app’s own wording in this language.',
      }),
    ],
  },
  {
    id: 'prayer-times-3',
    category: 'prayer-times',
    question: msg`What is the difference between Hanafi and standard Asr?`,
    answer: [
      msg`In the Shafi‘i, Maliki and Hanbali schools Asr begins when an object’s shadow equals its length (plus its noon shadow). In the Hanafi school it begins when the shadow is twice the length, which is usually 30 to 60 minutes later.`,
      msg({
        message: `Choose your school under Settings → Prayer times → Asr method.`,
        comment:
          'Settings → … names screens and options of the mobile app: use the app’s own wording in this language.',
      }),
    ],
  },
  {
    id: 'prayer-times-4',
    category: 'prayer-times',
    question: msg`My times are an hour off after the clocks changed.`,
    answer: [
      msg({
        message: `The app follows your phone’s time zone, including daylight saving time. If times are an hour out, check that “Set time zone automatically” is on in your phone settings, then reopen the app.`,
        comment:
          '“Set time zone automatically” is the phone’s own setting: use the wording the phone shows in this language.',
      }),
    ],
  },
  {
    id: 'prayer-times-5',
    category: 'prayer-times',
    question: msg`Why is the Hijri date one day different from my mosque?`,
    answer: [
      msg({
        message: `We show the Umm al-Qura calendar by default. Many communities start months by local moon sighting, which can differ by a day. Adjust the Hijri date by ±1 or ±2 days under Settings → Calendar.`,
        comment:
          'Settings → … names screens and options of the mobile app: use the app’s own wording in this language.',
      }),
    ],
  },
  {
    id: 'features-1',
    category: 'features',
    question: msg`How does prayer tracking work?`,
    answer: [
      msg`Tap a prayer to mark it as on time, delayed or made up later. You can also track voluntary prayers and see your history by day, week, month or year.`,
    ],
  },
  {
    id: 'features-2',
    category: 'features',
    question: msg`How accurate is the Qibla compass?`,
    answer: [
      msg`The direction is calculated exactly; the limit is your phone’s magnetic sensor. Keep away from metal and magnets, calibrate with a figure-of-eight motion, and use the map view if the compass warns of interference.`,
    ],
  },
  {
    id: 'features-3',
    category: 'features',
    question: msg`When will the mosque finder and community groups arrive?`,
    answer: [
      msg`Both are part of our Community Features milestone, in progress since Q2 2025. Join the newsletter to hear when they launch.`,
    ],
  },
  {
    id: 'features-4',
    category: 'features',
    question: msg`Can I export my prayer history?`,
    answer: [msg`Premium members can export their history as a PDF report or a CSV file.`],
  },
  {
    id: 'technical-1',
    category: 'technical',
    question: msg`Reminders arrive late or not at all.`,
    answer: [
      msg({
        message: `On Android, allow the app to run without battery restrictions (Settings → Apps → {brand} → Battery → Unrestricted) and allow exact alarms. On iOS, make sure notifications are allowed and Focus modes do not silence them.`,
        comment:
          'Settings → … names screens and options of the phone (Android, iOS): use the wording the phone shows in this language.',
      }),
    ],
  },
  {
    id: 'technical-2',
    category: 'technical',
    question: msg`The app shows the wrong city.`,
    answer: [
      msg({
        message: `Open Settings → Location and tap “Update location”, or type your city by hand. The app never tracks your location in the background unless you turn on travel detection.`,
        comment:
          'Settings → … names screens and options of the mobile app: use the app’s own wording in this language.',
      }),
    ],
  },
  {
    id: 'technical-3',
    category: 'technical',
    question: msg`My data did not sync to my new phone.`,
    answer: [
      msg`Sync needs an account. Sign in with the same email on both devices and pull down on the Tracking screen to sync now. Data logged before you signed in is uploaded on your first sign-in.`,
    ],
  },
  {
    id: 'technical-4',
    category: 'technical',
    question: msg`How do I report a bug?`,
    answer: [
      msg`Use the Contact page or email our support address with your phone model, operating system version and the steps that lead to the problem. Screenshots help a lot.`,
    ],
  },
];
