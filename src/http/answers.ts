// The one reading of what a 2xx answer says, for every operation: whether it
// says yes, no or neither, what an envelope holds, and whether it holds what
// the endpoint's answer rule needs. The error layer's table (ANSWER_RULES)
// and the operations read answers through these alone.
import type { AnswerRule } from './endpoints';
import { isRecord } from './json';

/**
 * What a `{ "data": … }` envelope holds (a list or an object), or the answer
 * itself when it is none. The lists, the samples and subscribe read it alike.
 */
export const enveloped = (body: unknown): unknown =>
  isRecord(body) && (Array.isArray(body.data) || isRecord(body.data)) ? body.data : body;

/** An id as it is kept: a non-blank string, or a number JSON held exactly, as its string form. */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Number.isSafeInteger(value)) return String(value);
  return undefined;
}

const ownIdOf = (value: unknown): string | undefined =>
  isRecord(value) ? (idOf(value.id) ?? idOf(value._id)) : undefined;

/**
 * The id of the record an answer (or a stored subscription) names: `id`, or
 * the interface's `_id`, at the top or inside a `{ "data": … }` envelope.
 */
export const recordIdOf = (body: unknown): string | undefined =>
  ownIdOf(body) ?? ownIdOf(enveloped(body));

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
 * the service did not say, and a write may have happened.
 */
export function verdictOf(body: unknown): 'yes' | 'no' | 'neither' {
  if (!isRecord(body)) return 'neither';
  const { status, success, error } = body;
  if (status === false || status === 'false' || success === false || success === 'false')
    return 'no';
  if (errorWords(error)) return 'no';
  return status === true || status === 'true' ? 'yes' : 'neither';
}

/** What a 2xx answer must hold under each rule to confirm the request, and its name in a message. */
export const CONFIRMS: Readonly<
  Record<AnswerRule, { readonly holds: (body: unknown) => boolean; readonly missing: string }>
> = {
  json: { holds: (body) => body !== undefined, missing: 'no JSON' },
  list: { holds: (body) => Array.isArray(enveloped(body)), missing: 'no list' },
  confirmed: { holds: (body) => verdictOf(body) === 'yes', missing: 'no "status": true' },
  subscribed: { holds: (body) => recordIdOf(body) !== undefined, missing: 'no usable id' },
  unsubscribed: { holds: (body) => verdictOf(body) === 'yes', missing: 'no "status": true' },
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
export const namesMissingRoute = (body: unknown, text = ''): boolean =>
  ROUTE_WORDS.test(text) || (STATUS_WORDS.test(text) && !(isRecord(body) && body.status === false));

const SAYS_NOT_FOUND = /not\s*found|no such|does not exist|doesn't exist/i;
const NAMES_SUBSCRIPTION = /subscription|webhook|hook/i;

/**
 * The service's word that the subscription to remove does not exist: its own
 * text saying so ("Subscription not found"), a JSON 410, or a 404 in its
 * error shape (`{"status": false, …}`). Never an answer that is not JSON; the
 * error layer's rows for 401, 429, 5xx and missing routes come before this.
 */
export function saysGone(status: number, body: unknown, text: string | undefined): boolean {
  if (body === undefined) return false;
  if (text && SAYS_NOT_FOUND.test(text) && NAMES_SUBSCRIPTION.test(text)) return true;
  if (status === 410) return isRecord(body);
  return status === 404 && isRecord(body) && body.status === false;
}
