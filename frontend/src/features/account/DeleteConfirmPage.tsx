import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { AccountFrame, accountStyles as styles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/form/CheckboxField';
import { FormAlert } from '../../components/form/FormAlert';
import { OneTimeCodeField } from '../../components/form/OneTimeCodeField';
import { useText } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { WRONG_RECOVERY_CODE, WRONG_TOTP_CODE } from '../../lib/twoFactor';
import {
  ACCOUNT_DELETED_PATH,
  confirmDeletionLink,
  DELETION_REQUEST_PATH,
  DELETION_TEXTS,
  type DeletedState,
  normalizeCode,
} from './deletion';

/** The link's failure: the message and a way to ask for a new link. */
function InvalidLink({ message }: { message: string }) {
  return (
    <>
      <FormAlert>{message}</FormAlert>
      <div className={`${styles.links} ${styles.centered}`}>
        <Link to={DELETION_REQUEST_PATH}>
          <Trans>Ask for a new deletion link</Trans>
        </Link>
      </div>
    </>
  );
}

/**
 * /account/delete/confirm?token=…: the page the emailed deletion link opens. Opening it
 * deletes nothing (mail scanners open links); only the button sends the token. For an account
 * with two-factor on, the server asks for a code too (`insufficient_aal`): the page then shows
 * the code field, and the button sends both.
 */
export default function DeleteConfirmPage() {
  const text = useText();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [newsletter, setNewsletter] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; final: boolean } | null>(null);
  // Two-factor: null until the server asks for a code; then which kind the person types.
  const [codeKind, setCodeKind] = useState<'totp' | 'recovery' | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    setCodeError(undefined);
    const typed = codeKind === 'totp' ? normalizeCode(code) : code.trim();
    const result = await confirmDeletionLink(
      token,
      newsletter,
      fetch,
      codeKind === null ? undefined : typed,
    );
    if (result.ok) {
      const state: DeletedState = { newsletter };
      navigate(ACCOUNT_DELETED_PATH, { replace: true, state });
      return;
    }
    setBusy(false);
    if (result.code === ErrorCode.insufficientAal) {
      setCodeKind('totp');
      return;
    }
    if (result.code === ErrorCode.mfaVerificationFailed) {
      const wrong = codeKind === 'recovery' ? WRONG_RECOVERY_CODE : WRONG_TOTP_CODE;
      setCodeError(i18n._(wrong));
      return;
    }
    // A refused link stays refused; a rate limit or a lost connection can be tried again.
    const final = result.code === ErrorCode.invalidToken || result.status === 400;
    setFailure({ message: result.message, final });
  };

  return (
    <AccountFrame
      eyebrow={t`Account`}
      title={t`Delete your account`}
      titleId="delete-confirm-title"
      intro={
        token && !failure?.final ? (
          <p>{text(msg`You asked to delete your {brand} account.`)}</p>
        ) : undefined
      }
    >
      {!token ? (
        <InvalidLink message={i18n._(DELETION_TEXTS.invalidLink)} />
      ) : failure?.final ? (
        <InvalidLink message={failure.message} />
      ) : (
        <>
          <p>
            <Trans>
              Pressing the button deletes it at once and for good: your profile (email address, name
              and password), your sign-in methods, your two-factor settings, your signed-in devices
              and your account activity. This cannot be undone.
            </Trans>
          </p>
          <p>{i18n._(DELETION_TEXTS.store)}</p>
          {codeKind !== null ? (
            <>
              <p role="status">{i18n._(DELETION_TEXTS.twoFactor)}</p>
              <OneTimeCodeField
                key={codeKind}
                kind={codeKind}
                name="code"
                value={code}
                error={codeError}
                onChange={(event) => setCode(event.target.value)}
                disabled={busy}
              />
              <p>
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => {
                    setCodeKind(codeKind === 'totp' ? 'recovery' : 'totp');
                    setCode('');
                    setCodeError(undefined);
                  }}
                >
                  {codeKind === 'totp' ? t`Use a recovery code` : t`Use your authenticator app`}
                </button>
              </p>
            </>
          ) : null}
          {failure ? (
            <div className={styles.alert} role="alert">
              <p>{failure.message}</p>
            </div>
          ) : null}
          <CheckboxField
            label={i18n._(DELETION_TEXTS.newsletter)}
            checked={newsletter}
            onChange={(event) => setNewsletter(event.target.checked)}
            disabled={busy}
          />
          <Button
            type="button"
            variant="danger"
            className={styles.submit}
            onClick={() => void confirm()}
            disabled={busy}
          >
            <Trash2 size={18} aria-hidden="true" />
            {busy ? <Trans>Deleting…</Trans> : <Trans>Delete my account</Trans>}
          </Button>
          <div className={`${styles.links} ${styles.centered}`}>
            <Link to="/">
              <Trans>Keep my account</Trans>
            </Link>
          </div>
        </>
      )}
    </AccountFrame>
  );
}
