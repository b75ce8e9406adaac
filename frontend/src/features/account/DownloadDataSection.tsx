import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { useConfig } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { fetchDataFile, saveFile } from './accountData';
import styles from './ProfilePage.module.css';

export const DATA_FILE_CONTENTS = msg`A JSON file with everything we hold about your account: your email address and profile, your sign-in methods, your two-factor settings (no secrets), your signed-in devices, your newsletter and waitlist subscriptions, and your account activity.`;
/** `insufficient_aal`: two-factor is on and this session has not passed it. */
export const DOWNLOAD_NEEDS_SECOND_FACTOR = msg`Two-factor authentication is on for your account and this session has not passed it. Sign out, sign in again with the code from your authenticator app, then download your data.`;

type Outcome = { ok: true; filename: string } | { ok: false; message: string };

/** Profile → Account Information → "Your data": 'Download my data' (docs/behaviour.md#accounts-data). */
export function DownloadDataSection() {
  const { brand } = useConfig();
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const download = async () => {
    setBusy(true);
    setOutcome(null);
    const result = await fetchDataFile(brand);
    setBusy(false);
    if (!result.ok) {
      setOutcome({
        ok: false,
        message:
          result.code === ErrorCode.insufficientAal
            ? i18n._(DOWNLOAD_NEEDS_SECOND_FACTOR)
            : result.message,
      });
      return;
    }
    saveFile(result.value);
    setOutcome({ ok: true, filename: result.value.filename });
  };

  const filename = outcome?.ok ? outcome.filename : null;
  return (
    <section className={styles.securitySection} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={styles.panelTitle}>
        <Trans>Your data</Trans>
      </h2>
      <p className={styles.status}>{i18n._(DATA_FILE_CONTENTS)}</p>
      <div role="status" className={outcome?.ok ? accountStyles.notice : undefined}>
        {filename ? (
          <p>
            <Trans>
              Your data file <bdi dir="ltr">{filename}</bdi> was downloaded.
            </Trans>
          </p>
        ) : null}
      </div>
      {outcome && !outcome.ok ? (
        <div className={accountStyles.alert} role="alert">
          <p>{outcome.message}</p>
        </div>
      ) : null}
      <Button type="button" variant="outline" onClick={() => void download()} disabled={busy}>
        <Download size={18} aria-hidden="true" />
        {busy ? <Trans>Preparing your file…</Trans> : <Trans>Download my data</Trans>}
      </Button>
    </section>
  );
}
