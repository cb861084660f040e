// The one way this app talks to the service: builds the URL from the
// configured base address, adds the headers the interface lists, and
// hands every non-success to the error layer.
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
import { saysGone } from './answers';
import type { Endpoint } from './endpoints';
import {
  errorForAnswer,
  networkError,
  quiet,
  redact,
  serviceText,
  unusableKeyError,
  type CallContext,
  type SentField,
} from './errors';
import { parseJson } from './json';

export interface CallOptions {
  readonly body?: Record<string, unknown>;
  readonly params?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** The input values the body holds, named in the message when the service refuses one. */
  readonly fields?: readonly SentField[];
}

export interface ApiAnswer {
  readonly status: number;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  readonly data: unknown;
  /** The body as text, the API key taken out, for a caller that must read it again. */
  readonly content: string;
  readonly contentType: string;
  /** The service said that what the request removes does not exist (the `unsubscribed` rule). */
  readonly gone: boolean;
}

/** The API key from the connection, trimmed: pasted keys often carry spaces. */
export function apiKeyOf(bundle: Bundle): string {
  const key: unknown = bundle.authData?.api_key;
  return typeof key === 'string' ? key.trim() : '';
}

/** The query string, built here: core would treat a `{{…}}` in a value as a missing value. */
const queryOf = (params: Readonly<Record<string, string>>): string => {
  const pairs = Object.entries(params).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
};

/** Request options of node-fetch that core passes on, beside its own. */
interface GuardedRequest extends HttpRequestOptions {
  url: string;
  merge: false;
  throwForThrottlingEarly: false;
  redirect: 'manual';
  size: number;
  signal: AbortSignal;
}

/** What one call needs from the deployment and the connection, read and checked. */
export interface CallSettings {
  readonly baseUrl: string;
  readonly deadlineMs: number;
  readonly maxAnswerBytes: number;
  readonly apiKey: string;
}

/**
 * Step 1, before anything is sent: the settings, and the API key. Throws the
 * errors that stop a call here (a bad setting, no key, a key no header can hold).
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
  if (!apiKey) {
    throw quiet(
      new z.errors.ExpiredAuthError(
        'No CRMGrow API key is connected. Reconnect your CRMGrow account in Zapier with your API key.',
      ),
    );
  }
  const keyError = unusableKeyError(z.errors, apiKey);
  if (keyError) throw quiet(keyError);
  return { ...settings, apiKey };
}

/** Step 2: the request exactly as it is sent. Pure. */
export function requestOf(
  endpoint: Endpoint,
  options: CallOptions,
  settings: CallSettings,
): Omit<GuardedRequest, 'signal'> {
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
    // Serialised here, with core's merging off: core would otherwise read any
    // `{{…}}` in the user's text as a template, and delete it or throw.
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    merge: false,
    // Status handling is ours alone, 429 included, so every message is the same kind.
    skipThrowForStatus: true,
    throwForThrottlingEarly: false,
    // A redirect would re-send a write, or the key, somewhere else: it is an error instead.
    redirect: 'manual',
    size: settings.maxAnswerBytes,
  };
}

/** A whole answer: its status and headers, and its body as text. */
export interface Received {
  readonly response: RawAnswer;
  readonly text: string;
}

/** Node's agent receives each request through addRequest, which its types leave out. */
interface RequestAgent {
  addRequest(request: http.ClientRequest, options: unknown): void;
}

/**
 * An agent of its own for one request, which calls `cutShort` when the
 * connection closes before the whole answer came (fewer bytes than its
 * Content-Length, or a chunked answer left open): node-fetch 2 would wait
 * for the rest until the deadline.
 */
export function watchingAgent(url: URL, cutShort: () => void): http.Agent {
  const agent = url.protocol === 'https:' ? new https.Agent() : new http.Agent();
  const watched = agent as unknown as RequestAgent;
  const addRequest = watched.addRequest.bind(agent);
  watched.addRequest = (request, options) => {
    request.on('response', (answer: http.IncomingMessage) => {
      answer.on('close', () => {
        if (!answer.complete) cutShort();
      });
    });
    addRequest(request, options);
  };
  return agent;
}

