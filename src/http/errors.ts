// Turns every way a call to the service can go wrong into one clear,
// user-facing Zapier error. Nothing here may ever echo the API key.
import type { ZObject } from 'zapier-platform-core';
import type { BaseUrlVariable } from '../config';
import type { AnswerRule } from './endpoints';

export const SERVICE_NAME = 'CRMGrow';
const API_HOST_EXAMPLE = 'https://api.crmgrow.com';

/** What the error layer needs to know about one finished request. */
export interface CallContext {
  readonly method: string;
  readonly url: string;
  readonly baseVariable: BaseUrlVariable;
  readonly baseUrl: string;
  /** The ids the request sends, to point at the wrong one after a server error. */
  readonly ids?: readonly IdValue[];
}

/** One id a request sends, as the Zap builder knows it. */
export interface IdValue {
  /** The input field's label. */
  readonly label: string;
  readonly value: string;
  /** The label of the search that finds this kind of id. */
  readonly search: string;
}

/** The form of the service's ids (MongoDB ObjectIds); the contract keeps them opaque. */
const SERVICE_ID = /^[0-9a-f]{24}$/i;

export interface AnswerSummary {
  readonly status: number;
  readonly contentType: string;
  readonly content: string;
  /** `content` parsed as JSON, once, by the caller; undefined when it is not JSON. */
  readonly body: unknown;
  readonly retryAfter: string | undefined;
}

type ZErrors = ZObject['errors'];

const KEY_PLACEHOLDER = '[API key]';
/** What JSON encoders write unescaped (JWT and base64url keys are made of these). */
const PLAIN_IN_JSON = /^[A-Za-z0-9._~+=-]+$/;

/**
 * Removes the API key from an answer before it reaches a user or a log: from
 * the text, and from every string of a JSON body, where an escape (`\u00e9`,
 * `\"`) would hide it from a text search. Keys under 4 characters are left
 * alone: they would blot out ordinary words.
 */
export function redact(text: string, apiKey: string | undefined): string {
  const key = apiKey?.trim();
  if (!key || key.length < 4) return text;
  const hide = (value: string): string =>
    value.includes(key) ? value.split(key).join(KEY_PLACEHOLDER) : value;
  const plain = hide(text);
  // Without a backslash there is no escape, and the text search was enough.
  if (!plain.includes('\\')) return plain;
  // A key of characters encoders write as they are hides only behind \u escapes;
  // a title's \" leaves it in plain sight, and a large list needs no second pass.
  if (PLAIN_IN_JSON.test(key) && !plain.includes('\\u')) return plain;
  const body = parseJson(plain);
  if (typeof body !== 'object' || body === null) return plain;
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return hide(value);
    if (Array.isArray(value)) return value.map(clean);
    if (isRecord(value)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [hide(k), clean(v)]));
    }
    return value;
  };
  return JSON.stringify(clean(body));
}

/**
 * Characters no API key holds. Node refuses line breaks, most control
 * characters and anything past Latin-1 in a header before any connection is
 * made; a tab or other control character would only get the key refused.
 * The first kind found is named, so a line break is not called a control character.
 */
const UNUSABLE_KEY_CHARACTERS: readonly { kind: string; is: (code: number) => boolean }[] = [
  { kind: 'a line break', is: (code) => code === 0x0a || code === 0x0d },
  { kind: 'a control character', is: (code) => code < 0x20 || (code >= 0x7f && code <= 0x9f) },
  { kind: 'a non-Latin character', is: (code) => code > 0xff },
];

/**
 * The error for a connected key that cannot be sent in a header, or undefined
 * when it can. Names the kind of character only: never the key or the character.
 */
export function unusableKeyError(errors: ZErrors, apiKey: string): Error | undefined {
  const codes = [...apiKey].map((character) => character.codePointAt(0) ?? 0);
  const found = UNUSABLE_KEY_CHARACTERS.find(({ is }) => codes.some(is));
  if (!found) return undefined;
  return new errors.ExpiredAuthError(
    `The connected ${SERVICE_NAME} API key holds ${found.kind}, which an API key cannot have, ` +
      'so no request was sent. Copy the API key again from ' +
      `${SERVICE_NAME} and reconnect your ${SERVICE_NAME} account in Zapier.`,
  );
}

