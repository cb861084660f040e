// Every failure of a request as the Zapier error a Zap builder reads: one chain, in order, top to
// bottom. The type says what the user must do: ExpiredAuthError to reconnect, ThrottledError to
// wait, HaltedError to change the input, an error for the rest. A request not safe to retry that
// got no clear response fails with "may have gone through", as an error: the Zap builder is
// e-mailed and checks, and no message promises what Zapier will or will not run again.
import type { ZObject } from 'zapier-platform-core';
import { isObject, isObjectId, recordIdOf, unwrapped } from '../lib/json';
import { cutText, quote } from '../lib/text';
import type { Endpoint } from './endpoints';

/** An input value a request sends, for a message that names the one the service refused. */
export interface SentField {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  /** The search step that finds such an id, for an id field: "Find Video". */
  readonly search?: string;
}

/** A whole response, as read once. */
export interface Response {
  readonly status: number;
  readonly text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  readonly data: unknown;
  readonly retryAfter: string | null;
}

/** One request and how it ended: a response, or a network failure. */
export interface Exchange {
  readonly endpoint: Endpoint;
  readonly url: string;
  /** The API key, taken out of every message and log line. */
  readonly key: string;
  readonly fields?: readonly SentField[];
  readonly response?: Response;
  readonly cause?: unknown;
  readonly timedOut?: boolean;
}

/** Stops core from adding the run's log to a message that is complete: only developers read it. */
export function doNotContextify<E extends Error>(error: E): E {
  return Object.assign(error, { doNotContextify: true });
}

/** The service's words for a key it refuses (docs/service-api.md). */
const BAD_KEY = /^(invalid signature|jwt malformed|jwt expired|invalid_user)$/i;

/** Failures before a byte of the request reached the service. */
const NOT_REACHED = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'];

/** The text with the API key taken out. */
const hidden = (text: string, key: string): string =>
  key ? text.split(key).join('[API key]') : text;

/** The service's own words, `error` or `message` of a JSON body or a plain-text body; '' if none. */
function serviceText({ data, text }: Response, key = ''): string {
  const words = isObject(data) ? [data.error, data.message].find(hasWords) : undefined;
  // A page (HTML) is no words of the service.
  const plain = data === undefined && !/^\s*</.test(text);
  const said = typeof words === 'string' ? words : plain ? text.slice(0, 1_000) : '';
  return cutText(hidden(said.trim(), key), 200);
}
const hasWords = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** A body that says no: `"status": false`, or an `error` with words, even beside a yes. */
const saysNo = (data: unknown): boolean =>
  isObject(data) && (data.status === false || hasWords(data.error));

/** What a 2xx must hold for the request to count as done. */
const CONFIRMED: Readonly<Record<Endpoint['confirms'], (response: Response) => boolean>> = {
  json: ({ data }) => data !== undefined,
  list: ({ data }) => Array.isArray(unwrapped(data)),
  status: ({ data }) => isObject(data) && data.status === true,
  id: ({ data }) => recordIdOf(data) !== undefined,
  removal: ({ data, text }) => data !== undefined || text.trim() === '',
};

/** The service's word that a subscription to remove is already gone. */
export const saysGone = (response: Response): boolean =>
  ((response.status === 404 || response.status === 410) && isObject(response.data)) ||
  /not found|no such|does not exist/i.test(serviceText(response));

// The wait Zapier is asked for: Retry-After in seconds or as a date, else a minute; at least
// 10 seconds, as 0 would repeat the request at once, and at most an hour.
function retryDelayOf(retryAfter: string | null, now = Date.now()): number {
  const value = retryAfter?.trim() ?? '';
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Math.min(Math.max(Math.ceil(Number.isNaN(seconds) ? 60 : seconds), 10), 3_600);
}

/** What went wrong, for the developers' log: the request, and the response's start or the cause. */
function logLine({ endpoint, url, key, response, cause, timedOut }: Exchange): string {
  const what = response
    ? `HTTP ${response.status}: ${JSON.stringify(cutText(hidden(response.text.slice(0, 1_000), key).trim(), 300))}`
    : timedOut
      ? 'no whole response before the deadline'
      : String((cause as { message?: unknown } | undefined)?.message ?? cause);
  return hidden(`${endpoint.method} ${url} failed: ${what}`, key);
}

/** The error for an exchange, logged for the developers; undefined when it succeeded. */
export function errorFor(z: ZObject, exchange: Exchange): Error | undefined {
  const error = chain(z.errors, exchange);
  if (error) z.console.log(logLine(exchange));
  return error && doNotContextify(error);
}

