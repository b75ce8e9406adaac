/**
 * The signed-in devices API (our /api/account, docs/api.md#api-account-sessions), called with
 * the session's access token.
 */
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

/** A time as the Security tab shows it: "12 Mar 2026, 14:05" in the reader's locale. */
export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** "Firefox on Windows"; the parts the server could not name are left out. */
export function deviceName(device: Pick<Device, 'browser' | 'os'>): string {
  const known = (part: string) => part && part !== 'Unknown';
  if (known(device.browser) && known(device.os)) return `${device.browser} on ${device.os}`;
  if (known(device.browser)) return device.browser;
  if (known(device.os)) return device.os;
  return 'Unknown device';
}
