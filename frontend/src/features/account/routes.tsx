/**
 * This feature's routes (composed by app/routes.tsx). Screens that talk to the server are
 * not prerendered: declare them with `{ prerender: false, sitemap: false }`.
 */
import { lazyPage } from '../../lib/lazyPage';
import { page, type AppRoute } from '../../lib/routing';

const Profile = lazyPage(() => import('./ProfilePage'), 'features/account/ProfilePage.tsx');

export const accountRoutes: AppRoute[] = [
  page(
    Profile,
    {},
    '/profile',
    {
      title: 'My Profile — {brand}',
      description:
        'Your {brand} account: your email, the date you joined, and your password and sign-in settings.',
    },
    { prerender: false, sitemap: false },
  ),
];
