// Every failure of a request as the Zapier error a Zap builder reads: one chain, in order, top to
// bottom. Which error type when, and Zapier's docs it rests on: docs/behaviour.md, "Failures".
import type { ZObject } from 'zapier-platform-core';
import { doNotContextify } from '../lib/errors';
import type { SentField } from '../lib/inputs';
import { isObject, isObjectId, recordIdOf, recordOf, contentOf } from '../lib/json';
import { LISTS, searchLabelOf, type ListKey } from '../lib/lists';
import { truncate, quote } from '../lib/text';
import type { Endpoint } from './endpoints';

export interface Response {
  readonly status: number;
  readonly text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  readonly data: unknown;
  readonly retryAfter: string | null;
}

export interface RequestResult {
  readonly endpoint: Endpoint;
  readonly url: string;
  /** The API key, redacted from every message and log line. */
  readonly key: string;
  readonly fields?: readonly SentField[];
  readonly response?: Response;
  readonly cause?: unknown;
  readonly timedOut?: boolean;
}

/** The service's words for a key it refuses (docs/service-api.md). */
const BAD_KEY = /^(invalid signature|jwt malformed|jwt expired|invalid_user)$/i;

/** The web app's guard, which answers any API key so (Teamgrow-Backend a2ec244,
 * src/middleware/auth.js, checkAppJwtAuth): the address is wrong, not the key. */
const NOT_FOR_API_KEYS = /^authorization failed$/i;

/** Failures before a byte of the request reached the service. */
const NOT_REACHED = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'];

/** Express's answer for a route it does not have, as HTML or in JSON: "Cannot DELETE /api/…". */
const MISSING_ROUTE = /Cannot [A-Z]+ \//;

/** The longest message, so that it reads at a glance in Zap history. */
const MAX_MESSAGE = 250;

const mayHaveHappened = (what: string) =>
  `${what} all the same. Check in CRMGrow before you run this step again: if Autoreplay is on, ` +
  'Zapier may run it again by itself.';

const MAY_HAVE_HAPPENED = {
  email: mayHaveHappened('The email may have been sent'),
  note: mayHaveHappened('The note may have been added'),
  contact: mayHaveHappened('The contact may have been added'),
  task: mayHaveHappened('The task may have been added'),
  automation: mayHaveHappened('The contact may have been added to the automation'),
  subscription:
    'CRMGrow may have subscribed the Zap all the same, and would then send its events twice: ' +
    'ask CRMGrow support to check before you turn the Zap on again.',
} as const satisfies Record<NonNullable<Endpoint['notIdempotent']>, string>;

/** The words CRMGrow sends when an item a step chose is gone, by the list it came from. */
const NOT_FOUND: Partial<Record<ListKey, RegExp>> = {
  template: /not selected templ/i,
  automation: /^automation not found$/i,
};

/** Why CRMGrow will not start an automation for this account, in its words (Teamgrow-Backend
 * a2ec244, src/controllers/time_line.js, create: 406, 408 and 412), and what the builder does. */
const AUTOMATION_BLOCKERS: Readonly<Record<string, string>> = {
  'no email connected':
    'your CRMGrow account has no connected email. Connect Gmail or Outlook in CRMGrow, then try again.',
  'no phone':
    'your CRMGrow account has no phone number for texts. Add one in CRMGrow, then try again.',
  'exceed max active automations':
    'your CRMGrow account already runs as many automations as its plan allows. End some in CRMGrow or upgrade the plan, then try again.',
  'disable create automations':
    'automations are turned off for your CRMGrow account. Turn them on in CRMGrow, or ask its owner to, then try again.',
};

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const redacted = (text: string, key: string): string =>
  key ? text.split(key).join('[API key]') : text;

/** The service's own words: `error` or `message` of a JSON body, or a plain-text body; '' if none. */
function errorTextOf({ data, text }: Response, key = ''): string {
  const words = isObject(data) ? [listedWords(data.error), data.message].find(hasWords) : undefined;
  // An HTML body holds no words of the service.
  const plain = data === undefined && !/^\s*</.test(text);
  const said = typeof words === 'string' ? words : plain ? text.slice(0, 1_000) : '';
  return redacted(said.trim(), key);
}

/** A code such as `internal_server_error` is no words for people: a message leaves it out. */
const forPeople = (words: string): string => (/^[a-z\d]+(_[a-z\d]+)+$/i.test(words) ? '' : words);
const hasWords = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';
/** `error` as text; a list of `{error}` (an automation's answer for each contact) as its words. */
const listedWords = (error: unknown): unknown =>
  Array.isArray(error)
    ? [...new Set(error.map((one) => (isObject(one) ? one.error : one)).filter(hasWords))].join(' ')
    : error;

/** The message, then CRMGrow's words for people, cut to what room is left under MAX_MESSAGE. */
function withWords(message: string, words: string): string {
  const lead = ' CRMGrow said: ';
  const room = MAX_MESSAGE - message.length - lead.length - 2;
  return forPeople(words) && room >= 12 ? `${message}${lead}${quote(words, room)}` : message;
}

