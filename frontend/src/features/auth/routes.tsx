/**
 * This feature's routes (composed by app/routes.tsx). Screens that talk to the server are
 * not prerendered: declare them with `{ prerender: false, sitemap: false }`. Each is its own
 * lazy chunk, and only these chunks load supabase-js.
 */
import { lazyPage } from '../../lib/lazyPage';
import { page, type AppRoute } from '../../lib/routing';
import { TWO_FACTOR_PATH } from '../../lib/twoFactorRoute';
import { EMAIL_SIGN_IN_PATH, WELCOME_PATH } from './paths';

const Signup = lazyPage(() => import('./SignupPage'), 'features/auth/SignupPage.tsx');
const Login = lazyPage(() => import('./LoginPage'), 'features/auth/LoginPage.tsx');
const ForgotPassword = lazyPage(
  () => import('./ForgotPasswordPage'),
  'features/auth/ForgotPasswordPage.tsx',
);
const ConfirmSignup = lazyPage(
  () => import('./ConfirmSignupPage'),
  'features/auth/ConfirmSignupPage.tsx',
);
const Callback = lazyPage(() => import('./CallbackPage'), 'features/auth/CallbackPage.tsx');
const EmailSignIn = lazyPage(
  () => import('./EmailSignInPage'),
  'features/auth/EmailSignInPage.tsx',
);
const TwoFactor = lazyPage(() => import('./TwoFactorPage'), 'features/auth/TwoFactorPage.tsx');
const ResetPassword = lazyPage(
  () => import('./ResetPasswordPage'),
  'features/auth/ResetPasswordPage.tsx',
);
const Welcome = lazyPage(() => import('./WelcomePage'), 'features/auth/WelcomePage.tsx');

const accountScreen = { prerender: false, sitemap: false } as const;

export const authRoutes: AppRoute[] = [
  page(
    Signup,
    {},
    '/signup',
    {
      title: 'Create Account — {brand}',
      description:
        'Create a free {brand} account to sync your prayer history across devices and unlock premium features.',
    },
    accountScreen,
  ),
  page(
    Login,
    {},
    '/login',
    {
      title: 'Sign In — {brand}',
      description: 'Sign in to your {brand} account to sync your prayer history and settings.',
    },
    accountScreen,
  ),
  page(
    EmailSignIn,
    {},
    EMAIL_SIGN_IN_PATH,
    {
      title: 'Sign In with an Email Link — {brand}',
      description:
        'Sign in to your {brand} account without your password: we email you a link and a 6-digit code.',
    },
    accountScreen,
  ),
  page(
    TwoFactor,
    {},
    TWO_FACTOR_PATH,
    {
      title: 'Two-Factor Authentication — {brand}',
      description: 'Enter the code from your authenticator app to finish signing in to {brand}.',
    },
    accountScreen,
  ),
  page(
    ForgotPassword,
    {},
    '/auth/forgot-password',
    {
      title: 'Reset Password — {brand}',
      description: 'Forgot your {brand} password? Enter your email and we will send a reset link.',
    },
    accountScreen,
  ),
  page(
    ConfirmSignup,
    {},
    '/auth/confirm-signup',
    {
      title: 'Confirm Your Email — {brand}',
      description:
        'Check your inbox for the link that confirms your {brand} account, or send it again.',
    },
    accountScreen,
  ),
  page(
    Callback,
    {},
    '/auth/callback',
    {
      title: 'Processing Authentication — {brand}',
      description: 'Completing your {brand} sign-in from the link in your email. Please wait.',
    },
    accountScreen,
  ),
  page(
    ResetPassword,
    {},
    '/auth/reset-password',
    {
      title: 'Set a New Password — {brand}',
      description: 'Choose a new password for your {brand} account after following the reset link.',
    },
    accountScreen,
  ),
  page(
    Welcome,
    {},
    WELCOME_PATH,
    {
      title: 'Welcome — {brand}',
      description:
        'You were invited to {brand}: choose a password to finish setting up your account.',
    },
    accountScreen,
  ),
];
