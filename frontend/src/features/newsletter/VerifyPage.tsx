import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { getSupabase } from '../../lib/supabase';
import { StatusCard, statusCardStyles as styles } from './StatusCard';
import { verifySubscriber, type VerifyOutcome } from './verify';

/**
 * /verify?token=…: the link in the confirmation email. Opening it is the person's action, so
 * the token is checked on load (docs/behaviour.md#join-verify: Verifying Email, then Email
 * Verified! or Verification Failed). The call is made once per token: StrictMode's second effect run (and any re-render)
 * reuses the same promise instead of calling verify_subscriber again, which would answer
 * `false` for a token the first call had just used.
 */
export default function VerifyPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token');
  const request = useRef<{ token: string | null; result: Promise<VerifyOutcome> } | null>(null);
  const [outcome, setOutcome] = useState<{ token: string | null; value: VerifyOutcome } | null>(
    null,
  );

  useEffect(() => {
    if (!request.current || request.current.token !== token) {
      request.current = { token, result: verifySubscriber(token, getSupabase) };
    }
    let active = true;
    void request.current.result.then((value) => {
      if (active) setOutcome({ token, value });
    });
    return () => {
      active = false;
    };
  }, [token]);

  const result = outcome?.token === token ? outcome.value : null;

  if (!result) {
    return (
      <StatusCard tone="busy" title={t`Verifying Email`} homeLink={false}>
        <p className={styles.lead}>
          <Trans>Please wait while we confirm your email address…</Trans>
        </p>
      </StatusCard>
    );
  }
  if (result.ok) {
    return (
      <StatusCard tone="success" title={t`Email Verified!`}>
        <p className={styles.lead}>
          <Trans>
            Thank you for confirming your email address. Your subscription is active, and a welcome
            email is on its way with a link to unsubscribe at any time.
          </Trans>
        </p>
      </StatusCard>
    );
  }
  return (
    <StatusCard tone="error" title={t`Verification Failed`}>
      <p className={styles.lead}>{result.message}</p>
    </StatusCard>
  );
}
