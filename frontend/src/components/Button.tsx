import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link } from 'wouter';
import { activeLocale } from '../lib/i18n/catalogs';
import { localizePath } from '../lib/i18n/locales';
import styles from './Button.module.css';

/** `danger`: an action that destroys something (deleting the account). */
type Variant = 'primary' | 'outline' | 'danger';

function classes(
  variant: Variant,
  small: boolean | undefined,
  extra?: string,
  icon?: boolean,
): string {
  return [
    styles.button,
    styles[variant],
    small ? styles.small : '',
    icon ? styles.icon : '',
    extra ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  variant?: Variant;
  small?: boolean;
  className?: string;
  onClick?: () => void;
  /** A full page load even for an internal path (a page whose response headers matter). */
  document?: boolean;
}

/** A link styled as a button. Internal paths use the router; mailto, https and webcal (a
 * calendar subscription) use a plain anchor. */
export function ButtonLink({
  to,
  children,
  variant = 'primary',
  small,
  className,
  onClick,
  document,
}: ButtonLinkProps) {
  const className_ = classes(variant, small, className);
  if (document || /^(https?:|mailto:|webcal:)/.test(to)) {
    // A full page load leaves the router: an internal path gets the language prefix here.
    const href = to.startsWith('/') ? localizePath(to, activeLocale()) : to;
    return (
      <a href={href} className={className_} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className_} onClick={onClick}>
      {children}
    </Link>
  );
}

interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: Variant;
  small?: boolean;
  /** A square 44×44 button holding only an icon (it needs an `aria-label`). */
  icon?: boolean;
}

export function Button({
  variant = 'primary',
  small,
  icon,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return <button type={type} className={classes(variant, small, className, icon)} {...rest} />;
}
