import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { accountStyles as styles } from '../../components/AccountFrame';
import { withReturnPath } from '../../lib/returnPath';
import { EMAIL_SIGN_IN_PATH } from './paths';
import { useReturnPath } from './returnPath';

/**
 * The ways between the sign-in screens, each with its one text and place. `signsIn`: a way to
 * sign in or up, which keeps the return path (docs/behaviour.md#accounts-return-path).
 */
const AUTH_LINKS = {
  backToSignIn: { to: '/login', text: msg`Back to sign in`, signsIn: true },
  createAccount: { to: '/signup', text: msg`Create an account`, signsIn: true },
  signUp: { to: '/signup', text: msg`Don't have an account? Sign up`, signsIn: true },
  signIn: { to: '/login', text: msg`Already have an account? Sign in`, signsIn: true },
  forgotPassword: {
    to: '/auth/forgot-password',
    text: msg`Forgot Password?`,
    signsIn: false,
  },
  emailLink: { to: EMAIL_SIGN_IN_PATH, text: msg`Email me a sign-in link`, signsIn: true },
  home: { to: '/', text: msg`Back to home`, signsIn: false },
} satisfies Record<string, { to: string; text: MessageDescriptor; signsIn: boolean }>;

export type AuthLink = keyof typeof AUTH_LINKS;

/** The row of links under a sign-in screen's form, in the order given. */
export function AuthLinks({ links, centered = false }: { links: AuthLink[]; centered?: boolean }) {
  const { i18n } = useLingui();
  const next = useReturnPath();
  return (
    <div className={centered ? `${styles.links} ${styles.centered}` : styles.links}>
      {links.map((name) => {
        const { to, text, signsIn } = AUTH_LINKS[name];
        return (
          <Link key={name} to={signsIn ? withReturnPath(to, next) : to}>
            {i18n._(text)}
          </Link>
        );
      })}
    </div>
  );
}
