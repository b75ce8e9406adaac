import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Button } from '../../components/Button';
import { StatusCard, statusCardStyles as styles } from './StatusCard';
import { UNSUBSCRIBE_MESSAGES, unsubscribe, type UnsubscribeOutcome } from './unsubscribe';

/**
 * /unsubscribe?token=…: the link in every newsletter email. Opening the page changes nothing
 * (mail scanners follow links with GET); the person confirms with one button, which POSTs the
 * token to /api/newsletter/unsubscribe.
 */
export default function UnsubscribePage() {
  const { t } = useLingui();
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
      <StatusCard tone="error" title={t`Unsubscribe link incomplete`}>
        <p className={styles.lead}>{UNSUBSCRIBE_MESSAGES.missing}</p>
      </StatusCard>
    );
  }
  if (outcome?.ok) {
    return (
      <StatusCard tone="success" title={t`You have been unsubscribed`}>
        <p className={styles.lead}>
          {outcome.source === 'newsletter' ? (
            <Trans>
              You will no longer receive emails about the weekly newsletter. We are sorry to see you
              go.
            </Trans>
          ) : (
            <Trans>
              You will no longer receive emails about the app waitlist. We are sorry to see you go.
            </Trans>
          )}
        </p>
        <p className={styles.note}>
          <Trans>
            Changed your mind? You can <Link to="/join">join again</Link> at any time.
          </Trans>
        </p>
      </StatusCard>
    );
  }
  if (outcome && outcome.reason !== 'rate_limited' && outcome.reason !== 'failed') {
    return (
      <StatusCard tone="error" title={t`Unsubscribe failed`}>
        <p className={styles.lead}>{outcome.message}</p>
      </StatusCard>
    );
  }
  // Asking (and after a failure that trying again can fix: rate limit, network).
  return (
    <StatusCard
      tone={outcome ? 'error' : 'idle'}
      title={outcome ? t`Unsubscribe failed` : t`Unsubscribe`}
      actions={
        <Button onClick={() => void confirm()} disabled={busy} className={styles.confirm}>
          {busy ? t`Unsubscribing…` : outcome ? t`Try again` : t`Unsubscribe`}
        </Button>
      }
    >
      {outcome ? (
        <p className={styles.lead}>{outcome.message}</p>
      ) : (
        <p className={styles.lead}>
          <Trans>
            Press the button below to stop receiving these emails. It takes effect at once, and you
            do not need an account.
          </Trans>
        </p>
      )}
    </StatusCard>
  );
}
