/**
 * This feature's routes (composed by app/routes.tsx). Screens that talk to the server are
 * not prerendered: declare them with `{ prerender: false, sitemap: false }`. The public
 * deletion request (/account/delete) is an informational page with a form, prerendered like
 * /contact; the page of the emailed link and the done page are app-shell routes, whose shell
 * carries `noindex`.
 */
import { msg } from '@lingui/core/macro';
import { lazyPage } from '../../lib/lazyPage';
import { page, type AppRoute } from '../../lib/routing';
import { ACCOUNT_DELETED_PATH, DELETION_CONFIRM_PATH, DELETION_REQUEST_PATH } from './paths';

const Profile = lazyPage(() => import('./ProfilePage'), 'features/account/ProfilePage.tsx', [
  'account',
  'forms',
]);
const DeleteRequest = lazyPage(
  () => import('./DeleteRequestPage'),
  'features/account/DeleteRequestPage.tsx',
  ['account', 'forms'],
);
const DeleteConfirm = lazyPage(
  () => import('./DeleteConfirmPage'),
  'features/account/DeleteConfirmPage.tsx',
  ['account', 'forms'],
);
const AccountDeleted = lazyPage(
  () => import('./AccountDeletedPage'),
  'features/account/AccountDeletedPage.tsx',
  ['account', 'forms'],
);

const accountScreen = { prerender: false, sitemap: false } as const;

export const accountRoutes: AppRoute[] = [
  page(
    Profile,
    {},
    '/profile',
    {
      title: msg`My Profile — {brand}`,
      description: msg`Your {brand} account: your email, the date you joined, and your password and sign-in settings.`,
    },
    accountScreen,
  ),
  page(DeleteRequest, {}, DELETION_REQUEST_PATH, {
    title: msg`Delete your account — {brand}`,
    description: msg`Delete your {brand} account and its data without signing in: we email a link to the address of the account. Nothing personal is kept.`,
  }),
  page(
    DeleteConfirm,
    {},
    DELETION_CONFIRM_PATH,
    {
      title: msg`Confirm the deletion — {brand}`,
      description: msg`The page of the emailed link: press the button to delete your {brand} account and its data for good.`,
    },
    accountScreen,
  ),
  page(
    AccountDeleted,
    {},
    ACCOUNT_DELETED_PATH,
    {
      title: msg`Account deleted — {brand}`,
      description: msg`Your {brand} account was deleted: its profile, sign-in methods, devices and activity are gone, and you are signed out everywhere.`,
    },
    accountScreen,
  ),
];
