import { Trans } from '@lingui/react/macro';
import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { accountStyles } from '../AccountFrame';

interface CheckEmailProps {
  /** What was sent, and to which address: the first paragraph's content. */
  sent: ReactNode;
  /** The heading; 'Check your email' unless given. */
  title?: ReactNode;
  /** Where else to look; 'Can't find it? …spam or junk folder too.' unless given. */
  hint?: ReactNode;
  titleId?: string;
  titleClassName?: string;
  /** The box's classes; the account card's message box unless given. */
  className?: string;
  /**
   * `status` where the view itself replaces a form and is announced with it; leave it out where
   * a live region around the view is already in the page before the view appears.
   */
  role?: 'status';
  /** What follows the hint: the outcome of sending again, a button, a link. */
  children?: ReactNode;
}

/**
 * The view after a form has emailed a link or a code (password reset, sign-in by email,
 * sign-up confirmation, account deletion): an icon, the heading, what was sent where, and where
 * else to look for it.
 */
export function CheckEmail({
  sent,
  title,
  hint,
  titleId,
  titleClassName,
  className = accountStyles.message,
  role,
  children,
}: CheckEmailProps) {
  return (
    <div className={className} role={role}>
      <MailCheck size={48} aria-hidden="true" />
      <h2 id={titleId} className={titleClassName}>
        {title ?? <Trans>Check your email</Trans>}
      </h2>
      <p>{sent}</p>
      <p>{hint ?? <Trans>Can&apos;t find it? Please check your spam or junk folder too.</Trans>}</p>
      {children}
    </div>
  );
}
