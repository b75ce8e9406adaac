import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '@supabase/supabase-js';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { OneTimeCodeField } from '../../components/form/OneTimeCodeField';
import { useConfig } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { useZodForm } from '../../lib/form';
import { authErrorCode, authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import {
  codeFailureMessage,
  recoveryCodeSchema,
  totpCodeSchema,
  verifiedTotp,
  WRONG_RECOVERY_CODE,
  WRONG_TOTP_CODE,
  type CodeForm,
} from '../../lib/twoFactor';
import { groupSecret, recoveryCodesFile } from './twoFactor';
import styles from './ProfilePage.module.css';

type CodeKind = 'totp' | 'recovery';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; factorId: string; qrCode: string; secret: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disabling' };

/**
 * A code field with its submit button, for enabling and for disabling; with `allowRecovery`
 * a recovery code can stand in for the app's code (someone who lost their phone).
 */
function CodeStep({
  submitLabel,
  onCode,
  onCancel,
  labelledBy,
  allowRecovery = false,
}: {
  submitLabel: string;
  onCode: (code: string, kind: CodeKind) => Promise<string | null>;
  onCancel: () => void;
  labelledBy: string;
  allowRecovery?: boolean;
}) {
  const { t } = useLingui();
  const [kind, setKind] = useState<CodeKind>('totp');
  const {
    field,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm<CodeForm>(kind === 'totp' ? totpCodeSchema : recoveryCodeSchema, { code: '' });
  const onSubmit = handleSubmit(async ({ code }) => {
    const failure = await onCode(code, kind);
    if (failure) setError('code', { message: failure }, { shouldFocus: true });
  });
  return (
    <form className={styles.codeForm} onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <OneTimeCodeField key={kind} kind={kind} error={errors.code?.message} {...field('code')} />
      {allowRecovery ? (
        <p>
          <button
            type="button"
            className={accountStyles.linkButton}
            onClick={() => {
              setKind(kind === 'totp' ? 'recovery' : 'totp');
              reset({ code: '' });
            }}
          >
            {kind === 'totp' ? t`Use a recovery code` : t`Use your authenticator app`}
          </button>
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t`Checking…` : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The codes shown once, with a download; "Done" hides them for good. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { brand } = useConfig();
  const { t } = useLingui();
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([recoveryCodesFile(brand, codes, new Date())], { type: 'text/plain' }),
    );
    const link = document.createElement('a');
    link.href = url;
    // The file's name stays English, as every file the site saves.
    link.download = `${brand}-recovery-codes.txt`;
    link.click();
    // Revoked once the download has started, not under its feet.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className={styles.recovery}>
      <p>
        <Trans>
          Each code lets you sign in once if you lose your phone. Save them somewhere safe now: they
          will not be shown again.
        </Trans>
      </p>
      <ol className={styles.codes} aria-label={t`Your recovery codes`}>
        {codes.map((code) => (
          <li key={code}>
            <code dir="ltr">{groupSecret(code)}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button type="button" onClick={download}>
          <Trans>Download recovery codes</Trans>
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </div>
  );
}

/** What each step is called; its heading takes focus when the step appears. */
const STEP_HEADINGS: Record<Step['kind'], MessageDescriptor | null> = {
  idle: null,
  setup: msg`Set up your authenticator app`,
  codes: msg`Your recovery codes`,
  disabling: msg`Turn off two-factor authentication`,
};

/** Profile → Security: turn two-factor on (QR, secret, code, recovery codes) or off. */
export function TwoFactorSection({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const [step, setStepState] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [moved, setMoved] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const factor = verifiedTotp(user);

  /** A new step replaces the controls that had focus: focus follows to its heading. */
  const setStep = (next: Step) => {
    setFailure(null);
    setMoved(true);
    setStepState(next);
  };
  useEffect(() => {
    if (moved) (heading.current ?? title.current)?.focus();
  }, [step, moved]);

  const enable = async () => {
    setBusy(true);
    setFailure(null);
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      // A name the server keeps for the factor (not shown on the site): data, not translated.
      friendlyName: 'Authenticator app',
    });
    setBusy(false);
    if (error) {
      setFailure(authErrorMessage(error, t`Could not start setting up two-factor authentication`));
      return;
    }
    setStep({
      kind: 'setup',
      factorId: data.id,
      qrCode: data.totp.qr_code,
      secret: data.totp.secret,
    });
  };

  const cancelSetup = async (factorId: string) => {
    setStep({ kind: 'idle' });
    const supabase = await getSupabase();
    await supabase.auth.mfa.unenroll({ factorId });
  };

  /** A fresh set of codes: `regenerate` replaces a set; `generate` makes the first one. */
  const newRecoveryCodes = async () => {
    const supabase = await getSupabase();
    const replaced = await supabase.auth.mfa.recoveryCodes.regenerate();
    if (authErrorCode(replaced.error) !== ErrorCode.mfaFactorNotFound) return replaced;
    return supabase.auth.mfa.recoveryCodes.generate();
  };

  const verifyAndEnable = async (factorId: string, code: string): Promise<string | null> => {
    const supabase = await getSupabase();
    const verified = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
    if (verified.error) {
      return codeFailureMessage(verified.error, WRONG_TOTP_CODE, t`Could not verify the code`);
    }
    onChanged();
    toast.success(t`Two-factor authentication is on`);
    const { data, error } = await supabase.auth.mfa.recoveryCodes.generate();
    if (error) {
      setStep({ kind: 'idle' });
      const reason = authErrorMessage(error, t`Could not create recovery codes`);
      setFailure(
        t({
          message: `${reason}. Use "Generate new recovery codes" to try again.`,
          comment:
            '{reason} is why the codes could not be made; "Generate new recovery codes" is a button',
        }),
      );
      return null;
    }
    setStep({ kind: 'codes', codes: data.codes });
    return null;
  };

  const regenerate = async () => {
    setBusy(true);
    setFailure(null);
    const { data, error } = await newRecoveryCodes();
    setBusy(false);
    if (error) {
      setFailure(authErrorMessage(error, t`Could not create new recovery codes`));
      return;
    }
    toast.success(t`New recovery codes created; the old ones no longer work`);
    setStep({ kind: 'codes', codes: data.codes });
  };

  const disable = async (
    factorId: string,
    code: string,
    kind: CodeKind,
  ): Promise<string | null> => {
    const supabase = await getSupabase();
    const verified =
      kind === 'totp'
        ? await supabase.auth.mfa.challengeAndVerify({ factorId, code })
        : await supabase.auth.mfa.recoveryCodes.verify({ code });
    if (verified.error) {
      return codeFailureMessage(
        verified.error,
        kind === 'totp' ? WRONG_TOTP_CODE : WRONG_RECOVERY_CODE,
        t`Could not verify the code`,
      );
    }
    const { error } = await supabase.auth.mfa.unenroll({ factorId });
    if (error) return authErrorMessage(error, t`Could not turn off two-factor authentication`);
    setStep({ kind: 'idle' });
    onChanged();
    toast.success(t`Two-factor authentication is off`);
    return null;
  };

  const stepHeading = STEP_HEADINGS[step.kind];
  return (
    <section className={styles.securitySection} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" ref={title} tabIndex={-1} className={styles.panelTitle}>
        <Trans>Two-factor authentication</Trans>
      </h2>
      {stepHeading ? (
        <h3 ref={heading} tabIndex={-1} className={styles.subTitle}>
          {i18n._(stepHeading)}
        </h3>
      ) : null}
      {failure ? (
        <div className={accountStyles.alert} role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      {step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
      ) : step.kind === 'setup' ? (
        <div className={styles.setup}>
          <p id="two-factor-setup-intro">
            <Trans>
              Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft
              Authenticator, Aegis or 1Password), then enter the 6-digit code it shows.
            </Trans>
          </p>
          <img
            className={styles.qr}
            src={step.qrCode}
            width={180}
            height={180}
            alt={t`QR code that adds this account to an authenticator app. If you cannot scan it, type the setup key below instead.`}
          />
          <p className={styles.secretLabel}>
            <Trans>Can&apos;t scan it? Type this setup key into the app:</Trans>
          </p>
          <p className={styles.secret}>
            <code dir="ltr">{groupSecret(step.secret)}</code>
          </p>
          <CodeStep
            submitLabel={t`Verify and enable`}
            labelledBy="two-factor-setup-intro"
            onCode={(code) => verifyAndEnable(step.factorId, code)}
            onCancel={() => void cancelSetup(step.factorId)}
          />
        </div>
      ) : factor ? (
        step.kind === 'disabling' ? (
          <div>
            <p id="two-factor-disable-intro">
              <Trans>
                Enter a current code from your authenticator app (or, if you lost your phone, one of
                your recovery codes). Your recovery codes will stop working too.
              </Trans>
            </p>
            <CodeStep
              submitLabel={t`Turn off two-factor authentication`}
              labelledBy="two-factor-disable-intro"
              allowRecovery
              onCode={(code, kind) => disable(factor.id, code, kind)}
              onCancel={() => setStep({ kind: 'idle' })}
            />
          </div>
        ) : (
          <div>
            <p className={styles.status}>
              <Trans>
                <strong>On.</strong> Signing in needs your password and a code from your
                authenticator app.
              </Trans>
            </p>
            <div className={styles.actions}>
              <Button
                type="button"
                variant="outline"
                onClick={() => void regenerate()}
                disabled={busy}
              >
                <Trans>Generate new recovery codes</Trans>
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => setStep({ kind: 'disabling' })}
                disabled={busy}
              >
                <Trans>Disable two-factor authentication</Trans>
              </Button>
            </div>
          </div>
        )
      ) : (
        <div>
          <p className={styles.status}>
            <Trans>
              <strong>Off.</strong> Add a second step to signing in: a code from an authenticator
              app on your phone, so your password alone is not enough.
            </Trans>
          </p>
          <Button type="button" onClick={() => void enable()} disabled={busy}>
            {busy ? <Trans>Starting…</Trans> : <Trans>Enable two-factor authentication</Trans>}
          </Button>
        </div>
      )}
    </section>
  );
}
