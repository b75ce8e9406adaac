/**
 * The signed-in devices API (our /api/account, docs/api.md#api-account-sessions), called with
 * the session's access token.
 */
import { t } from '@lingui/core/macro';
import { callApi, type ApiJson } from '../../lib/api/client';
import { activeLocale } from '../../lib/i18n/catalogs';
import { intlLocale } from '../../lib/i18n/locales';

/**
 * A signed-in device as GET /api/account/sessions lists it; `browser` and `os` are null where
 * the server could not name them.
 */
export type Device = ApiJson<'/api/account/sessions', 'get'>['sessions'][number];

export async function listDevices(): Promise<Device[]> {
  const answer = await callApi({ signedIn: true }, (api) => api.GET('/api/account/sessions'));
  if (!answer.ok) throw new Error(`devices: ${String(answer.error.status)}`);
  return answer.data.sessions;
}

export async function signOutDevice(id: string): Promise<boolean> {
  const answer = await callApi({ signedIn: true }, (api) =>
    api.DELETE('/api/account/sessions/{session_id}', {
      params: { path: { session_id: id } },
    }),
  );
  // Gone already (404) is as good as signed out.
  return answer.ok || answer.error.status === 404;
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

/** A browser and a system, as names (never translated); null where the server could not tell. */
export type DeviceParts = Pick<Device, 'browser' | 'os'>;

/** "Firefox on Windows", a browser and a system (names, never translated) in a sentence. */
function browserOnSystem(browser: string, os: string): string {
  return t({
    message: `${browser} on ${os}`,
    comment: 'A signed-in device: {browser} is a web browser (Firefox), {os} a system (Windows)',
  });
}

/**
 * "Firefox on Windows", in the page's language; the parts the server could not name are left
 * out, and 'Unknown device' when it named neither.
 */
export function deviceName(device: DeviceParts | null): string {
  const { browser, os } = device ?? { browser: null, os: null };
  if (browser && os) return browserOnSystem(browser, os);
  return browser || os || t`Unknown device`;
}
