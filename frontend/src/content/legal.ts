/**
 * Legal pages and their constants (docs/behaviour.md#pages). Tokens: {brand}, {supportEmail}.
 * A section may end with an internal link (`link.to`) or the support email (`email: true`).
 */

export const LEGAL_LAST_UPDATED = 'April 09, 2025';
export const MINIMUM_AGE = 13;
export const NOTICE_DAYS = 30;
export const REFUND_WINDOW_DAYS = 14;
export const ANNUAL_USAGE_LIMIT_PERCENT = 25;
export const REFUND_PAYOUT = '5-10 business days';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  link?: { label: string; to: string };
  email?: boolean;
}

export interface LegalPage {
  slug: 'terms' | 'privacy' | 'refund';
  title: string;
  description: string;
  summary: string;
  sections: LegalSection[];
}

const terms: LegalPage = {
  slug: 'terms',
  title: 'Terms of Use',
  description:
    'The terms for using the {brand} app and website: eligibility from age 13, accounts, subscriptions, acceptable use and changes with 30 days’ notice.',
  summary:
    'These terms govern your use of the {brand} mobile app and this website. By using them you agree to these terms.',
  sections: [
    {
      heading: '1. Who may use {brand}',
      paragraphs: [
        `You must be at least ${MINIMUM_AGE} years old to use the app or create an account. If you are under the age of majority where you live, a parent or guardian must agree to these terms on your behalf.`,
      ],
    },
    {
      heading: '2. Your account',
      paragraphs: [
        'An account is optional. If you create one, you are responsible for keeping your password secret and for activity under your account. Tell us at once if you suspect someone else is using it.',
        'You can stop using the service and ask us to delete your account at any time.',
      ],
    },
    {
      heading: '3. Free and premium features',
      paragraphs: [
        'Core features (prayer times, Qibla, reminders, the daily verse and basic tracking) are free. Premium features are offered by subscription, billed through the App Store or Google Play, and renew automatically until you cancel in your store account.',
        'Refunds are governed by our Refund Policy.',
      ],
      link: { label: 'Read the Refund Policy', to: '/refund' },
    },
    {
      heading: '4. Religious content and prayer times',
      paragraphs: [
        'We take great care with calculations and sources, but prayer times depend on the method, madhab and location settings you choose, and local practice may differ. Follow the guidance of your local mosque or scholars where it differs from the app. The app is a tool, not a religious ruling.',
      ],
    },
    {
      heading: '5. Acceptable use',
      list: [
        'Do not misuse the service, attempt to access it other than through the interfaces we provide, or interfere with other users.',
        'Do not post unlawful, hateful or abusive content in community features.',
        'Do not copy, resell or redistribute app content except where a licence allows it.',
      ],
    },
    {
      heading: '6. Intellectual property',
      paragraphs: [
        'The app, its design and our original content belong to {brand}. Quran text, translations and hadith are used under the licences of their publishers.',
      ],
    },
    {
      heading: '7. Liability',
      paragraphs: [
        'The service is provided “as is”. To the extent the law allows, we are not liable for indirect or consequential losses. Nothing in these terms limits rights you have as a consumer that cannot be limited by law.',
      ],
    },
    {
      heading: '8. Changes to these terms',
      paragraphs: [
        `We will give you at least ${NOTICE_DAYS} days’ notice of material changes by email (if you have an account) and in the app. If you keep using the service after the change takes effect, the new terms apply.`,
      ],
    },
    {
      heading: '9. Contact',
      paragraphs: ['Questions about these terms: write to us at'],
      email: true,
    },
  ],
};

