/**
 * Legal pages and their constants (docs/behaviour.md#pages). Every text is a message of the
 * `legal` catalogue. Tokens: {brand}, {supportEmail}; the numbers are placeholders that the page
 * fills in (features/legal/LegalPage.tsx): {minimumAge}, {noticeDays}, {refundWindowDays},
 * {payoutMin}, {payoutMax} (numbers, in plurals or {x, number}) and {usageLimit} (a percentage,
 * already formatted in the page's language).
 * A section may end with an internal link (`link.to`) or the support email (`email: true`: the
 * last paragraph holds the address as <0>{supportEmail}</0>, a mailto link).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The date every legal page was last changed (shown in the page's language). */
export const LEGAL_LAST_UPDATED = '2025-04-09';
export const MINIMUM_AGE = 13;
export const NOTICE_DAYS = 30;
export const REFUND_WINDOW_DAYS = 14;
export const ANNUAL_USAGE_LIMIT_PERCENT = 25;
/** Refunds are paid within 5-10 business days. */
export const REFUND_PAYOUT_DAYS = { min: 5, max: 10 };

export interface LegalSection {
  heading: MessageDescriptor;
  paragraphs?: MessageDescriptor[];
  list?: MessageDescriptor[];
  link?: { label: MessageDescriptor; to: string };
  email?: boolean;
}

export interface LegalPage {
  slug: 'terms' | 'privacy' | 'refund';
  title: MessageDescriptor;
  summary: MessageDescriptor;
  sections: LegalSection[];
}

const terms: LegalPage = {
  slug: 'terms',
  title: msg`Terms of Use`,
  summary: msg`These terms govern your use of the {brand} mobile app and this website. By using them you agree to these terms.`,
  sections: [
    {
      heading: msg`1. Who may use {brand}`,
      paragraphs: [
        msg`You must be at least {minimumAge, plural, one {# year} other {# years}} old to use the app or create an account. If you are under the age of majority where you live, a parent or guardian must agree to these terms on your behalf.`,
      ],
    },
    {
      heading: msg`2. Your account`,
      paragraphs: [
        msg`An account is optional. If you create one, you are responsible for keeping your password secret and for activity under your account. Tell us at once if you suspect someone else is using it.`,
        msg`You can stop using the service and ask us to delete your account at any time.`,
      ],
    },
    {
      heading: msg`3. Free and premium features`,
      paragraphs: [
        msg`Core features (prayer times, Qibla, reminders, the daily verse and basic tracking) are free. Premium features are offered by subscription, billed through the App Store or Google Play, and renew automatically until you cancel in your store account.`,
        msg`Refunds are governed by our Refund Policy.`,
      ],
      link: { label: msg`Read the Refund Policy`, to: '/refund' },
    },
    {
      heading: msg`4. Religious content and prayer times`,
      paragraphs: [
        msg`We take great care with calculations and sources, but prayer times depend on the method, madhab and location settings you choose, and local practice may differ. Follow the guidance of your local mosque or scholars where it differs from the app. The app is a tool, not a religious ruling.`,
      ],
    },
    {
      heading: msg`5. Acceptable use`,
      list: [
        msg`Do not misuse the service, attempt to access it other than through the interfaces we provide, or interfere with other users.`,
        msg`Do not post unlawful, hateful or abusive content in community features.`,
        msg`Do not copy, resell or redistribute app content except where a licence allows it.`,
      ],
    },
    {
      heading: msg`6. Intellectual property`,
      paragraphs: [
        msg`The app, its design and our original content belong to {brand}. Quran text, translations and hadith are used under the licences of their publishers.`,
      ],
    },
    {
      heading: msg`7. Liability`,
      paragraphs: [
        msg`The service is provided “as is”. To the extent the law allows, we are not liable for indirect or consequential losses. Nothing in these terms limits rights you have as a consumer that cannot be limited by law.`,
      ],
    },
    {
      heading: msg`8. Changes to these terms`,
      paragraphs: [
        msg`We will give you at least {noticeDays, plural, one {# day’s} other {# days’}} notice of material changes by email (if you have an account) and in the app. If you keep using the service after the change takes effect, the new terms apply.`,
      ],
    },
    {
      heading: msg`9. Contact`,
      paragraphs: [msg`Questions about these terms: write to us at <0>{supportEmail}</0>.`],
      email: true,
    },
  ],
};

