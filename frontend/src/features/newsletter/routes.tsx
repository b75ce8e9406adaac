/**
 * This feature's routes (composed by app/routes.tsx). Screens that talk to the server are
 * not prerendered: declared with `{ prerender: false, sitemap: false }`. Each page is its own
 * lazy chunk, so supabase-js (loaded on demand by getSupabase) never reaches public pages.
 */
import { msg } from '@lingui/core/macro';
import { lazyPage } from '../../lib/lazyPage';
import { page, type AppRoute } from '../../lib/routing';

const Join = lazyPage(() => import('./JoinPage'), 'features/newsletter/JoinPage.tsx', [
  'newsletter',
  'forms',
]);
const Verify = lazyPage(() => import('./VerifyPage'), 'features/newsletter/VerifyPage.tsx', [
  'newsletter',
  'forms',
]);
const Unsubscribe = lazyPage(
  () => import('./UnsubscribePage'),
  'features/newsletter/UnsubscribePage.tsx',
  ['newsletter', 'forms'],
);

const serverScreen = { prerender: false, sitemap: false } as const;

export const newsletterRoutes: AppRoute[] = [
  page(
    Join,
    {},
    '/join',
    {
      title: msg`Join the newsletter and waitlist — {brand}`,
      description: msg`Get the weekly {brand} newsletter or a place on the app waitlist. One email confirms your address; leave at any time.`,
    },
    serverScreen,
  ),
  page(
    Verify,
    {},
    '/verify',
    {
      title: msg`Verify your email — {brand}`,
      description: msg`Confirm your email address to start receiving the {brand} newsletter or to keep your place on the app waitlist.`,
    },
    serverScreen,
  ),
  page(
    Unsubscribe,
    {},
    '/unsubscribe',
    {
      title: msg`Unsubscribe — {brand}`,
      description: msg`Stop receiving the {brand} newsletter or waitlist emails with one click. No account or password needed.`,
    },
    serverScreen,
  ),
];
