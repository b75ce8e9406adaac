/**
 * This feature's routes (composed by app/routes.tsx). Screens that talk to the server are
 * not prerendered: declare them with `{ prerender: false, sitemap: false }`. Each is its own
 * lazy chunk, and only these chunks load supabase-js.
 */
import { msg } from '@lingui/core/macro';
import { lazyPage } from '../../lib/lazyPage';
import { page, type AppRoute } from '../../lib/routing';
import { TWO_FACTOR_PATH } from '../../lib/twoFactorRoute';
import { EMAIL_SIGN_IN_PATH, WELCOME_PATH } from './paths';

const Signup = lazyPage(() => import('./SignupPage'), 'features/auth/SignupPage.tsx', [
  'auth',
  'forms',
]);
const Login = lazyPage(() => import('./LoginPage'), 'features/auth/LoginPage.tsx', [
  'auth',
  'forms',
]);
const ForgotPassword = lazyPage(
  () => import('./ForgotPasswordPage'),
  'features/auth/ForgotPasswordPage.tsx',
  ['auth', 'forms'],
);
const ConfirmSignup = lazyPage(
  () => import('./ConfirmSignupPage'),
  'features/auth/ConfirmSignupPage.tsx',
  ['auth', 'forms'],
);
const Callback = lazyPage(() => import('./CallbackPage'), 'features/auth/CallbackPage.tsx', [
  'auth',
  'forms',
]);
const EmailSignIn = lazyPage(
  () => import('./EmailSignInPage'),
  'features/auth/EmailSignInPage.tsx',
  ['auth', 'forms'],
);
const TwoFactor = lazyPage(() => import('./TwoFactorPage'), 'features/auth/TwoFactorPage.tsx', [
  'auth',
  'forms',
]);
const ResetPassword = lazyPage(
  () => import('./ResetPasswordPage'),
  'features/auth/ResetPasswordPage.tsx',
  ['auth', 'forms'],
);
const Welcome = lazyPage(() => import('./WelcomePage'), 'features/auth/WelcomePage.tsx', [
  'auth',
  'forms',
]);

const accountScreen = { prerender: false, sitemap: false } as const;

export const authRoutes: AppRoute[] = [
  page(
    Signup,
    {},
    '/signup',
    {
      title: msg`Create Account — {brand}`,
      description: msg`Create a free {brand} account to sync your prayer history across devices and unlock premium features.`,
    },
    accountScreen,
  ),
  page(
    Login,
    {},
    '/login',
    {
      title: msg`Sign In — {brand}`,
      description: msg`Sign in to your {brand} account to sync your prayer history and settings.`,
    },
    accountScreen,
  ),
  page(
    EmailSignIn,
    {},
    EMAIL_SIGN_IN_PATH,
    {
      title: msg`Sign In with an Email Link — {brand}`,
      description: msg`Sign in to your {brand} account without your password: we email you a link and a 6-digit code.`,
    },
    accountScreen,
  ),
  page(
    TwoFactor,
    {},
    TWO_FACTOR_PATH,
    {
      title: msg`Two-Factor Authentication — {brand}`,
      description: msg`Enter the code from your authenticator app to finish signing in to {brand}.`,
    },
    accountScreen,
  ),
  page(
    ForgotPassword,
    {},
    '/auth/forgot-password',
    {
      title: msg`Reset Password — {brand}`,
      description: msg`Forgot your {brand} password? Enter your email and we will send a reset link.`,
    },
    accountScreen,
  ),
  page(
    ConfirmSignup,
    {},
    '/auth/confirm-signup',
    {
      title: msg`Confirm Your Email — {brand}`,
      description: msg`Check your inbox for the link that confirms your {brand} account, or send it again.`,
    },
    accountScreen,
  ),
  page(
    Callback,
    {},
    '/auth/callback',
    {
      title: msg`Processing Authentication — {brand}`,
      description: msg`Completing your {brand} sign-in from the link in your email. Please wait.`,
    },
    accountScreen,
  ),
  page(
    ResetPassword,
    {},
    '/auth/reset-password',
    {
      title: msg`Set a New Password — {brand}`,
      description: msg`Choose a new password for your {brand} account after following the reset link.`,
    },
    accountScreen,
  ),
  page(
    Welcome,
    {},
    WELCOME_PATH,
    {
      title: msg`Welcome — {brand}`,
      description: msg`You were invited to {brand}: choose a password to finish setting up your account.`,
    },
    accountScreen,
  ),
];