/** A refusal in a 2xx: `"status": false` (or "false" as text), or an `error` with words. */
const isRefusal = (data: unknown): boolean =>
  isObject(data) && (data.status === false || data.status === 'false' || hasWords(data.error));

const SUCCESS_CHECKS: Readonly<Record<Endpoint['successCheck'], (response: Response) => boolean>> =
  {
    json: ({ data }) => data !== undefined,
    list: ({ data }) => Array.isArray(contentOf(data)),
    status: ({ data }) => isObject(data) && data.status === true,
    id: ({ data }) => recordIdOf(data) !== undefined,
    record: ({ data }) =>
      isObject(data) && data.status === true && recordIdOf(recordOf(data.data)) !== undefined,
    removal: ({ data, text }) => data !== undefined || text.trim() === '',
  };

/** Express's answer for a route it does not have: a 404 that is no JSON object, or its words. */
export const isMissingRoute = (response: Response): boolean =>
  response.status === 404 &&
  (!isObject(response.data) || MISSING_ROUTE.test(errorTextOf(response)));

export const isAlreadyGone = (response: Response): boolean =>
  ((response.status === 404 || response.status === 410) && isObject(response.data)) ||
  /not found|no such|does not exist/i.test(errorTextOf(response));

// The wait Zapier is asked for: Retry-After in seconds or as a date, else a minute; at least
// 10 seconds, as 0 would repeat the request at once, and at most an hour.
function retryDelayOf(retryAfter: string | null, now = Date.now()): number {
  const value = retryAfter?.trim() ?? '';
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Math.min(Math.max(Math.ceil(Number.isNaN(seconds) ? 60 : seconds), 10), 3_600);
}

function logLine({ endpoint, url, key, response, cause, timedOut }: RequestResult): string {
  const what = response
    ? `HTTP ${response.status}: ${JSON.stringify(truncate(response.text.slice(0, 1_000).trim(), 300))}`
    : timedOut
      ? 'no whole response before the timeout'
      : String((cause as { message?: unknown } | undefined)?.message ?? cause);
  return redacted(`${endpoint.method} ${url} failed: ${what}`, key);
}

/** The error for a request's result, logged for the developers; undefined when it succeeded. */
export function errorFor(z: ZObject, result: RequestResult): Error | undefined {
  const error = chain(z.errors, result);
  const routes =
    result.response && NOT_FOR_API_KEYS.test(errorTextOf(result.response))
      ? ' These routes take no API key: set API_ROUTES=api-v2 (README, Configuration).'
      : '';
  if (error) z.console.log(`${logLine(result)}${routes}`);
  return error && doNotContextify(error);
}

