import { Trans } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, LoaderCircle, MailMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/Button';
import styles from './StatusCard.module.css';

/** The classes of the text inside the card: `lead`, `note`, and `confirm` for its button. */
export { styles as statusCardStyles };

export type Tone = 'busy' | 'success' | 'error' | 'idle';

const icons = {
  busy: LoaderCircle,
  success: CircleCheck,
  error: CircleAlert,
  idle: MailMinus,
} as const;

interface StatusCardProps {
  tone: Tone;
  title: string;
  /** The state's text; read out whenever it changes (the region is a polite live region). */
  children: ReactNode;
  /** Controls below the message (e.g. the Unsubscribe button); not part of the live region. */
  actions?: ReactNode;
  homeLink?: boolean;
}

/**
 * The one-card screens (/verify, /unsubscribe): an icon, the h1, the message and a way home.
 * The title and message sit in a role="status" region, so each change of state is announced.
 */
export function StatusCard({ tone, title, children, actions, homeLink = true }: StatusCardProps) {
  const Icon = icons[tone];
  return (
    <section className={styles.statusPage} aria-labelledby="status-title">
      <div className={styles.statusCard} data-tone={tone}>
        <Icon
          className={[styles.statusIcon, tone === 'busy' ? styles.spin : ''].join(' ')}
          size={56}
          aria-hidden="true"
        />
        <div role="status" className={styles.statusText}>
          <h1 id="status-title" className={styles.statusTitle}>
            {title}
          </h1>
          {children}
        </div>
        {actions}
        {homeLink && (
          <ButtonLink to="/" variant={tone === 'idle' ? 'outline' : 'primary'}>
            <Trans>Return to Homepage</Trans>
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
