import { Download } from 'lucide-react';
import { useState } from 'react';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { useConfig } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { fetchDataFile, saveFile } from './accountData';
import { needsSecondFactorText } from './deletion';
import styles from './ProfilePage.module.css';

export const DATA_FILE_CONTENTS =
  'A JSON file with everything we hold about your account: your email address and profile, your sign-in methods, your two-factor settings (no secrets), your signed-in devices, your newsletter and waitlist subscriptions, and your account activity.';
export const DOWNLOAD_NEEDS_SECOND_FACTOR = needsSecondFactorText('download your data');

type Outcome = { ok: true; filename: string } | { ok: false; message: string };

/** Profile → Account Information → "Your data": 'Download my data' (docs/behaviour.md#accounts-data). */
export function DownloadDataSection() {
  const { brand } = useConfig();
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
          result.code === ErrorCode.insufficientAal ? DOWNLOAD_NEEDS_SECOND_FACTOR : result.message,
      });
      return;
    }
    saveFile(result.value);
    setOutcome({ ok: true, filename: result.value.filename });
  };

  return (
    <section className={styles.securitySection} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={styles.panelTitle}>
        Your data
      </h2>
      <p className={styles.status}>{DATA_FILE_CONTENTS}</p>
      <div role="status" className={outcome?.ok ? accountStyles.notice : undefined}>
        {outcome?.ok ? <p>Your data file {outcome.filename} was downloaded.</p> : null}
      </div>
      {outcome && !outcome.ok ? (
        <div className={accountStyles.alert} role="alert">
          <p>{outcome.message}</p>
        </div>
      ) : null}
      <Button type="button" variant="outline" onClick={() => void download()} disabled={busy}>
        <Download size={18} aria-hidden="true" />
        {busy ? 'Preparing your file…' : 'Download my data'}
      </Button>
    </section>
  );
}