const privacy: LegalPage = {
  slug: 'privacy',
  title: 'Privacy Policy',
  description:
    'What {brand} collects and what it does not: prayer times calculated on your device, no location on our servers, no data sold, analytics only with consent.',
  summary:
    'In short: prayer times and the Qibla are calculated on your device, we never sell your data, and analytics run only if you accept them. This policy explains exactly what we collect and why.',
  sections: [
    {
      heading: '1. What we do not collect',
      list: [
        'Your location. Prayer times, the Qibla and travel detection are calculated on your phone; coordinates are never sent to us.',
        'Your location on this website. The prayer-times page computes the times, the Qibla and the timetable in your browser. Your position, if you press Use my location, and the city you choose stay there: kept in the browser only if you tick Remember my location, and sent to no one. The city list is a file the page downloads in full from this site, so we never learn what you searched for.',
        'Your prayer log, unless you create an account and turn on sync.',
        'Contacts, photos, microphone recordings or advertising identifiers.',
        'Anything for advertising: we show no ads and use no advertising trackers.',
      ],
    },
    {
      heading: '2. What we collect',
      list: [
        'Account (optional): your name, email address and a salted hash of your password, so you can sign in and sync.',
        'Synced data (optional): your prayer log and settings, encrypted in transit and at rest, only if you turn on sync.',
        'Newsletter and waitlist (optional): your name, email address, which list you joined, when you subscribed and when you confirmed. You can unsubscribe from any email.',
        'Support messages: what you write to us and your email address, to answer you.',
        'Website analytics (only if you press Accept): pages visited, approximate region, device and browser type, through Google Analytics with IP anonymisation. If you reject or ignore the banner, no analytics cookies are set.',
        'Server logs: IP address and request details kept for up to 14 days to protect the service from abuse.',
      ],
    },
    {
      heading: '3. Why we use it',
      paragraphs: [
        'To provide the features you ask for (contract), to keep the service secure (legitimate interest), and for newsletters and analytics only with your consent, which you can withdraw at any time. Religious belief is special-category data: we never share subscriber lists or prayer data with advertising platforms.',
      ],
    },
    {
      heading: '4. Cookies and local storage',
      paragraphs: [
        'The website stores your cookie choice in your browser under the key cookieConsent. Google Analytics cookies are set only after you accept. You can change your choice at any time with the “Cookie settings” link in the footer.',
      ],
    },
    {
      heading: '5. Sharing',
      paragraphs: [
        'We use a small number of processors to run the service (hosting, email delivery, analytics when accepted), each bound by a data processing agreement. We never sell personal data.',
      ],
    },
    {
      heading: '6. Retention',
      paragraphs: [
        'Account and synced data are kept until you delete your account, which erases them at once. Unconfirmed newsletter sign-ups are deleted after 30 days.',
        'You can delete your account yourself at any time: signed in, from your profile (Account Information → Delete account, where you can also download a copy of your data), or without signing in, from the Delete account page, which emails a link to the address of the account. Nothing personal is kept, apart from the server logs, which are erased after 14 days; a subscription bought in the App Store or Google Play must be cancelled in the store.',
      ],
      link: { label: 'Delete your account', to: '/account/delete' },
    },
    {
      heading: '7. Your rights',
      paragraphs: [
        'You can ask for a copy of your data, its correction or deletion, restrict or object to processing, and withdraw consent. You may also complain to your data protection authority.',
      ],
    },
    {
      heading: '8. Children',
      paragraphs: [
        `The service is not directed at children under ${MINIMUM_AGE}, and we do not knowingly collect their data. If you believe a child under ${MINIMUM_AGE} has given us data, contact us and we will delete it.`,
      ],
    },
    {
      heading: '9. Changes',
      paragraphs: [
        `We will give at least ${NOTICE_DAYS} days’ notice of material changes to this policy.`,
      ],
    },
    {
      heading: '10. Contact',
      paragraphs: ['For any privacy question or request, write to'],
      email: true,
    },
  ],
};

const refund: LegalPage = {
  slug: 'refund',
  title: 'Refund Policy',
  description:
    'Refunds for {brand} premium subscriptions: 14-day window, the 25% rule for annual plans, and refunds paid within 5-10 business days.',
  summary:
    'We want you to be happy with premium. If it is not right for you, this policy explains when and how you can get your money back.',
  sections: [
    {
      heading: '1. Refund window',
      paragraphs: [
        `You can request a refund within ${REFUND_WINDOW_DAYS} days of the purchase or renewal of a premium subscription.`,
      ],
    },
    {
      heading: '2. Annual subscriptions',
      paragraphs: [
        `An annual subscription is not eligible for a refund if more than ${ANNUAL_USAGE_LIMIT_PERCENT}% of its premium features have been used, for example after exporting your history and using sync and every insight view.`,
      ],
    },
    {
      heading: '3. How to request a refund',
      list: [
        'Purchases through the App Store: request the refund from Apple at reportaproblem.apple.com; Apple decides and pays App Store refunds.',
        'Purchases through Google Play: request it in your Google Play order history, or contact us and we will process it.',
        'In every case you can contact us with your order number and the email of your account.',
      ],
      link: { label: 'Contact us about a refund', to: '/contact' },
    },
    {
      heading: '4. When you are paid',
      paragraphs: [
        `Approved refunds are paid to the original payment method within ${REFUND_PAYOUT}. Your bank may take a few more days to show it.`,
      ],
    },
    {
      heading: '5. Cancelling',
      paragraphs: [
        'Cancelling stops the next renewal; you keep premium until the end of the period you paid for. Deleting the app does not cancel a subscription.',
      ],
    },
    {
      heading: '6. Changes',
      paragraphs: [`We will give at least ${NOTICE_DAYS} days’ notice of material changes.`],
    },
    {
      heading: '7. Contact',
      paragraphs: ['Refund questions: write to'],
      email: true,
    },
  ],
};

export const legalPages = { terms, privacy, refund } as const;
