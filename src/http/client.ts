// The one way this app talks to the service: builds the URL from the
// configured base address, adds the headers the interface lists, and
// hands every non-success to the error layer.
import type { Bundle, HttpRequestOptions, HttpResponse, ZObject } from 'zapier-platform-core';
import { ConfigError, readConfig } from '../config';
import type { Endpoint } from './endpoints';
import {
  errorForAnswer,
  networkError,
  parseJson,
  redact,
  unusableKeyError,
  type CallContext,
  type IdValue,
} from './errors';

export interface CallOptions {
  readonly body?: Record<string, unknown>;
  readonly params?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** Statuses that count as success without further checks (unsubscribe's 404 and 410). */
  readonly acceptStatuses?: readonly number[];
  /** The ids the body holds, named in the message of a server error when malformed. */
  readonly ids?: readonly IdValue[];
}

export interface ApiAnswer {
  readonly status: number;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  readonly data: unknown;
}

/** The API key from the connection, trimmed: pasted keys often carry spaces. */
export function apiKeyOf(bundle: Bundle): string {
  const key: unknown = bundle.authData?.api_key;
  return typeof key === 'string' ? key.trim() : '';
}

export async function callApi(
  z: ZObject,
  bundle: Bundle,
  endpoint: Endpoint,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  let baseUrl: string;
  try {
    baseUrl = readConfig()[endpoint.base];
  } catch (error) {
    if (error instanceof ConfigError)
      throw new z.errors.Error(error.message, 'invalid_configuration');
    throw error;
  }
  const apiKey = apiKeyOf(bundle);
  if (!apiKey) {
    throw new z.errors.ExpiredAuthError(
      'No CRMGrow API key is connected. Reconnect your CRMGrow account in Zapier with your API key.',
    );
  }
  const keyError = unusableKeyError(z.errors, apiKey);
  if (keyError) throw keyError;

  const url = `${baseUrl}${endpoint.path}`;
  const call: CallContext = {
    method: endpoint.method,
    url,
    baseVariable: endpoint.base,
    baseUrl,
    ...(options.ids ? { ids: options.ids } : {}),
  };
  const request: HttpRequestOptions & { url: string; throwForThrottlingEarly: boolean } = {
    url,
    method: endpoint.method,
    headers: {
      Authorization: apiKey,
      ...(endpoint.jsonContentType ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.params ? { params: options.params } : {}),
    ...(options.body ? { body: options.body } : {}),
    // Status handling is ours alone, 429 included, so every message is the same kind.
    skipThrowForStatus: true,
    throwForThrottlingEarly: false,
  };

  let response: Pick<HttpResponse, 'status' | 'getHeader'>;
  let received: string;
  try {
    if (endpoint.wholeLibrary) {
      const raw = await z.request({ ...request, raw: true });
      response = raw;
      received = await raw.text();
    } else {
      const answer = await z.request(request);
      response = answer;
      received = answer.content ?? '';
    }
  } catch (cause) {
    throw networkError(z.errors, call, cause);
  }

  const content = redact(received, apiKey);
  // Parsed once, here: the error layer reads the same value.
  const data = parseJson(content);
  if (options.acceptStatuses?.includes(response.status)) {
    return { status: response.status, data };
  }
  const error = errorForAnswer(
    z.errors,
    call,
    {
      status: response.status,
      contentType: response.getHeader('content-type') ?? '',
      content,
      body: data,
      retryAfter: response.getHeader('retry-after'),
    },
    endpoint.answer,
  );
  if (error) throw error;
  return { status: response.status, data };
}
