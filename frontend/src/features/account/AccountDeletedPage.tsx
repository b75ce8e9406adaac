import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { ButtonLink } from '../../components/Button';
import { useText } from '../../lib/configContext';
import { getSupabase } from '../../lib/supabase';
import { DELETION_TEXTS, type DeletedState } from './deletion';

/**
 * /account/deleted: where a deletion ends (docs/behaviour.md#accounts-data). Coming from the
 * profile, the browser still holds the deleted account's session (the server has already
 * ended it): it is dropped here, locally, once the profile is gone (signing out while the
 * profile is still on screen would send it to /login first).
 */
export default function AccountDeletedPage() {
  const text = useText();
  const { t, i18n } = useLingui();
  const routeState = useHistoryState<DeletedState | null>();
  const [state] = useState(() => routeState ?? {});

  useEffect(() => {
    if (!state.signOut) return;
    void getSupabase().then((supabase) => supabase.auth.signOut({ scope: 'local' }));
  }, [state.signOut]);

  const newsletter =
    state.newsletter === undefined
      ? null
      : state.newsletter
        ? t`Your address is also off our newsletter and waitlist.`
        : t`Your newsletter and waitlist subscriptions stay as they were; every email has a link to unsubscribe.`;

  return (
    <AccountFrame eyebrow={t`Account`} title={t`Your account was deleted.`} titleId="deleted-title">
      <div className={styles.message}>
        <CircleCheck size={48} aria-hidden="true" />
        <p>
          {text(
            msg`Your {brand} account is gone: your profile (email address, name and password), your sign-in methods, your two-factor settings, your signed-in devices and your account activity. You are signed out everywhere, and we emailed a receipt to your address.`,
          )}
        </p>
        {newsletter ? <p>{newsletter}</p> : null}
        <p>{i18n._(DELETION_TEXTS.store)}</p>
        <ButtonLink to="/">
          <Trans>Back to home</Trans>
        </ButtonLink>
      </div>
    </AccountFrame>
  );
}
