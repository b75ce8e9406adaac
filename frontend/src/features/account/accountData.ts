/**
 * The signed-in calls of docs/behaviour.md#accounts-data, with the session's access token:
 * POST /api/account/delete and GET /api/account/export (backend/app/account/router.py).
 */
import { t } from '@lingui/core/macro';
import { callApi, type ApiBody } from '../../lib/api/client';
import { failure, type ApiResult } from './deletion';

export type DeleteAccountBody = ApiBody<'/api/account/delete', 'post'>;

export async function deleteAccount(body: DeleteAccountBody): Promise<ApiResult<true>> {
  const answer = await callApi({ signedIn: true }, (api) =>
    api.POST('/api/account/delete', { body }),
  );
  if (answer.ok) return { ok: true, value: true };
  return failure(answer.error, t`Your account could not be deleted. Please try again.`);
}

export interface DataFile {
  blob: Blob;
  filename: string;
}

/** `noor-data-2026-03-12.json`: what the server would name it, for an answer without a name. */
export function defaultDataFilename(brand: string, now: Date = new Date()): string {
  const safe = brand.replace(/[^A-Za-z0-9-]+/g, '') || 'account';
  return `${safe}-data-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * The file name of a `Content-Disposition` header (`filename*=UTF-8''…` first, then
 * `filename="…"` or a bare token), reduced to a plain base name; null when there is none.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    const bare = /filename\s*=\s*([^;\s"]+)/i.exec(header);
    name = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? bare?.[1] ?? null;
  }
  // Never a path: only the last segment, without control characters.
  const last = name?.split(/[/\\]/).pop() ?? '';
  const base = [...last]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return base || null;
}

/** GET /api/account/export: the JSON file and its name. */
export async function fetchDataFile(brand: string): Promise<ApiResult<DataFile>> {
  const answer = await callApi({ signedIn: true }, (api) =>
    api.GET('/api/account/export', { parseAs: 'blob' }),
  );
  if (!answer.ok) {
    return failure(answer.error, t`Your data could not be downloaded. Please try again.`);
  }
  const filename =
    filenameFromDisposition(answer.response.headers.get('Content-Disposition')) ??
    defaultDataFilename(brand);
  return { ok: true, value: { blob: answer.data, filename } };
}

/** Hands a file to the browser's download (an object URL on a temporary `<a download>`). */
export function saveFile({ blob, filename }: DataFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the download has started, not under its feet.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