export function parseJson(content: string): unknown {
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return undefined;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const looksLikeHtml = (answer: AnswerSummary): boolean =>
  answer.contentType.includes('html') || /^\s*</.test(answer.content);

/** The service's own words: `error`, `message` or `msg` of a JSON body, or short plain text. */
export function serviceText(answer: AnswerSummary): string | undefined {
  const { body } = answer;
  if (isRecord(body)) {
    for (const key of ['error', 'message', 'msg', 'errors'] as const) {
      const value = body[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
      if (isRecord(value) && typeof value.message === 'string') return value.message.trim();
    }
    return undefined;
  }
  const text = answer.content.trim();
  if (!text || looksLikeHtml(answer) || body !== undefined) return undefined;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

const quoted = (text: string | undefined): string => (text ? `: "${text}"` : '');

/** A value the user gave, cut short enough for a message. */
export const shown = (value: string): string =>
  value.length > 80 ? `${value.slice(0, 80)}…` : value;

const listed = (items: readonly string[], word: 'and' | 'or'): string =>
  items.length > 1
    ? `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1) ?? ''}`
    : (items[0] ?? '');

/**
 * The service answers a server error for an id that is not one of its ids:
 * when some sent ids do not have the form, name them; trying again never helps.
 */
function malformedIdsHint(call: CallContext): string | undefined {
  const malformed = (call.ids ?? []).filter(({ value }) => !SERVICE_ID.test(value));
  if (malformed.length === 0) return undefined;
  const one = malformed.length === 1;
  const values = malformed.map(({ label, value }) => `"${shown(value)}" in "${label}"`);
  const labels = malformed.map(({ label }) => `"${label}"`);
  const searches = [...new Set(malformed.map(({ search }) => search))];
  return (
    `${SERVICE_NAME} could not use ${listed(values, 'or')}: ` +
    `${one ? 'it is not an ID' : 'they are not IDs'} of ${SERVICE_NAME}, which are 24 characters ` +
    'of 0-9 and a-f (a title mapped by mistake, perhaps). ' +
    `Choose from the ${listed(labels, 'and')} ${one ? 'dropdown' : 'dropdowns'}, or map ` +
    `${one ? 'the ID' : 'the IDs'} from ${
      searches.length === 1
        ? `a ${listed(searches, 'and')} search step`
        : `${listed(searches, 'and')} search steps`
    }.`
  );
}

const pathOf = (call: CallContext): string => new URL(call.url).pathname;

const baseUrlHint = (call: CallContext): string =>
  `Check the ${call.baseVariable} setting (now "${call.baseUrl}"): it should be the API's address, such as ${API_HOST_EXAMPLE}.`;

/** Seconds to wait, from a Retry-After of either seconds or an HTTP date. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The error for an answer that is not a success, or undefined when the answer is fine.
 */
export function errorForAnswer(
  errors: ZErrors,
  call: CallContext,
  answer: AnswerSummary,
  rule: AnswerRule,
): Error | undefined {
  const { status } = answer;
  const text = serviceText(answer);
  const where = `${call.method} ${pathOf(call)}`;

  if (status === 401) {
    return new errors.ExpiredAuthError(
      `${SERVICE_NAME} rejected the API key (HTTP 401${quoted(text)}). ` +
        `Copy your current API key from ${SERVICE_NAME} and reconnect your ${SERVICE_NAME} account in Zapier.`,
    );
  }
  if (status === 429) {
    const delay = retryAfterSeconds(answer.retryAfter);
    return new errors.ThrottledError(
      `${SERVICE_NAME} is receiving too many requests (HTTP 429${quoted(text)}). ` +
        `Zapier will retry ${delay === null ? 'later' : `in ${delay} seconds`}.`,
      delay ?? undefined,
    );
  }
  if (status === 404 && looksLikeHtml(answer)) {
    return new errors.Error(
      `${SERVICE_NAME} has no endpoint at ${where} (HTTP 404). ${baseUrlHint(call)}`,
      'endpoint_not_found',
      status,
    );
  }
  if (status >= 500) {
    const idsHint = malformedIdsHint(call);
    if (idsHint) {
      return new errors.Error(
        `${SERVICE_NAME} had a server error on ${where} (HTTP ${status}${quoted(text)}). ${idsHint}`,
        'invalid_id',
        status,
      );
    }
    return new errors.Error(
      `${SERVICE_NAME} had a server error on ${where} (HTTP ${status}${quoted(text)}). ` +
        'This is often temporary: try again in a few minutes. If it keeps happening, ' +
        'check that the selected items still exist in ' +
        `${SERVICE_NAME}.`,
      'server_error',
      status,
    );
  }
  if (status >= 400) {
    return new errors.Error(
      `${SERVICE_NAME} refused the request (HTTP ${status}${text ? quoted(text) : ', with no error message'}). ` +
        'Check the values this step sends and try again.',
      'request_refused',
      status,
    );
  }
  if (status < 200 || status >= 300) {
    return new errors.Error(
      `${SERVICE_NAME} gave an unexpected answer to ${where} (HTTP ${status}). ${baseUrlHint(call)}`,
      'unexpected_status',
      status,
    );
  }

  const { body } = answer;
  if (isRecord(body) && body.status === false) {
    return new errors.Error(
      `${SERVICE_NAME} answered that the request failed${quoted(text)}. ` +
        'Nothing was reported as done; check the values this step sends and try again.',
      'service_failure',
      status,
    );
  }
  const empty = !answer.content.trim();
  if (body === undefined && (rule === 'json' || (rule === 'json-or-empty' && !empty))) {
    const kind = empty ? 'an empty body' : `"${answer.contentType || 'unknown'}" content`;
    return new errors.Error(
      `${SERVICE_NAME} answered ${where} with ${kind} instead of JSON, so the result cannot be trusted. ${baseUrlHint(call)}`,
      'invalid_response',
      status,
    );
  }
  return undefined;
}

const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset',
  'request-timeout': 'the request timed out',
};

/** The error for a request that got no answer at all. */
export function networkError(errors: ZErrors, call: CallContext, cause: unknown): Error {
  const record = isRecord(cause) ? cause : {};
  const code = [record.code, record.errno, record.type].find(
    (value): value is string => typeof value === 'string' && value in NETWORK_REASONS,
  );
  const reason = code ? NETWORK_REASONS[code] : 'no answer came back';
  return new errors.Error(
    `Could not reach ${SERVICE_NAME} at ${new URL(call.url).host} (${reason}). ` +
      `Try again in a few minutes. ${baseUrlHint(call)}`,
    'network_error',
  );
}
