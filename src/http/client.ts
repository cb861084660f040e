// The one way this app calls the service, in the order it runs: settings and
// key, request, exchange, response, and the error tables' judgement.
import http from 'node:http';
import https from 'node:https';
import type { Bundle, HttpRequestOptions, RawHttpResponse, ZObject } from 'zapier-platform-core';
import {
  ConfigError,
  readBaseUrl,
  readDeadlineMs,
  readMaxAnswerBytes,
  withoutCredentials,
} from '../config';
import type { Endpoint } from './endpoints';
import { withoutWhatHappened, type CallContext, type SentField } from './errors';
import { parseJson } from './json';
import { keyError, redact } from './key';
import { networkError } from './network-errors';
import { errorForResponse } from './response-errors';
import { saysAlreadyDeleted, type ApiResponse } from './responses';

export interface CallOptions {
  readonly body?: Record<string, unknown>;
  readonly params?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** The input values the body holds, named in the message when the service refuses one. */
  readonly fields?: readonly SentField[];
}

/** Trimmed: pasted keys often carry spaces. */
export function apiKeyOf(bundle: Bundle): string {
  const key: unknown = bundle.authData?.api_key;
  return typeof key === 'string' ? key.trim() : '';
}

// An agent for one request that calls `cutShort` when the connection closes before the whole
// response came: node-fetch 2 would wait until the deadline.
export function watchingAgent(url: URL, cutShort: () => void): http.Agent {
  const agent = url.protocol === 'https:' ? new https.Agent() : new http.Agent();
  // Node's agent receives each request through addRequest, which its types leave out.
  const watched = agent as unknown as {
    addRequest(request: http.ClientRequest, options: unknown): void;
  };
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

/** The deployment's settings for this endpoint; a bad one is a configuration error. */
function settingsOf(z: ZObject, endpoint: Endpoint) {
  try {
    return {
      baseUrl: readBaseUrl(endpoint.base),
      deadlineMs: readDeadlineMs(),
      maxAnswerBytes: readMaxAnswerBytes(),
    };
  } catch (error) {
    if (error instanceof ConfigError)
      throw new z.errors.Error(error.message, 'invalid_configuration');
    throw error;
  }
}

/** The exchange, body included, within one deadline and the size cap. */
async function exchange(
  z: ZObject,
  call: CallContext,
  // Core takes merge and throwForThrottlingEarly, which its types leave out.
  request: HttpRequestOptions & { url: string; merge: false; throwForThrottlingEarly: false },
): Promise<{ response: RawHttpResponse; text: string }> {
  // The deadline also stops reading past the size cap, which node-fetch would inflate to the end.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), call.deadlineMs);
  let cutShort = false;
  const agent = watchingAgent(new URL(request.url), () => {
    if (deadline.signal.aborted) return;
    cutShort = true;
    deadline.abort();
  });
  let cause: unknown;
  try {
    // Raw, so core keeps no copy of the body (key and all) for its "What happened".
    const sent = { ...request, signal: deadline.signal, agent, raw: true as const };
    const response = await z.request(sent);
    // A compressed response is measured as it is unpacked, by node-fetch's `size`.
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
  // node-fetch gives this code only to a chunked response cut short; the agent's word covers the rest.
  if (cutShort) cause = { code: 'ERR_STREAM_PREMATURE_CLOSE' };
  throw withoutWhatHappened(networkError(z.errors, call, cause, timedOut));
}

export async function callApi(
  z: ZObject,
  bundle: Bundle,
  endpoint: Endpoint,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const settings = settingsOf(z, endpoint);
  const apiKey = apiKeyOf(bundle);
  const refused = keyError(z.errors, apiKey);
  if (refused) throw withoutWhatHappened(refused);

  // Query and body are written here, with core's merging off: core would read
  // a `{{…}}` in the user's text as a template, and delete it or throw.
  const query = Object.entries(options.params ?? {})
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  const url = `${settings.baseUrl}${endpoint.path}${query ? `?${query}` : ''}`;
  const call: CallContext = {
    ...settings,
    endpoint,
    url,
    log: (line) => z.console.log(line),
    ...(options.fields ? { fields: options.fields } : {}),
  };
  const { response: raw, text } = await exchange(z, call, {
    url,
    method: endpoint.method,
    headers: {
      'user-agent': 'Zapier',
      Authorization: apiKey,
      ...(endpoint.jsonContentType ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    merge: false,
    // Statuses are the error table's alone, 429 included, so every message is of one kind.
    skipThrowForStatus: true,
    throwForThrottlingEarly: false,
    // A redirect would send the request, and the key, somewhere else.
    redirect: 'manual',
    size: settings.maxAnswerBytes,
  });

  const content = redact(text, apiKey);
  // Core's getHeader gives null for a missing header, which its types leave out.
  const location = raw.getHeader('location');
  const read = {
    status: raw.status,
    contentType: raw.getHeader('content-type') ?? '',
    content,
    data: parseJson(content),
    retryAfter: raw.getHeader('retry-after') ?? undefined,
    location: location ? withoutCredentials(redact(location, apiKey)) : undefined,
  };
  const response: ApiResponse = {
    ...read,
    alreadyDeleted: endpoint.success === 'deleted' && saysAlreadyDeleted(read),
  };
  const error = errorForResponse(z.errors, call, response);
  if (error) throw withoutWhatHappened(error);
  return response;
}