function chain(errors: ZObject['errors'], exchange: Exchange): Error | undefined {
  const { endpoint, fields = [], response, timedOut } = exchange;
  const { work, unclear } = endpoint;
  const cause = (exchange.cause ?? {}) as { code?: unknown; type?: unknown };
  const fail = (code: string, message: string) => new errors.Error(message, code, response?.status);
  // What happened, then what to do; for a request not safe to retry, that it may have gone through.
  const failOrUnclear = (what: string, code: string, advice: string) =>
    unclear ? fail('outcome_unknown', `${what} ${unclear}`) : fail(code, `${what} ${advice}`);
  const retryLater = 'Try again in a few minutes; if it keeps happening, contact CRMGrow support.';

  // No whole response.
  if (!response) {
    if (timedOut) {
      return failOrUnclear(
        `CRMGrow did not answer in time while ${work}.`,
        'timeout',
        'Try again in a few minutes; if it keeps happening, CRMGrow may be having trouble.',
      );
    }
    if (cause.type === 'max-size') {
      return failOrUnclear(
        `CRMGrow's response while ${work} was larger than this integration reads.`,
        'response_too_large',
        'Nothing was taken from it. If it keeps happening, contact CRMGrow support.',
      );
    }
    if (NOT_REACHED.includes(String(cause.code))) {
      return fail(
        'network_error',
        `Could not reach CRMGrow while ${work}, so nothing was sent. Try again in a few minutes.`,
      );
    }
    const what = `The connection to CRMGrow broke while ${work}.`;
    return failOrUnclear(what, 'network_error', 'Try again in a few minutes.');
  }

  // A whole response.
  const { status } = response;
  const text = serviceText(response, exchange.key);
  const saying = text && `: ${quote(text, 200)}`;
  const fieldOf = (key: string) => fields.find((field) => field.key === key);
  if (status >= 300 && status <= 399) {
    return fail(
      'redirect',
      `CRMGrow answered with a redirect while ${work}, and this integration follows no redirect. If it keeps happening, contact CRMGrow support.`,
    );
  }
  if (status === 401 || BAD_KEY.test(text)) {
    return new errors.ExpiredAuthError(
      `CRMGrow refused the API key${saying}. Copy your API key from CRMGrow and reconnect your ` +
        'CRMGrow account in Zapier.',
    );
  }
  if (status === 429) {
    const delay = retryDelayOf(response.retryAfter);
    return new errors.ThrottledError(
      `CRMGrow is receiving too many requests${saying}. Zapier will retry in about ${delay} seconds.`,
      delay,
    );
  }
  if (status === 404 && !isObject(response.data)) {
    return fail(
      'endpoint_not_found',
      `CRMGrow does not know the address this integration uses for ${work}: the integration may be set up with a wrong address for CRMGrow. Contact CRMGrow support.`,
    );
  }
  if (status >= 500) {
    // The service fails this way on an id that is not one of its ids: the input must change.
    const id = fields.find((field) => field.search && !isObjectId(field.value));
    if (id) {
      return new errors.HaltedError(
        `${quote(id.value)} in "${id.label}" is not a CRMGrow ID, and CRMGrow failed on it` +
          `${saying}. Choose from the "${id.label}" dropdown, or map the ID from a ` +
          `"${id.search}" step.`,
      );
    }
    if (!unclear && (status === 502 || status === 503 || status === 504)) {
      const delay = retryDelayOf(response.retryAfter);
      return new errors.ThrottledError(
        `CRMGrow is unavailable for now${saying}. Zapier will retry in about ${delay} seconds.`,
        delay,
      );
    }
    return failOrUnclear(
      `CRMGrow had a problem while ${work}${saying}.`,
      'server_error',
      retryLater,
    );
  }
  const refused = status < 200 || status > 299 || saysNo(response.data);
  if (refused && endpoint.goneIsDone && saysGone(response)) return undefined;
  if (refused) {
    const email = fieldOf('email');
    const template = fieldOf('template_id');
    if (/suspended/i.test(text)) {
      return fail(
        'account_suspended',
        `Your CRMGrow account is suspended${saying}. Sign in to CRMGrow to restore it, then try again.`,
      );
    }
    if (email && /email address/i.test(text)) {
      return new errors.HaltedError(
        `CRMGrow refused the email address ${quote(email.value)} in "${email.label}"${saying}. ` +
          'Map a valid email address to this field.',
      );
    }
    if (template && /not selected templ/i.test(text)) {
      return new errors.HaltedError(
        `CRMGrow could not find the template ${quote(template.value)} chosen in ` +
          `"${template.label}"${saying}. Choose a template from the dropdown, or map the ID of ` +
          'one that exists.',
      );
    }
    if (email && /^send error$/i.test(text)) {
      return fail(
        'delivery_failed',
        `CRMGrow could not deliver the email to ${quote(email.value)}${saying}. Check the address and the email settings of your CRMGrow account, then run the step again.`,
      );
    }
    if (fields.length > 0) {
      return new errors.HaltedError(
        `CRMGrow refused ${work}${saying}. Check the values this step sends, then try again.`,
      );
    }
    return fail(
      'request_refused',
      `CRMGrow refused ${work}${saying}. If it keeps happening, contact CRMGrow support.`,
    );
  }
  if (CONFIRMED[endpoint.confirms](response)) return undefined;
  if (unclear)
    return fail('outcome_unknown', `CRMGrow's response did not confirm ${work}. ${unclear}`);
  return fail(
    'invalid_response',
    `CRMGrow sent a response this integration cannot read while ${work}. ${retryLater}`,
  );
}
