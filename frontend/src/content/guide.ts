/**
 * /guides/google-analytics: how this site sets up Google Analytics with Consent Mode v2. Every
 * text is a message of the `guide` catalogue ({brand} is filled when it renders); code samples,
 * setting names and consent signal names stay as they are in every language.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface GuideSection {
  heading: MessageDescriptor;
  paragraphs?: MessageDescriptor[];
  list?: MessageDescriptor[];
  /** Code, the same in every language. */
  code?: string;
}

export const gaGuide: {
  title: MessageDescriptor;
  /** The month of the last change (year-month), shown in the page's language. */
  lastUpdated: string;
  intro: MessageDescriptor;
  sections: GuideSection[];
} = {
  title: msg`Setting up Google Analytics with Consent Mode v2`,
  lastUpdated: '2024-04',
  intro: msg`This guide explains how the {brand} website measures visits while respecting your choice. Site owners who deploy this website can follow it to connect their own Google Analytics 4 property.`,
  sections: [
    {
      heading: msg`1. Create a GA4 property`,
      paragraphs: [
        msg`In Google Analytics, create a property and a Web data stream for your domain. Copy the measurement id, which looks like G-XXXXXXXXXX.`,
        msg({
          message: `In the data stream settings, turn off “Page changes based on browser history events” under Enhanced measurement: this site sends its own page views.`,
          comment:
            'The quoted option and Enhanced measurement are settings of Google Analytics: use the wording Google Analytics shows in this language.',
        }),
      ],
    },
    {
      heading: msg`2. Configure the server`,
      paragraphs: [
        msg`Set the environment variable GA_MEASUREMENT_ID to your measurement id and restart the server. Without it, the site loads no analytics script and sends nothing at all.`,
        msg`The server adds the Google tag’s addresses to its Content Security Policy only when an id is configured.`,
      ],
      code: 'GA_MEASUREMENT_ID=G-XXXXXXXXXX',
    },
    {
      heading: msg`3. Consent Mode v2: denied by default`,
      paragraphs: [
        msg({
          message: `Before the Google tag loads, the site sets every consent signal to denied: ad_storage, ad_user_data, ad_personalization, analytics_storage, functionality_storage, personalization_storage and security_storage.`,
          comment:
            'ad_storage … security_storage are the names of consent signals and “denied” a value in code: keep them in English. The rest is prose.',
        }),
        msg({
          message: `When a visitor presses Accept in the cookie banner, only analytics_storage and functionality_storage are updated to granted. Advertising signals stay denied. Reject keeps everything denied. The choice is stored in the browser under cookieConsent and applied again on every visit.`,
          comment:
            'Accept and Reject are the buttons of this site’s cookie banner (use their words in this language); analytics_storage, functionality_storage, granted, denied and cookieConsent are names in code: keep them in English.',
        }),
      ],
      code: "gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', … });\ngtag('consent', 'update', { analytics_storage: 'granted', functionality_storage: 'granted' });",
    },
    {
      heading: msg`4. Page views on route changes`,
      paragraphs: [
        msg({
          message: `The site is a single-page application, so automatic page views are turned off (send_page_view: false) and IP anonymisation is on. On every route change the site sends a page_view event with the page path, the full location and the page title.`,
          comment: 'send_page_view: false and page_view are code: keep them in English.',
        }),
      ],
      code: "gtag('config', 'G-XXXXXXXXXX', { send_page_view: false });\ngtag('event', 'page_view', { page_path, page_location, page_title });",
    },
    {
      heading: msg`5. Check that it works`,
      list: [
        msg`Open the site, accept cookies and navigate between pages.`,
        msg({
          message: `In Google Analytics, open Reports → Realtime: your page views appear within a minute.`,
          comment:
            'Reports → Realtime are menu names of Google Analytics: use the wording Google Analytics shows in this language.',
        }),
        msg({
          message: `Reject cookies in a private window: Consent Mode sends cookieless pings only, and no _ga cookie is set.`,
          comment:
            'Reject is the button of this site’s cookie banner; _ga is the name of a cookie (keep it).',
        }),
      ],
    },
  ],
};
