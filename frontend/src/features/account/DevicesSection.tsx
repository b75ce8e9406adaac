import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { deviceName, formatWhen, listDevices, signOutDevice, type Device } from './devices';
import styles from './ProfilePage.module.css';

/** Profile → Security: every signed-in device, this one marked, the others signed out here. */
export function DevicesSection() {
  const { t } = useLingui();
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let active = true;
    listDevices()
      .then((found) => {
        if (active) setDevices(found);
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, []);

  const signOut = async (device: Device) => {
    setBusy(device.id);
    const done = await signOutDevice(device.id).catch(() => false);
    setBusy(null);
    if (!done) {
      toast.error(t`Could not sign out that device`);
      return;
    }
    setDevices((current) => current?.filter((d) => d.id !== device.id) ?? null);
    // Its row (and the focused button) is gone: focus returns to the list's heading.
    title.current?.focus();
    const name = deviceName(device);
    toast.success(
      <Trans>
        <bdi>{name}</bdi> was signed out
      </Trans>,
    );
  };

  return (
    <section className={styles.securitySection} aria-labelledby="devices-title">
      <h2 id="devices-title" ref={title} tabIndex={-1} className={styles.panelTitle}>
        <Trans>Signed-in devices</Trans>
      </h2>
      {failed ? (
        <div className={accountStyles.alert} role="alert">
          <p>
            <Trans>Your devices could not be loaded. Please reload the page.</Trans>
          </p>
        </div>
      ) : devices === null ? (
        <p role="status">
          <Trans>Loading your devices…</Trans>
        </p>
      ) : (
        <ul className={styles.devices}>
          {devices.map((device) => {
            const name = deviceName(device);
            const signedIn = formatWhen(device.signed_in_at);
            const lastActive = formatWhen(device.last_active_at);
            return (
              <li key={device.id} className={styles.device}>
                <div>
                  <p className={styles.deviceName}>
                    <bdi>{name}</bdi>
                    {device.current ? (
                      <>
                        {' '}
                        <span className={styles.badge}>
                          <Trans>This device</Trans>
                        </span>
                      </>
                    ) : null}
                  </p>
                  <p className={styles.deviceMeta}>
                    <Trans>
                      Signed in {signedIn} · Last active {lastActive}
                    </Trans>
                  </p>
                </div>
                {device.current ? null : (
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => void signOut(device)}
                    disabled={busy === device.id}
                    aria-label={t`Sign out ${name}, signed in ${signedIn}, last active ${lastActive}`}
                  >
                    <Trans>Sign out</Trans>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
