// The one way the app calls the service, in the order it runs: the setting and the key, the
// request within its timeout and size cap, the response read once, and the error chain.
import type { Bundle, HttpRequestOptions, ZObject } from 'zapier-platform-core';
import { baseUrlOf, timeoutMs, maxResponseBytes, routeSetOf } from '../config';
import { parseJson } from '../lib/json';
import { redacted, truncate } from '../lib/text';
import { doNotContextify, type SentField } from '../lib/inputs';
import { PATHS, type Endpoint } from './endpoints';
import { errorFor, isMissingRoute, type RequestResult, type Response } from './errors';

interface CallOptions {
  readonly body?: Readonly<Record<string, unknown>>;
  readonly params?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly fields?: readonly SentField[];
  /** The value the service's source takes as the last path segment instead (`/unsubscribe/<id>`,
   * `/perform/<action>`): asked there once when the API spec's form meets Express's missing route,
   * with the other params. Only for a request that is idempotent. */
  readonly pathSegment?: string;
}

/** Trimmed: pasted keys often carry spaces. */
export function apiKeyOf(bundle: Bundle): string {
  const key: unknown = bundle.authData?.api_key;
  return typeof key === 'string' ? key.trim() : '';
}

/** What Node refuses in a header value: a line break, another control character, or past Latin-1. */
const NOT_IN_HEADER = /[^\t\x20-\x7e\x80-\xff]/;

function checkedKey(z: ZObject, bundle: Bundle): string {
  const key = apiKeyOf(bundle);
  if (key && !NOT_IN_HEADER.test(key)) return key;
  throw doNotContextify(
    new z.errors.ExpiredAuthError(
      'The connected CRMGrow API key is blank or holds a character that no API key has, such ' +
        "as a line break, so nothing was sent. Copy the key from CRMGrow's Settings > " +
        'Integration page and paste it into your CRMGrow connection in Zapier.',
    ),
  );
}

export async function callApi(
  z: ZObject,
  bundle: Bundle,
  endpoint: Endpoint,
  options: CallOptions = {},
): Promise<Response> {
  let baseUrl: string;
  let path: string;
  try {
    baseUrl = baseUrlOf(endpoint.base);
    path = PATHS[routeSetOf()][endpoint.route];
  } catch (error) {
    z.console.log((error as Error).message);
    throw new z.errors.Error(
      'This CRMGrow integration is set up with an address for CRMGrow that cannot be used, so ' +
        'nothing was sent. Contact whoever provides this integration.',
      'invalid_configuration',
    );
  }
  const key = checkedKey(z, bundle);
  const { params = {}, pathSegment } = options;
  const queryOf = (entries: [string, string][]) => {
    const query = new URLSearchParams(entries).toString();
    return query ? `?${query}` : '';
  };
  // One timeout for the call: the request and its whole response, and the path form's if asked,
  // so that both stay within the step's time.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs());
  try {
    const first: RequestResult = {
      endpoint,
      url: `${baseUrl}${path}${queryOf(Object.entries(params))}`,
      key,
      fields: options.fields,
    };
    let result = await requestOnce(z, first, options, timeout);
    if (pathSegment !== undefined && result.response && isMissingRoute(result.response)) {
      const others = Object.entries(params).filter(([, value]) => value !== pathSegment);
      const url = `${baseUrl}${path}/${encodeURIComponent(pathSegment)}${queryOf(others)}`;
      result = await requestOnce(z, { ...first, url }, options, timeout);
    }
    const error = errorFor(z, result);
    if (error) throw error;
    return result.response as Response;
  } finally {
    clearTimeout(timer);
  }
}

/** One request and its whole response before the call's timeout; a failure to get one is thrown. */
async function requestOnce(
  z: ZObject,
  result: RequestResult,
  options: CallOptions,
  timeout: AbortController,
): Promise<RequestResult> {
  const { endpoint, url, key } = result;
  try {
    // Core's types leave out `merge`, `throwForThrottlingEarly` and node-fetch's `signal`.
    const request: HttpRequestOptions & {
      url: string;
      raw: true;
      merge: false;
      throwForThrottlingEarly: false;
      signal: AbortSignal;
    } = {
      url,
      method: endpoint.method,
      headers: {
        // The one core's merge would set (request-merge.js), which is off here; core's patch of
        // Node's http logs no request whose user-agent holds "Zapier" (create-http-patch.js).
        'user-agent': 'Zapier',
        Authorization: key,
        ...(endpoint.json && { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      // Written here, with core's merging off: core would take `{{…}}` in the user's text for a
      // template, and delete it or fail (prepare-request.js, cleaner.js).
      ...(options.body && { body: JSON.stringify(options.body) }),
      merge: false,
      // Every status is the error chain's, 429 included, so every message is of one kind.
      skipThrowForStatus: true,
      throwForThrottlingEarly: false,
      // A redirect would take the request, and the key, somewhere else.
      redirect: 'manual',
      // node-fetch counts the bytes as they are unpacked, so a gzip bomb stops at the cap.
      size: maxResponseBytes(),
      signal: timeout.signal,
      // Read once, here: core keeps no parsed copy of a large list (prepare-response.js).
      raw: true,
    };
    const raw = await z.request(request);
    const text = await raw.text();
    // `raw: true` leaves core's HTTP log without the body ("<probably streaming data>",
    // http-middlewares/after/log-response.js), so it is logged here as core would show it: the key
    // redacted, then cut at core's 3,500 characters (tools/create-logger.js).
    // Only the start is read, with room for a key that straddles the cut.
    const shown = truncate(redacted(text.slice(0, 3_501 + key.length), key), 3_500);
    z.console.log(redacted(`${raw.status} ${endpoint.method} ${url.split('?')[0]}: ${shown}`, key));
    const response = {
      status: raw.status,
      text,
      data: parseJson(text),
      retryAfter: raw.getHeader('retry-after') ?? null,
    };
    return { ...result, response };
  } catch (cause) {
    const timedOut = timeout.signal.aborted;
    // Stops reading, or unpacking, whatever still comes.
    timeout.abort();
    throw errorFor(z, { ...result, cause, timedOut }) ?? cause;
  }
}
