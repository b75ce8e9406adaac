/**
 * The signed-in devices API (our /api/account, docs/api.md#api-account-sessions), called with
 * the session's access token.
 */
import { t } from '@lingui/core/macro';
import { activeLocale } from '../../lib/i18n/catalogs';
import { intlLocale } from '../../lib/i18n/locales';
import { getSupabase } from '../../lib/supabase';

export interface Device {
  id: string;
  browser: string;
  os: string;
  signed_in_at: string;
  last_active_at: string;
  current: boolean;
}

/** A call to our /api/account with the session's access token. */
export async function authorized(path: string, init: RequestInit = {}): Promise<Response> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token ?? '';
  return fetch(path, {
    ...init,
    headers: { ...init.headers, Authorization: `Bearer ${token}` },
  });
}

export async function listDevices(): Promise<Device[]> {
  const response = await authorized('/api/account/sessions');
  if (!response.ok) throw new Error(`devices: ${response.status}`);
  const body = (await response.json()) as { sessions: Device[] };
  return body.sessions;
}

export async function signOutDevice(id: string): Promise<boolean> {
  const response = await authorized(`/api/account/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
  return response.status === 204 || response.status === 404;
}

/**
 * A time as the Security tab shows it, in the page's language and digits: "Mar 12, 2026,
 * 2:05 PM" in English, "١٢‏/٠٣‏/٢٠٢٦، ٢:٠٥ م" in Arabic.
 */
export function formatWhen(iso: string, locale: string = intlLocale(activeLocale())): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** The server's word for a browser or a system ua-parser could not name. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- compared with the server's, not shown
const UNKNOWN = 'Unknown';

/** "Firefox on Windows", a browser and a system (names, never translated) in a sentence. */
function browserOnSystem(browser: string, os: string): string {
  return t({
    message: `${browser} on ${os}`,
    comment: 'A signed-in device: {browser} is a web browser (Firefox), {os} a system (Windows)',
  });
}

/** "Firefox on Windows"; the parts the server could not name are left out. */
export function deviceName(device: Pick<Device, 'browser' | 'os'>): string {
  const known = (part: string) => part && part !== UNKNOWN;
  if (known(device.browser) && known(device.os)) return browserOnSystem(device.browser, device.os);
  if (known(device.browser)) return device.browser;
  if (known(device.os)) return device.os;
  return t`Unknown device`;
}

/**
 * The name the server gave a device in English ("Firefox on Windows", from
 * backend/app/auth/devices.py, as the activity log stores it), in the page's language; null
 * stays null. A name of another shape is shown as it is.
 */
export function localDeviceLabel(label: string | null): string | null {
  if (!label) return null;
  const match = /^(.+) on (.+)$/.exec(label);
  if (!match?.[1] || !match[2]) return label;
  const part = (name: string) =>
    name === UNKNOWN
      ? t({ message: 'Unknown', comment: 'A browser or system not recognised' })
      : name;
  return browserOnSystem(part(match[1]), part(match[2]));
}