const privacy: LegalPage = {
  slug: 'privacy',
  title: msg`Privacy Policy`,
  summary: msg`In short: prayer times and the Qibla are calculated on your device, we never sell your data, and analytics run only if you accept them. This policy explains exactly what we collect and why.`,
  sections: [
    {
      heading: msg`1. What we do not collect`,
      list: [
        msg`Your location. Prayer times, the Qibla and travel detection are calculated on your phone; coordinates are never sent to us.`,
        msg`Your location on this website. The prayer-times page computes the times, the Qibla and the timetable in your browser. Your position, if you press Use my location, and the city you choose stay there: kept in the browser only if you tick Remember my location, and sent to no one. The city list is a file the page downloads in full from this site, so we never learn what you searched for.`,
        msg`Your prayer log. The prayer tracker on this website keeps your marks in your browser and sends nothing to us, unless you sign in and turn on sync.`,
        msg`Contacts, photos, microphone recordings or advertising identifiers.`,
        msg`Anything for advertising: we show no ads and use no advertising trackers.`,
      ],
    },
    {
      heading: msg`2. What we collect`,
      list: [
        msg`Account (optional): your name, email address and a salted hash of your password, so you can sign in and sync.`,
        msg`Synced data (optional, only after you turn on sync and agree to it): your prayer log (for each day and prayer: on time, late, made up or missed, in congregation, shortened or combined while travelling), your make-up counts and starting balance, the voluntary and custom prayers you track, and when you agreed. It is encrypted in transit and, on our servers, at rest, so a copy of our database alone does not reveal it. Turning sync off deletes this copy at once; your browser keeps its own.`,
        msg`Newsletter and waitlist (optional): your name, email address, which list you joined, when you subscribed and when you confirmed. You can unsubscribe from any email.`,
        msg`Support messages: what you write to us and your email address, to answer you.`,
        msg`Website analytics (only if you press Accept): pages visited, approximate region, device and browser type, through Google Analytics with IP anonymisation. If you reject or ignore the banner, no analytics cookies are set.`,
        msg`Server logs: IP address and request details kept for up to 14 days to protect the service from abuse.`,
      ],
    },
    {
      heading: msg`3. Why we use it`,
      paragraphs: [
        msg`To provide the features you ask for (contract), to keep the service secure (legitimate interest), and for newsletters and analytics only with your consent, which you can withdraw at any time. Religious belief is special-category data: we never share subscriber lists or prayer data with advertising platforms.`,
      ],
    },
    {
      heading: msg`4. Cookies and local storage`,
      paragraphs: [
        msg`The website stores your cookie choice in your browser under the key cookieConsent. Google Analytics cookies are set only after you accept. You can change your choice at any time with the “Cookie settings” link in the footer.`,
        msg`The prayer tracker keeps your prayer log in your browser’s own database (IndexedDB) on this device. Clearing this site’s data in your browser deletes it; unless you turned on sync, there is no other copy.`,
      ],
    },
    {
      heading: msg`5. Sharing`,
      paragraphs: [
        msg`We use a small number of processors to run the service (hosting, email delivery, analytics when accepted), each bound by a data processing agreement. We never sell personal data.`,
      ],
    },
    {
      heading: msg`6. Retention`,
      paragraphs: [
        msg`Account and synced data are kept until you delete your account, which erases them at once; turning sync off erases the synced prayer log at once too. Unconfirmed newsletter sign-ups are deleted after 30 days.`,
        msg`You can delete your account yourself at any time: signed in, from your profile (Account Information → Delete account, where you can also download a copy of your data), or without signing in, from the Delete account page, which emails a link to the address of the account. Nothing personal is kept, apart from the server logs, which are erased after 14 days; a subscription bought in the App Store or Google Play must be cancelled in the store.`,
      ],
      link: { label: msg`Delete your account`, to: '/account/delete' },
    },
    {
      heading: msg`7. Your rights`,
      paragraphs: [
        msg`You can ask for a copy of your data, its correction or deletion, restrict or object to processing, and withdraw consent. You may also complain to your data protection authority.`,
      ],
    },
    {
      heading: msg`8. Children`,
      paragraphs: [
        msg`The service is not directed at children under {minimumAge, number}, and we do not knowingly collect their data. If you believe a child under {minimumAge, number} has given us data, contact us and we will delete it.`,
      ],
    },
    {
      heading: msg`9. Changes`,
      paragraphs: [
        msg`We will give at least {noticeDays, plural, one {# day’s} other {# days’}} notice of material changes to this policy.`,
      ],
    },
    {
      heading: msg`10. Contact`,
      paragraphs: [msg`For any privacy question or request, write to <0>{supportEmail}</0>.`],
      email: true,
    },
  ],
};

const refund: LegalPage = {
  slug: 'refund',
  title: msg`Refund Policy`,
  summary: msg`We want you to be happy with premium. If it is not right for you, this policy explains when and how you can get your money back.`,
  sections: [
    {
      heading: msg`1. Refund window`,
      paragraphs: [
        msg`You can request a refund within {refundWindowDays, plural, one {# day} other {# days}} of the purchase or renewal of a premium subscription.`,
      ],
    },
    {
      heading: msg`2. Annual subscriptions`,
      paragraphs: [
        msg`An annual subscription is not eligible for a refund if more than {usageLimit} of its premium features have been used, for example after exporting your history and using sync and every insight view.`,
      ],
    },
    {
      heading: msg`3. How to request a refund`,
      list: [
        msg`Purchases through the App Store: request the refund from Apple at reportaproblem.apple.com; Apple decides and pays App Store refunds.`,
        msg`Purchases through Google Play: request it in your Google Play order history, or contact us and we will process it.`,
        msg`In every case you can contact us with your order number and the email of your account.`,
      ],
      link: { label: msg`Contact us about a refund`, to: '/contact' },
    },
    {
      heading: msg`4. When you are paid`,
      paragraphs: [
        msg`Approved refunds are paid to the original payment method within {payoutMin, number}-{payoutMax, number} business days. Your bank may take a few more days to show it.`,
      ],
    },
    {
      heading: msg`5. Cancelling`,
      paragraphs: [
        msg`Cancelling stops the next renewal; you keep premium until the end of the period you paid for. Deleting the app does not cancel a subscription.`,
      ],
    },
    {
      heading: msg`6. Changes`,
      paragraphs: [
        msg`We will give at least {noticeDays, plural, one {# day’s} other {# days’}} notice of material changes.`,
      ],
    },
    {
      heading: msg`7. Contact`,
      paragraphs: [msg`Refund questions: write to <0>{supportEmail}</0>.`],
      email: true,
    },
  ],
};

export const legalPages = { terms, privacy, refund } as const;