function chain(errors: ZObject['errors'], result: RequestResult): Error | undefined {
  const { endpoint, fields = [], response, timedOut } = result;
  const { work, notIdempotent } = endpoint;
  const cause = (result.cause ?? {}) as { code?: unknown; type?: unknown };
  const words = response ? errorTextOf(response, result.key) : '';
  const fail = (code: string, message: string) =>
    new errors.Error(withWords(message, words), code, response?.status);
  const halt = (message: string) => new errors.HaltedError(withWords(message, words));
  const throttle = (message: string, delay: number) =>
    new errors.ThrottledError(withWords(message, words), delay);
  // What happened, then what to do; for a request not idempotent, that it may have gone through.
  const failOrMayHaveHappened = (what: string, code: string, advice: string) =>
    notIdempotent
      ? fail('outcome_unknown', `${what} ${MAY_HAVE_HAPPENED[notIdempotent]}`)
      : fail(code, `${what} ${advice}`);
  const retryLater = 'Try again in a few minutes; if it keeps happening, contact CRMGrow support.';

  // No whole response.
  if (!response) {
    if (timedOut) {
      return failOrMayHaveHappened(
        `CRMGrow did not answer in time while ${work}.`,
        'timeout',
        'Try again in a few minutes; if it keeps happening, CRMGrow may be having trouble.',
      );
    }
    if (cause.type === 'max-size') {
      return failOrMayHaveHappened(
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
    return failOrMayHaveHappened(what, 'network_error', 'Try again in a few minutes.');
  }

  // A whole response.
  const { status } = response;
  const fieldOf = (key: string) => fields.find((field) => field.key === key);
  if (status >= 300 && status <= 399) {
    return fail(
      'redirect',
      `CRMGrow answered with a redirect while ${work}, and this integration follows no redirect. If it keeps happening, contact CRMGrow support.`,
    );
  }
  if (NOT_FOR_API_KEYS.test(words)) {
    return fail(
      'wrong_routes',
      `CRMGrow refused the address this integration uses for ${work}, as it takes no API key: the integration is set up wrongly. Contact whoever provides this integration.`,
    );
  }
  if (status === 401 || BAD_KEY.test(words)) {
    const message =
      "CRMGrow refused the API key. Copy the key from CRMGrow's Settings > Integration page and paste it into your CRMGrow connection in Zapier.";
    return new errors.ExpiredAuthError(withWords(message, words));
  }
  // Zapier retries a ThrottledError after the delay in a live run (docs: error handling); in a
  // test of the step or a dropdown the message is all there is, so it says only what CRMGrow asked.
  if (status === 429) {
    const delay = retryDelayOf(response.retryAfter);
    return throttle(
      `CRMGrow is receiving too many requests and asked to wait: try again in about ${delay} seconds.`,
      delay,
    );
  }
  if (isMissingRoute(response)) {
    return fail(
      'endpoint_not_found',
      `CRMGrow does not know the address this integration uses for ${work}: the integration may be set up with a wrong address for CRMGrow. Contact CRMGrow support.`,
    );
  }
  if (status >= 500) {
    // The service fails this way on an id that is not one of its ids: the Zap's mapping must change.
    const id = fields.find((field) => field.format === 'id' && !isObjectId(field.value));
    if (id?.listKey) {
      return fail(
        'invalid_id',
        `${quote(id.value, 40)} in "${id.label}" is not a CRMGrow ID, and CRMGrow failed on it. Choose from the "${id.label}" dropdown, or map the ID from ${'dropdownOnly' in LISTS[id.listKey] ? 'an earlier step' : `a "${searchLabelOf(id.listKey)}" step`}.`,
      );
    }
    if (!notIdempotent && (status === 502 || status === 503 || status === 504)) {
      const delay = retryDelayOf(response.retryAfter);
      return throttle(
        `CRMGrow is unavailable for now: try again in about ${delay} seconds.`,
        delay,
      );
    }
    return failOrMayHaveHappened(
      `CRMGrow had a problem while ${work}.`,
      'server_error',
      retryLater,
    );
  }
  const refused = status < 200 || status > 299 || isRefusal(response.data);
  if (refused && endpoint.alreadyGoneIsSuccess && isAlreadyGone(response)) return undefined;
  if (refused) {
    const email = fieldOf('email');
    const template = fieldOf('template_id');
    const material = fields.find((field) => field.listKey && field !== template);
    if (/suspended/i.test(words)) {
      return fail(
        'account_suspended',
        'Your CRMGrow account is suspended. Sign in to CRMGrow to restore it, then try again.',
      );
    }
    // This record's address: one of the failures that are the data's, not the Zap's.
    if (email && /email address/i.test(words)) {
      return halt(
        `CRMGrow refused the email address ${quote(email.value, 60)} in "${email.label}". Map a valid email address to this field.`,
      );
    }
    // This record is in CRMGrow already (contact.js, create), or in the automation (time_line.js).
    const taken = /^(email|phone number) must be unique/i.exec(words);
    if (taken) {
      const phone = taken[1]?.toLowerCase() !== 'email';
      const field = fieldOf(phone ? 'cell_phone' : 'email');
      return halt(
        `A contact with the ${phone ? 'cell phone' : 'email'} ${quote(field?.value ?? '', 60)} is already in CRMGrow, so none was added. This step adds new contacts only.`,
      );
    }
    if (email && /same automation is already running/i.test(words)) {
      return halt(
        `The contact ${quote(email.value, 60)} is already in this automation, so it was not added again.`,
      );
    }
    const blocker = new Map(Object.entries(AUTOMATION_BLOCKERS)).get(words.toLowerCase());
    if (blocker) {
      return fail('automation_unavailable', `CRMGrow could not start the automation: ${blocker}`);
    }
    const gone = fields.find((field) => field.listKey && NOT_FOUND[field.listKey]?.test(words));
    if (gone?.listKey) {
      const { singular, withArticle } = LISTS[gone.listKey];
      return fail(
        `${gone.listKey}_not_found`,
        `CRMGrow could not find the ${singular} ${quote(gone.value, 40)} chosen in "${gone.label}": it may have been deleted. Choose ${withArticle} from the dropdown, or map the ID of one that exists.`,
      );
    }
    // All CRMGrow says when its mail failed: an unsubscribed contact, the daily limit, or no working
    // mailbox (Teamgrow-Backend a2ec244, src/controllers/developer.js, sendVideo; src/helpers/email.js).
    if (email && material && /^send error$/i.test(words)) {
      return fail(
        'delivery_failed',
        `CRMGrow could not email ${quote(email.value, 60)}: the contact may have unsubscribed, or your account may have reached its daily email limit or lost its connected Gmail, Outlook or SMTP mailbox. Check them in CRMGrow.`,
      );
    }
    return fail(
      'request_refused',
      fields.length > 0
        ? `${capitalized(work)} failed: CRMGrow refused it. Check the values this step sends, then try again.`
        : `${capitalized(work)} failed: CRMGrow refused it. If it keeps happening, contact CRMGrow support.`,
    );
  }
  if (SUCCESS_CHECKS[endpoint.successCheck](response)) return undefined;
  if (notIdempotent) {
    return fail(
      'outcome_unknown',
      `CRMGrow's response did not confirm ${work}. ${MAY_HAVE_HAPPENED[notIdempotent]}`,
    );
  }
  return fail(
    'invalid_response',
    `CRMGrow sent a response this integration cannot read while ${work}. ${retryLater}`,
  );
}
