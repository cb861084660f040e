// The one way this app talks to the service, in the order it runs: the
// settings and the key, the request, the exchange, and the response read and
// judged by the error tables.
import http from 'node:http';
import https from 'node:https';
import type { Bundle, HttpRequestOptions, ZObject } from 'zapier-platform-core';
import {
  ConfigError,
  readBaseUrl,
  readDeadlineMs,
  readMaxAnswerBytes,
  withoutCredentials,
} from '../config';
import type { Endpoint, SuccessCheck } from './endpoints';
import { withoutWhatHappened, type CallContext, type SentField } from './errors';
import { parseJson } from './json';
import { keyError, redact } from './key';
import { networkError } from './network-errors';
import { errorForResponse } from './response-errors';
import { saysAlreadyDeleted, type ApiResponse } from './responses';

export type { ApiResponse } from './responses';
export type ApiAnswer = ApiResponse; // alias until callers move

export interface CallOptions {
  readonly body?: Record<string, unknown>;
  readonly params?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** The input values the body holds, named in the message when the service refuses one. */
  readonly fields?: readonly SentField[];
}

/** The API key from the connection, trimmed: pasted keys often carry spaces. */
export function apiKeyOf(bundle: Bundle): string {
  const key: unknown = bundle.authData?.api_key;
  return typeof key === 'string' ? key.trim() : '';
}

/** What one call needs from the deployment and the connection, read and checked. */
export interface CallSettings {
  readonly baseUrl: string;
  readonly deadlineMs: number;
  readonly maxAnswerBytes: number;
  readonly apiKey: string;
}

/**
 * Step 1, before anything is sent: the settings and the API key. Throws the
 * errors that stop a call here: a bad setting, no key, a key no header can hold.
 */
export function settingsOf(z: ZObject, bundle: Bundle, endpoint: Endpoint): CallSettings {
  let settings: Omit<CallSettings, 'apiKey'>;
  try {
    settings = {
      baseUrl: readBaseUrl(endpoint.base),
      deadlineMs: readDeadlineMs(),
      maxAnswerBytes: readMaxAnswerBytes(),
    };
  } catch (error) {
    if (error instanceof ConfigError)
      throw new z.errors.Error(error.message, 'invalid_configuration');
    throw error;
  }
  const apiKey = apiKeyOf(bundle);
  const refused = keyError(z.errors, apiKey);
  if (refused) throw withoutWhatHappened(refused);
  return { ...settings, apiKey };
}

/** The request options of node-fetch that core passes on, beside its own. */
interface GuardedRequest extends HttpRequestOptions {
  url: string;
  merge: false;
  throwForThrottlingEarly: false;
  redirect: 'manual';
  size: number;
  signal?: AbortSignal;
}

/** The query string, built here: core would take a `{{…}}` in a value for a missing value. */
const queryOf = (params: Readonly<Record<string, string>>): string => {
  const pairs = Object.entries(params).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
};

