// What a response says, read one way for every operation and by the error tables.
import { cutText } from '../text';
import type { SuccessCheck } from './endpoints';
import { idOf } from './ids';
import { isRecord } from './json';

/** A whole response, with the API key taken out of it. */
export interface ApiResponse {
  readonly status: number;
  readonly contentType: string;
  readonly content: string;
  /** The body parsed as JSON; undefined when it is empty or not JSON. */
  readonly data: unknown;
  readonly retryAfter: string | undefined;
  /** Where a redirect points; redirects are never followed. */
  readonly location: string | undefined;
  /** The service said that the subscription an unsubscribe removes is already deleted. */
  readonly alreadyDeleted: boolean;
}

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

/** What a `{ "data": … }` envelope holds (a list or an object), or the body itself when it is none. */
export const enveloped = (data: unknown): unknown =>
  isRecord(data) && (Array.isArray(data.data) || isRecord(data.data)) ? data.data : data;

const ownIdOf = (value: unknown): string | undefined =>
  isRecord(value) ? (idOf(value.id) ?? idOf(value._id)) : undefined;

/** The id a body names: `id` or `_id`, at the top or inside a `{ "data": … }` envelope. */
export const recordIdOf = (data: unknown): string | undefined =>
  ownIdOf(data) ?? ownIdOf(enveloped(data));

// What a 2xx body says. An `error` with words is a no, even beside a yes. Anything but the yes
// and the no below (`"TRUE"`, `1`, `"queued"`) is neither: a request that is not safe to retry
// may have gone through.
export function verdictOf(data: unknown): 'yes' | 'no' | 'neither' {
  if (!isRecord(data)) return 'neither';
  const { status, success, error } = data;
  if (status === false || status === 'false' || success === false || success === 'false')
    return 'no';
  const errorWords = isRecord(error) ? error.message : error;
  if (typeof errorWords === 'string' && errorWords.trim()) return 'no';
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
  // A subscription already deleted passes too, by its own row of RESPONSE_ERRORS.
  deleted: { holds: (data) => verdictOf(data) === 'yes', missing: 'no "status": true' },
};

// A 404 from no route, not from the service's own code: Express's `Cannot DELETE /api/…`, or a
// bare "Not Found" outside the service's `{"status": false}` shape.
export const namesMissingRoute = (data: unknown, text = ''): boolean =>
  /^cannot [a-z]+ \//i.test(text) ||
  (/^not found$/i.test(text) && !(isRecord(data) && data.status === false));

// The service's word that the subscription to remove is already deleted: its text saying so, a
// JSON 410, or a 404 in its `{"status": false}` shape.
export function saysAlreadyDeleted(response: Body & Pick<ApiResponse, 'status'>): boolean {
  const { status, data } = response;
  if (data === undefined) return false;
  const text = serviceText(response) ?? '';
  if (
    /not\s*found|no such|does not exist|doesn't exist/i.test(text) &&
    /subscription|webhook|hook/i.test(text)
  )
    return true;
  if (status === 410) return isRecord(data);
  return status === 404 && isRecord(data) && data.status === false;
}
