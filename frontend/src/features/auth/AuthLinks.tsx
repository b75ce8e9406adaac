import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { accountStyles as styles } from '../../components/AccountFrame';
import { EMAIL_SIGN_IN_PATH } from './paths';

/** The ways between the sign-in screens, each with its one text and place. */
const AUTH_LINKS = {
  backToSignIn: { to: '/login', text: msg`Back to sign in` },
  createAccount: { to: '/signup', text: msg`Create an account` },
  signUp: { to: '/signup', text: msg`Don't have an account? Sign up` },
  signIn: { to: '/login', text: msg`Already have an account? Sign in` },
  forgotPassword: { to: '/auth/forgot-password', text: msg`Forgot Password?` },
  emailLink: { to: EMAIL_SIGN_IN_PATH, text: msg`Email me a sign-in link` },
  home: { to: '/', text: msg`Back to home` },
} satisfies Record<string, { to: string; text: MessageDescriptor }>;

export type AuthLink = keyof typeof AUTH_LINKS;

/** The row of links under a sign-in screen's form, in the order given. */
export function AuthLinks({ links, centered = false }: { links: AuthLink[]; centered?: boolean }) {
  const { i18n } = useLingui();
  return (
    <div className={centered ? `${styles.links} ${styles.centered}` : styles.links}>
      {links.map((name) => (
        <Link key={name} to={AUTH_LINKS[name].to}>
          {i18n._(AUTH_LINKS[name].text)}
        </Link>
      ))}
    </div>
  );
}
