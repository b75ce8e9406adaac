import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { User } from '@supabase/supabase-js';
import { useMemo, useState } from 'react';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { EmailField, NameField } from '../../components/form/PersonFields';
import { FormAlert } from '../../components/form/FormAlert';
import { ErrorCode } from '../../lib/errorCodes';
import { useZodForm } from '../../lib/form';
import { authErrorCode, authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { createNameSchema, type NameForm } from './schema';
import styles from './ProfilePage.module.css';

/** The texts of the name change (docs/behaviour.md#accounts-profile). */
export const NAME_TEXTS = {
  saved: msg`Your name has been updated.`,
  failed: msg`Could not update your name. Please try again.`,
} as const;

/** The name the account shows: the sign-up's `name` (Google and Apple also give `full_name`). */
export function accountName(user: Pick<User, 'user_metadata'>): string {
  const metadata = (user.user_metadata ?? {}) as Record<string, unknown>;
  for (const key of ['name', 'full_name']) {
    const value = metadata[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return '';
}

/**
 * Profile → Account Information: the name (editable; 'Update Account' saves it with
 * `updateUser({ data: { name } })`) and the read-only sign-in address. The server's refusal of
 * a name (a hidden or reordering character: docs/behaviour.md#names-text) is shown under it.
 */
export function AccountInfoForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => createNameSchema(), []);
  const {
    field,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm<NameForm>(schema, { name: accountName(user) });

  const onSubmit = handleSubmit(async ({ name }) => {
    setStatus(null);
    setFailure(null);
    let error: unknown = null;
    try {
      const supabase = await getSupabase();
      ({ error } = await supabase.auth.updateUser({ data: { name } }));
    } catch {
      error = {}; // the client did not load: the fallback below
    }
    if (error) {
      const message = authErrorMessage(error, i18n._(NAME_TEXTS.failed));
      if (authErrorCode(error) === ErrorCode.validationFailed) {
        setError('name', { message }, { shouldFocus: true });
      } else {
        setFailure(message);
      }
      return;
    }
    setStatus(i18n._(NAME_TEXTS.saved));
    onSaved();
  });

  return (
    <form
      className={styles.accountForm}
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Account information`}
    >
      <NameField label={t`Full name`} error={errors.name?.message} {...field('name')} />
      <EmailField
        label={t`Email address`}
        value={user.email ?? ''}
        readOnly
        hint={t`Your sign-in address.`}
      />
      <div role="status">
        {status ? (
          <div className={accountStyles.notice}>
            <p>{status}</p>
          </div>
        ) : null}
      </div>
      <FormAlert>{failure}</FormAlert>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t`Saving…` : t`Update Account`}
      </Button>
    </form>
  );
}
