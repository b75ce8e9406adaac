/**
 * The one client of our own API (/api/*, docs/api.md), typed by path and method from the
 * server's OpenAPI document (schema.gen.ts, generated: frontend/README.md#api-client) with
 * openapi-fetch. /auth/v1 and /rest/v1 go through supabase-js (lib/supabase.ts).
 *
 * openapi-fetch is loaded with the first call (a chunk of its own), so a page that imports
 * this carries only these few lines until it calls the API.
 */
import type { Client, Middleware } from 'openapi-fetch';
import type { paths } from './schema.gen';

export type ApiPaths = paths;

export interface ApiOptions {
  /** Send the session's access token as a bearer (the /api/account routes of a signed-in person). */
  signedIn?: boolean;
  /** The fetch to call (tests pass a fake); the browser's, read at call time, by default. */
  fetch?: typeof fetch;
}

/** Adds `Authorization: Bearer <the session's access token>` (empty without a session: a 401). */
const bearer: Middleware = {
  async onRequest({ request }) {
    // Imported here: the public pages that call the API without a session do not carry it.
    const { getSupabase } = await import('../supabase');
    const supabase = await getSupabase();
    const { data } = await supabase.auth.getSession();
    request.headers.set('Authorization', `Bearer ${data.session?.access_token ?? ''}`);
    return request;
  },
};

async function client({ signedIn = false, fetch: fetchImpl }: ApiOptions): Promise<Client<paths>> {
  // Loaded with the first call: the public pages that call the API (contact, unsubscribe,
  // deletion) do not carry it before someone submits.
  const { default: createClient } = await import('openapi-fetch');
  const client = createClient<paths>({
    // Same origin; absolute, as a Request needs outside the browser too (tests).
    baseUrl: window.location.origin,
    headers: { Accept: 'application/json' },
    fetch: (request) => (fetchImpl ?? globalThis.fetch)(request),
  });
  if (signedIn) client.use(bearer);
  return client;
}

/** Why a call failed, from our `{code, message}` or Supabase Auth's `{error_code, msg}`. */
export interface ApiError {
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
  /** The error code (docs/api.md#api-errors), when the answer gave one. */
  code?: string;
  /** The server's message (in English), when the answer gave one. */
  message?: string;
  /** A 429's Retry-After, in seconds, when it gave one. */
  retryAfter?: number;
}

export type ApiAnswer<T> =
  { ok: true; data: T; response: Response } | { ok: false; error: ApiError; response?: Response };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** The ApiError of a failed answer: its status, its body's code and message, its Retry-After. */
export function apiError(response: Response, body: unknown): ApiError {
  const error: ApiError = { status: response.status };
  if (typeof body === 'object' && body !== null) {
    const fields = body as Record<string, unknown>;
    const code = text(fields.code) ?? text(fields.error_code);
    const message = text(fields.message) ?? text(fields.msg);
    if (code) error.code = code;
    if (message) error.message = message;
  }
  const seconds = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
  if (Number.isFinite(seconds) && seconds >= 0) error.retryAfter = seconds;
  return error;
}

/**
 * One call to our API, typed by its path and method, as one value: the typed data of a
 * success, or an ApiError (status 0 when it never got an answer).
 * `await callApi({ signedIn: true }, (api) => api.GET('/api/account/sessions'))`.
 */
export async function callApi<T>(
  options: ApiOptions,
  call: (api: Client<paths>) => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<ApiAnswer<T>> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call(await client(options));
  } catch {
    return { ok: false, error: { status: 0 } };
  }
  const { response } = result;
  if (response.ok) return { ok: true, data: result.data as T, response };
  return { ok: false, error: apiError(response, result.error), response };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON a path and method answers with on success, as the document declares it. */
export type ApiJson<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: infer Responses;
}
  ? {
      [Status in keyof Responses]: Status extends 200 | 201 | 202
        ? Responses[Status] extends { content: { 'application/json': infer Json } }
          ? Json
          : never
        : never;
    }[keyof Responses]
  : never;

/** The JSON body a path and method takes, as the document declares it. */
export type ApiBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer Json } };
}
  ? Json
  : never;
