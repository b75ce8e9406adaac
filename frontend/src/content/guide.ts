/** /guides/google-analytics: how this site sets up Google Analytics with Consent Mode v2. */

export const gaGuide = {
  title: 'Setting up Google Analytics with Consent Mode v2',
  lastUpdated: 'April 2024',
  description:
    'How we set up Google Analytics 4 on this site: Consent Mode v2 with every signal denied by default, manual page views, and nothing loaded without a measurement id.',
  intro:
    'This guide explains how the {brand} website measures visits while respecting your choice. Site owners who deploy this website can follow it to connect their own Google Analytics 4 property.',
  sections: [
    {
      heading: '1. Create a GA4 property',
      paragraphs: [
        'In Google Analytics, create a property and a Web data stream for your domain. Copy the measurement id, which looks like G-XXXXXXXXXX.',
        'In the data stream settings, turn off “Page changes based on browser history events” under Enhanced measurement: this site sends its own page views.',
      ],
    },
    {
      heading: '2. Configure the server',
      paragraphs: [
        'Set the environment variable GA_MEASUREMENT_ID to your measurement id and restart the server. Without it, the site loads no analytics script and sends nothing at all.',
        'The server adds the Google tag’s addresses to its Content Security Policy only when an id is configured.',
      ],
      code: 'GA_MEASUREMENT_ID=G-XXXXXXXXXX',
    },
    {
      heading: '3. Consent Mode v2: denied by default',
      paragraphs: [
        'Before the Google tag loads, the site sets every consent signal to denied: ad_storage, ad_user_data, ad_personalization, analytics_storage, functionality_storage, personalization_storage and security_storage.',
        'When a visitor presses Accept in the cookie banner, only analytics_storage and functionality_storage are updated to granted. Advertising signals stay denied. Reject keeps everything denied. The choice is stored in the browser under cookieConsent and applied again on every visit.',
      ],
      code: "gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', … });\ngtag('consent', 'update', { analytics_storage: 'granted', functionality_storage: 'granted' });",
    },
    {
      heading: '4. Page views on route changes',
      paragraphs: [
        'The site is a single-page application, so automatic page views are turned off (send_page_view: false) and IP anonymisation is on. On every route change the site sends a page_view event with the page path, the full location and the page title.',
      ],
      code: "gtag('config', 'G-XXXXXXXXXX', { send_page_view: false });\ngtag('event', 'page_view', { page_path, page_location, page_title });",
    },
    {
      heading: '5. Check that it works',
      list: [
        'Open the site, accept cookies and navigate between pages.',
        'In Google Analytics, open Reports → Realtime: your page views appear within a minute.',
        'Reject cookies in a private window: Consent Mode sends cookieless pings only, and no _ga cookie is set.',
      ],
    },
  ],
  support: 'Questions about analytics on this site? Contact our support team at',
};