/** Step 2: the request exactly as it is sent. */
export function requestOf(
  endpoint: Endpoint,
  options: CallOptions,
  settings: CallSettings,
): GuardedRequest {
  return {
    url: `${settings.baseUrl}${endpoint.path}${queryOf(options.params ?? {})}`,
    method: endpoint.method,
    headers: {
      // What core's merging (off here) would have added.
      'user-agent': 'Zapier',
      Authorization: settings.apiKey,
      ...(endpoint.jsonContentType ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    // Written here, with core's merging off: core would otherwise read any
    // `{{…}}` in the user's text as a template, and delete it or throw.
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    merge: false,
    // Statuses are the error tables' alone, 429 included, so every message is of one kind.
    skipThrowForStatus: true,
    throwForThrottlingEarly: false,
    // A redirect would send the request, and the key, somewhere else: it is an error instead.
    redirect: 'manual',
    size: settings.maxAnswerBytes,
  };
}

/** What core's raw response gives: node-fetch's response, with core's getHeader. */
interface RawResponse {
  readonly status: number;
  getHeader(name: string): string | null | undefined;
  buffer(): Promise<Buffer>;
}

/** A whole response: its status and headers, and its body as text. */
export interface Received {
  readonly response: RawResponse;
  readonly text: string;
}

/** Node's agent receives each request through addRequest, which its types leave out. */
interface RequestAgent {
  addRequest(request: http.ClientRequest, options: unknown): void;
}

/**
 * An agent of its own for one request, which calls `cutShort` when the
 * connection closes before the whole response came (fewer bytes than its
 * Content-Length, or a chunked response left open): node-fetch 2 would wait
 * for the rest until the deadline.
 */
export function watchingAgent(url: URL, cutShort: () => void): http.Agent {
  const agent = url.protocol === 'https:' ? new https.Agent() : new http.Agent();
  const watched = agent as unknown as RequestAgent;
  const addRequest = watched.addRequest.bind(agent);
  watched.addRequest = (request, options) => {
    request.on('response', (response: http.IncomingMessage) => {
      response.on('close', () => {
        if (!response.complete) cutShort();
      });
    });
    addRequest(request, options);
  };
  return agent;
}

/**
 * Step 3: the exchange, within one deadline for the whole of it, body
 * included, and the size cap. Throws the network table's errors.
 */
export async function exchange(
  z: ZObject,
  request: GuardedRequest,
  call: CallContext,
): Promise<Received> {
  // The deadline also stops reading a response past the size cap, which
  // node-fetch would otherwise inflate to the end.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), call.deadlineMs);
  let cutShort = false;
  const agent = watchingAgent(new URL(request.url), () => {
    // Once the deadline has passed, the close is its doing.
    if (deadline.signal.aborted) return;
    cutShort = true;
    deadline.abort();
  });
  // What failed, read by the network table: node-fetch's error, or one in its words.
  let cause: unknown;
  try {
    // Raw, always: core then neither parses the body nor keeps a copy of it,
    // which it would show (key and all) in the "What happened" of an error.
    const sent: GuardedRequest = { ...request, signal: deadline.signal, agent };
    const response: RawResponse = await z.request({ ...sent, raw: true });
    // A response that says it is too large is not read at all. A compressed one
    // is measured as it is unpacked, by node-fetch's `size`.
    const length = Number(response.getHeader('content-length') ?? 0);
    if (response.getHeader('content-encoding') || length <= call.maxAnswerBytes) {
      return { response, text: (await response.buffer()).toString('utf8') };
    }
    cause = { type: 'max-size' };
  } catch (error) {
    cause = error;
  } finally {
    clearTimeout(timer);
  }
  const timedOut = deadline.signal.aborted && !cutShort;
  deadline.abort();
  // node-fetch gives this code to a chunked response cut short alone; the agent's
  // word gives it to one cut short of its Content-Length too.
  if (cutShort) cause = { code: 'ERR_STREAM_PREMATURE_CLOSE' };
  throw withoutWhatHappened(networkError(z.errors, call, cause, timedOut));
}

/** Step 4: the response read once, the API key taken out first. */
export function responseOf(
  { response, text }: Received,
  apiKey: string,
  success: SuccessCheck,
): ApiResponse {
  const content = redact(text, apiKey);
  // getHeader gives null, not undefined, for a missing header, whatever its type says.
  const location = response.getHeader('location');
  const read = {
    status: response.status,
    contentType: response.getHeader('content-type') ?? '',
    content,
    data: parseJson(content),
    retryAfter: response.getHeader('retry-after') ?? undefined,
    location: location ? withoutCredentials(redact(location, apiKey)) : undefined,
  };
  return { ...read, alreadyDeleted: success === 'deleted' && saysAlreadyDeleted(read) };
}

/** The one way to call the service: the steps above, in order, and the error table's judgement. */
export async function callApi(
  z: ZObject,
  bundle: Bundle,
  endpoint: Endpoint,
  options: CallOptions = {},
): Promise<ApiResponse & { readonly gone: boolean }> {
  const settings = settingsOf(z, bundle, endpoint);
  const request = requestOf(endpoint, options, settings);
  const call: CallContext = {
    endpoint,
    url: request.url,
    baseUrl: settings.baseUrl,
    deadlineMs: settings.deadlineMs,
    maxAnswerBytes: settings.maxAnswerBytes,
    log: (line) => z.console.log(line),
    ...(options.fields ? { fields: options.fields } : {}),
  };
  const response = responseOf(await exchange(z, request, call), settings.apiKey, endpoint.success);
  const error = errorForResponse(z.errors, call, response);
  if (error) throw withoutWhatHappened(error);
  return { ...response, gone: response.alreadyDeleted }; // `gone`: alias until callers move
}