/** A connection closed before the whole answer, with the code node-fetch gives it (for chunked answers alone). */
class CutShort extends Error {
  readonly code = 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * Step 3: the exchange, within one deadline for the whole of it, body
 * included, and the size cap. Throws the error layer's network errors.
 */
export async function exchange(
  z: ZObject,
  request: Omit<GuardedRequest, 'signal'>,
  call: CallContext,
): Promise<Received> {
  // The deadline also stops reading an answer past the size cap, which
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
  try {
    // Raw, always: core then neither parses the body nor keeps a copy of it,
    // which it would show (key and all) in the "What happened" of an error.
    const sent: GuardedRequest = { ...request, signal: deadline.signal, agent };
    const response: RawAnswer = await z.request({ ...sent, raw: true });
    // An answer that says it is too large is not read at all.
    if (declaredTooLarge(response, call.maxAnswerBytes)) throw new TooLarge();
    return { response, text: decoded(await response.buffer(), response.getHeader('content-type')) };
  } catch (cause) {
    const timedOut = deadline.signal.aborted && !cutShort;
    deadline.abort();
    throw quiet(networkError(z.errors, call, cutShort ? new CutShort() : cause, timedOut));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Step 4: the answer, the API key taken out, parsed once (the error layer
 * reads the same value), and judged by the error layer's rules alone.
 */
export function answerOf(
  errors: ZObject['errors'],
  call: CallContext,
  rule: Endpoint['answer'],
  { response, text }: Received,
  apiKey: string,
): ApiAnswer {
  const content = redact(text, apiKey);
  const contentType = response.getHeader('content-type') ?? '';
  const summary = {
    status: response.status,
    contentType,
    content,
    body: parseJson(content),
    retryAfter: response.getHeader('retry-after') ?? undefined,
    location: redactedLocation(response.getHeader('location'), apiKey),
  };
  const error = errorForAnswer(errors, call, summary, rule);
  if (error) throw quiet(error);
  return {
    status: summary.status,
    data: summary.body,
    content,
    contentType,
    // Past the rules, an answer saying so was their "gone" row.
    gone: rule === 'unsubscribed' && saysGone(summary.status, summary.body, serviceText(summary)),
  };
}

/** The one way to call the service: the four steps above, in order. */
export async function callApi(
  z: ZObject,
  bundle: Bundle,
  endpoint: Endpoint,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  const settings = settingsOf(z, bundle, endpoint);
  const request = requestOf(endpoint, options, settings);
  const call: CallContext = {
    method: endpoint.method,
    url: request.url,
    baseVariable: endpoint.base,
    baseUrl: settings.baseUrl,
    deadlineMs: settings.deadlineMs,
    maxAnswerBytes: settings.maxAnswerBytes,
    log: (line) => z.console.log(line),
    ...(endpoint.effect ? { effect: endpoint.effect } : {}),
    ...(options.fields ? { fields: options.fields } : {}),
  };
  const received = await exchange(z, request, call);
  return answerOf(z.errors, call, endpoint.answer, received, settings.apiKey);
}

/** node-fetch's error for an answer past `size`, which the error layer reads by its type. */
class TooLarge extends Error {
  readonly type = 'max-size';
}

/** An uncompressed answer whose Content-Length passes the cap. */
const declaredTooLarge = (response: RawAnswer, maxBytes: number): boolean =>
  !response.getHeader('content-encoding') &&
  Number(response.getHeader('content-length') ?? 0) > maxBytes;

/** What core's raw answer gives us: node-fetch's response with core's getHeader. */
interface RawAnswer {
  readonly status: number;
  getHeader(name: string): string | null | undefined;
  buffer(): Promise<Buffer>;
}

/** The byte-order marks of UTF-16, which name the encoding whatever the header says. */
const UTF16_MARKS = [
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
] as const;

/**
 * The text of an answer: UTF-16 where a byte-order mark says so (the mark
 * taken off), else the charset the answer names (latin-1 and others), else UTF-8.
 */
export function decoded(body: Buffer, contentType: string | null | undefined): string {
  const marked = UTF16_MARKS.find(({ bytes }) => body[0] === bytes[0] && body[1] === bytes[1]);
  if (marked) return new TextDecoder(marked.encoding).decode(body);
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (!charset || charset === 'utf-8' || charset === 'utf8') return body.toString('utf8');
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    // A charset Node does not know: UTF-8, as before.
    return body.toString('utf8');
  }
}

/** A redirect's target as it may be shown: no key, no credentials. */
const redactedLocation = (
  location: string | null | undefined,
  apiKey: string,
): string | undefined =>
  // getHeader gives null, not undefined, for a missing header, whatever its type says.
  location ? withoutCredentials(redact(location, apiKey)) : undefined;
