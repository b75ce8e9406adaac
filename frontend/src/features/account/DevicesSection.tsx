import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { accountStyles } from '../../components/AccountFrame';
import { Button } from '../../components/Button';
import { deviceName, formatWhen, listDevices, signOutDevice, type Device } from './devices';
import styles from './ProfilePage.module.css';

/** Profile → Security: every signed-in device, this one marked, the others signed out here. */
export function DevicesSection() {
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
      toast.error('Could not sign out that device');
      return;
    }
    setDevices((current) => current?.filter((d) => d.id !== device.id) ?? null);
    // Its row (and the focused button) is gone: focus returns to the list's heading.
    title.current?.focus();
    toast.success(`${deviceName(device)} was signed out`);
  };

  return (
    <section className={styles.securitySection} aria-labelledby="devices-title">
      <h2 id="devices-title" ref={title} tabIndex={-1} className={styles.panelTitle}>
        Signed-in devices
      </h2>
      {failed ? (
        <div className={accountStyles.alert} role="alert">
          <p>Your devices could not be loaded. Please reload the page.</p>
        </div>
      ) : devices === null ? (
        <p role="status">Loading your devices…</p>
      ) : (
        <ul className={styles.devices}>
          {devices.map((device) => (
            <li key={device.id} className={styles.device}>
              <div>
                <p className={styles.deviceName}>
                  {deviceName(device)}
                  {device.current ? (
                    <>
                      {' '}
                      <span className={styles.badge}>This device</span>
                    </>
                  ) : null}
                </p>
                <p className={styles.deviceMeta}>
                  Signed in {formatWhen(device.signed_in_at)} · Last active{' '}
                  {formatWhen(device.last_active_at)}
                </p>
              </div>
              {device.current ? null : (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => void signOut(device)}
                  disabled={busy === device.id}
                  aria-label={`Sign out ${deviceName(device)}, signed in ${formatWhen(device.signed_in_at)}, last active ${formatWhen(device.last_active_at)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
