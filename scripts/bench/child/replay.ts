// A request the app made, as a bare fetch call: the floor the app is measured
// against (overhead in this process, scaling in a fresh one). Only types come
// from the sandbox, so a floor child loads nothing but Node.
import type { RecordedRequest, Sandbox } from '../../../sandbox/server';

export interface Replay {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** The status the sandbox gave the app. */
  readonly status: number;
}

/** Hop-by-hop and framing headers: fetch sets its own. */
const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** The same method, URL, headers and body as `recorded`. */
export function replayOf(
  sandbox: Pick<Sandbox, 'baseUrl' | 'altBaseUrl'>,
  recorded: RecordedRequest,
): Replay {
  const base = recorded.base === 'ALT_BASE_URL' ? sandbox.altBaseUrl : sandbox.baseUrl;
  const query = new URLSearchParams(recorded.query).toString();
  const headers = Object.fromEntries(
    Object.entries(recorded.headers).flatMap(([name, value]) =>
      typeof value === 'string' && !TRANSPORT_HEADERS.has(name) ? [[name, value]] : [],
    ),
  );
  return {
    method: recorded.method,
    url: `${base}${recorded.path}${query ? `?${query}` : ''}`,
    headers,
    ...(recorded.rawBody ? { body: recorded.rawBody } : {}),
    status: recorded.status,
  };
}

/** Makes the request with `fetch`, reads the answer and parses it: nothing else. */
export async function fetchAndParse(
  fetch: typeof globalThis.fetch,
  replay: Replay,
): Promise<{ parsed: unknown; text: string }> {
  const response = await fetch(replay.url, {
    method: replay.method,
    headers: replay.headers,
    body: replay.body,
  });
  const text = await response.text();
  if (response.status !== replay.status) {
    throw new Error(`${replay.method} ${replay.url} answered ${response.status} to fetch`);
  }
  return { parsed: text ? (JSON.parse(text) as unknown) : undefined, text };
}
