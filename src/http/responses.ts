// What a response says, read one way for every operation: the service's own
// words, whether a 2xx says yes, no or neither, what an envelope holds, and
// whether a 2xx holds what the endpoint's success check needs. The error
// tables and the operations read responses through these alone.
import { cutText } from '../text';
import type { SuccessCheck } from './endpoints';
import { idOf } from './ids';
import { isRecord } from './json';

/** A whole response, with the API key taken out of it. */
export interface ApiResponse {
  readonly status: number;
  readonly contentType: string;
  /** The body as text. */
  readonly content: string;
  /** The body parsed as JSON, once; undefined when it is empty or not JSON. */
  readonly data: unknown;
  readonly retryAfter: string | undefined;
  /** Where a redirect points, shown in the message; redirects are never followed. */
  readonly location: string | undefined;
  /** The service said that the subscription an unsubscribe removes is already deleted. */
  readonly alreadyDeleted: boolean;
}

/** The part of a response its words are read from. */
type Body = Pick<ApiResponse, 'contentType' | 'content' | 'data'>;

export const looksLikeHtml = ({ contentType, content }: Body): boolean =>
  contentType.includes('html') || /^\s*</.test(content);

/** The service's own words: `error`, `message`, `msg` or `errors` of a JSON body, or short plain text. */
export function serviceText(response: Body): string | undefined {
  const { data } = response;
  if (isRecord(data)) {
    for (const key of ['error', 'message', 'msg', 'errors'] as const) {
      const value = data[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
      if (isRecord(value) && typeof value.message === 'string') return value.message.trim();
    }
    return undefined;
  }
  const text = response.content.trim();
  if (!text || looksLikeHtml(response) || data !== undefined) return undefined;
  return cutText(text, 200);
}

/**
 * What a `{ "data": … }` envelope holds (a list or an object), or the body
 * itself when it is none. The lists, the samples and subscribe read it alike.
 */
export const enveloped = (data: unknown): unknown =>
  isRecord(data) && (Array.isArray(data.data) || isRecord(data.data)) ? data.data : data;

const ownIdOf = (value: unknown): string | undefined =>
  isRecord(value) ? (idOf(value.id) ?? idOf(value._id)) : undefined;

/**
 * The id of the record a body (or a stored subscription) names: `id`, or the
 * interface's `_id`, at the top or inside a `{ "data": … }` envelope.
 */
export const recordIdOf = (data: unknown): string | undefined =>
  ownIdOf(data) ?? ownIdOf(enveloped(data));

/** The words of an `error` field: a non-blank string, or an object's non-blank `message`. */
const errorWords = (value: unknown): string => {
  const words = isRecord(value) ? value.message : value;
  return typeof words === 'string' ? words.trim() : '';
};

/**
 * What a 2xx body says of the request. `yes`: `"status": true`, or the text
 * `"true"` a serialiser makes of it. `no`: `"status": false` or `"false"`,
 * `"success": false` or `"false"`, or an `error` with words (even beside a
 * yes). Anything else (`"TRUE"`, `1`, `"queued"`, no `status`) is `neither`:
 * the service did not say, and a request that is not safe to retry may have gone through.
 */
export function verdictOf(data: unknown): 'yes' | 'no' | 'neither' {
  if (!isRecord(data)) return 'neither';
  const { status, success, error } = data;
  if (status === false || status === 'false' || success === false || success === 'false')
    return 'no';
  if (errorWords(error)) return 'no';
  return status === true || status === 'true' ? 'yes' : 'neither';
}

/** What a 2xx body must hold under each success check, and what a message calls its lack. */
export const SUCCESS: Readonly<
  Record<SuccessCheck, { readonly holds: (data: unknown) => boolean; readonly missing: string }>
> = {
  json: { holds: (data) => data !== undefined, missing: 'no JSON' },
  list: { holds: (data) => Array.isArray(enveloped(data)), missing: 'no list' },
  statusTrue: { holds: (data) => verdictOf(data) === 'yes', missing: 'no "status": true' },
  id: { holds: (data) => recordIdOf(data) !== undefined, missing: 'no usable id' },
  deleted: { holds: (data) => verdictOf(data) === 'yes', missing: 'no "status": true' },
};

/** Express's words for a route it does not have: `Cannot DELETE /api/…`. */
const ROUTE_WORDS = /^cannot [a-z]+ \//i;
/** A gateway's or framework's 404 in the words of the status alone. */
const STATUS_WORDS = /^not found$/i;

/**
 * The words of a 404 from something other than the service's own code:
 * Express's text for a missing route (in a page or in JSON), or a bare "Not
 * Found" outside the service's error shape (`{"status": false, …}`).
 */
export const namesMissingRoute = (data: unknown, text = ''): boolean =>
  ROUTE_WORDS.test(text) || (STATUS_WORDS.test(text) && !(isRecord(data) && data.status === false));

const SAYS_NOT_FOUND = /not\s*found|no such|does not exist|doesn't exist/i;
const NAMES_SUBSCRIPTION = /subscription|webhook|hook/i;

/**
 * The service's word that the subscription to remove is already deleted: its
 * own text saying so ("Subscription not found"), a JSON 410, or a 404 in its
 * error shape (`{"status": false, …}`). Never a body that is not JSON.
 */
export function saysAlreadyDeleted(response: Body & Pick<ApiResponse, 'status'>): boolean {
  const { status, data } = response;
  if (data === undefined) return false;
  const text = serviceText(response);
  if (text && SAYS_NOT_FOUND.test(text) && NAMES_SUBSCRIPTION.test(text)) return true;
  if (status === 410) return isRecord(data);
  return status === 404 && isRecord(data) && data.status === false;
}
