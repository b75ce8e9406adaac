import type { User } from '@supabase/supabase-js';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { useConfig } from '../../lib/configContext';
import { useZodForm } from '../../lib/form';
import { authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import {
  codeFailureMessage,
  totpCodeSchema,
  verifiedTotp,
  WRONG_TOTP_CODE,
  type TotpCodeForm,
} from '../../lib/twoFactor';
import { groupSecret, recoveryCodesFile } from './twoFactor';
import styles from './ProfilePage.module.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; factorId: string; qrCode: string; secret: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disabling' };

function errorText(error: unknown, fallback: string): string {
  return codeFailureMessage(error, WRONG_TOTP_CODE, fallback);
}

/** A 6-digit code field with its submit button, for enabling and for disabling. */
function CodeStep({
  submitLabel,
  onCode,
  onCancel,
  labelledBy,
}: {
  submitLabel: string;
  onCode: (code: string) => Promise<string | null>;
  onCancel: () => void;
  labelledBy: string;
}) {
  const {
    field,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm<TotpCodeForm>(totpCodeSchema, { code: '' });
  const onSubmit = handleSubmit(async ({ code }) => {
    const failure = await onCode(code);
    if (failure) setError('code', { message: failure }, { shouldFocus: true });
  });
  return (
    <form className={styles.codeForm} onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        error={errors.code?.message}
        {...field('code')}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The codes shown once, with a download; "Done" hides them for good. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { brand } = useConfig();
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([recoveryCodesFile(brand, codes, new Date())], { type: 'text/plain' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = `${brand}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={styles.recovery}>
      <h4 id="recovery-codes-title" className={styles.subTitle}>
        Your recovery codes
      </h4>
      <p>
        Each code lets you sign in once if you lose your phone. Save them somewhere safe now: they
        will not be shown again.
      </p>
      <ol className={styles.codes} aria-labelledby="recovery-codes-title">
        {codes.map((code) => (
          <li key={code}>
            <code>{groupSecret(code)}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button type="button" onClick={download}>
          Download recovery codes
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** Profile → Security: turn two-factor on (QR, secret, code, recovery codes) or off. */
export function TwoFactorSection({ user, onChanged }: { user: User; onChanged: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const factor = verifiedTotp(user);

  const enable = async () => {
    setBusy(true);
    setFailure(null);
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Authenticator app',
    });
    setBusy(false);
    if (error) {
      setFailure(authErrorMessage(error, 'Could not start setting up two-factor authentication'));
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

  const verifyAndEnable = async (factorId: string, code: string): Promise<string | null> => {
    const supabase = await getSupabase();
    const verified = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
    if (verified.error) return errorText(verified.error, 'Could not verify the code');
    const { data, error } = await supabase.auth.mfa.recoveryCodes.generate();
    onChanged();
    toast.success('Two-factor authentication is on');
    if (error) {
      setFailure(authErrorMessage(error, 'Could not create recovery codes'));
      setStep({ kind: 'idle' });
      return null;
    }
    setStep({ kind: 'codes', codes: data.codes });
    return null;
  };

  const regenerate = async () => {
    setBusy(true);
    setFailure(null);
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.mfa.recoveryCodes.regenerate();
    setBusy(false);
    if (error) {
      setFailure(authErrorMessage(error, 'Could not create new recovery codes'));
      return;
    }
    toast.success('New recovery codes created; the old ones no longer work');
    setStep({ kind: 'codes', codes: data.codes });
  };

  const disable = async (factorId: string, code: string): Promise<string | null> => {
    const supabase = await getSupabase();
    const verified = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
    if (verified.error) return errorText(verified.error, 'Could not verify the code');
    const { error } = await supabase.auth.mfa.unenroll({ factorId });
    if (error) return authErrorMessage(error, 'Could not turn off two-factor authentication');
    setStep({ kind: 'idle' });
    onChanged();
    toast.success('Two-factor authentication is off');
    return null;
  };

  return (
    <section className={styles.securitySection} aria-labelledby="two-factor-title">
      <h3 id="two-factor-title" className={styles.sectionTitle}>
        Two-factor authentication
      </h3>
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
            Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft
            Authenticator, Aegis or 1Password), then enter the 6-digit code it shows.
          </p>
          <img
            className={styles.qr}
            src={step.qrCode}
            width={180}
            height={180}
            alt="QR code that adds this account to an authenticator app. If you cannot scan it, type the setup key below instead."
          />
          <p className={styles.secretLabel} id="two-factor-secret-label">
            Can&apos;t scan it? Type this setup key into the app:
          </p>
          <p className={styles.secret}>
            <code aria-labelledby="two-factor-secret-label">{groupSecret(step.secret)}</code>
          </p>
          <CodeStep
            submitLabel="Verify and enable"
            labelledBy="two-factor-setup-intro"
            onCode={(code) => verifyAndEnable(step.factorId, code)}
            onCancel={() => void cancelSetup(step.factorId)}
          />
        </div>
      ) : factor ? (
        step.kind === 'disabling' ? (
          <div>
            <p id="two-factor-disable-intro">
              To turn off two-factor authentication, enter a current code from your authenticator
              app. Your recovery codes will stop working too.
            </p>
            <CodeStep
              submitLabel="Turn off two-factor authentication"
              labelledBy="two-factor-disable-intro"
              onCode={(code) => disable(factor.id, code)}
              onCancel={() => setStep({ kind: 'idle' })}
            />
          </div>
        ) : (
          <div>
            <p className={styles.status}>
              <strong>On.</strong> Signing in needs your password and a code from your authenticator
              app.
            </p>
            <div className={styles.actions}>
              <Button
                type="button"
                variant="outline"
                onClick={() => void regenerate()}
                disabled={busy}
              >
                Generate new recovery codes
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => setStep({ kind: 'disabling' })}
                disabled={busy}
              >
                Disable two-factor authentication
              </Button>
            </div>
          </div>
        )
      ) : (
        <div>
          <p className={styles.status}>
            <strong>Off.</strong> Add a second step to signing in: a code from an authenticator app
            on your phone, so your password alone is not enough.
          </p>
          <Button type="button" onClick={() => void enable()} disabled={busy}>
            {busy ? 'Starting…' : 'Enable two-factor authentication'}
          </Button>
        </div>
      )}
    </section>
  );
}
