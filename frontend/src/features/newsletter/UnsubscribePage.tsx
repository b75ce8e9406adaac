import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Button } from '../../components/Button';
import { StatusCard, statusCardStyles as styles } from './StatusCard';
import {
  LIST_NAMES,
  UNSUBSCRIBE_MESSAGES,
  unsubscribe,
  type UnsubscribeOutcome,
} from './unsubscribe';

/**
 * /unsubscribe?token=…: the link in every newsletter email. Opening the page changes nothing
 * (mail scanners follow links with GET); the person confirms with one button, which POSTs the
 * token to /api/newsletter/unsubscribe.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<UnsubscribeOutcome | null>(null);

  const confirm = async () => {
    setBusy(true);
    setOutcome(await unsubscribe(token));
    setBusy(false);
  };

  if (!token) {
    return (
      <StatusCard tone="error" title="Unsubscribe link incomplete">
        <p className={styles.lead}>{UNSUBSCRIBE_MESSAGES.missing}</p>
      </StatusCard>
    );
  }
  if (outcome?.ok) {
    const list = LIST_NAMES[outcome.source];
    return (
      <StatusCard tone="success" title="You have been unsubscribed">
        <p className={styles.lead}>
          You will no longer receive emails about {list}. We are sorry to see you go.
        </p>
        <p className={styles.note}>
          Changed your mind? You can <Link to="/join">join again</Link> at any time.
        </p>
      </StatusCard>
    );
  }
  if (outcome && outcome.reason !== 'rate_limited' && outcome.reason !== 'failed') {
    return (
      <StatusCard tone="error" title="Unsubscribe failed">
        <p className={styles.lead}>{outcome.message}</p>
      </StatusCard>
    );
  }
  // Asking (and after a failure that trying again can fix: rate limit, network).
  return (
    <StatusCard
      tone={outcome ? 'error' : 'idle'}
      title={outcome ? 'Unsubscribe failed' : 'Unsubscribe'}
      actions={
        <Button onClick={() => void confirm()} disabled={busy} className={styles.confirm}>
          {busy ? 'Unsubscribing…' : outcome ? 'Try again' : 'Unsubscribe'}
        </Button>
      }
    >
      {outcome ? (
        <p className={styles.lead}>{outcome.message}</p>
      ) : (
        <p className={styles.lead}>
          Press the button below to stop receiving these emails. It takes effect at once, and you do
          not need an account.
        </p>
      )}
    </StatusCard>
  );
}
