/**
 * What a faked fetch was sent. The API client (lib/api/client.ts) sends one Request; this reads
 * back its path (with the query), method, headers and JSON body.
 */
export interface SentRequest {
  path: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** The `index`th request a `vi.fn()` standing for fetch was called with. */
export async function sentRequest(fetchMock: unknown, index = 0): Promise<SentRequest> {
  const { calls } = (fetchMock as { mock: { calls: unknown[][] } }).mock;
  const request = calls[index]?.[0];
  if (!(request instanceof Request)) throw new Error(`call ${String(index)} sent no Request`);
  const url = new URL(request.url);
  const text = await request.clone().text();
  return {
    path: url.pathname + url.search,
    method: request.method,
    headers: request.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}
