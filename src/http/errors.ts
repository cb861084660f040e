// Every failure of a request as the Zapier error a Zap builder reads: RULES, an ordered list of named
// rules, the first that matches wins. Which error type when, and Zapier's docs it rests on:
// docs/behaviour.md, "Failures".
import type { ZObject } from 'zapier-platform-core';
import { doNotContextify, type SentField } from '../lib/inputs';
import { isObject, isObjectId, recordIdOf, recordOf, contentOf } from '../lib/json';
import { LISTS, searchLabelOf, type ListKey } from '../lib/crmgrow-lists';
import { quote, redacted, truncate } from '../lib/text';
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
    'json-or-empty': ({ data, text }) => data !== undefined || text.trim() === '',
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

/** What the rules read of a request's result. */
interface Seen {
  readonly endpoint: Endpoint;
  /** What the step was doing: "listing your videos". */
  readonly activity: string;
  readonly response: Response | undefined;
  /** 0 without a whole response. */
  readonly status: number;
  /** CRMGrow's own words, the key redacted. */
  readonly words: string;
  readonly timedOut: boolean;
  readonly cause: { readonly code?: unknown; readonly type?: unknown };
  /** A non-2xx, or a 2xx that refuses. */
  readonly refused: boolean;
  readonly fields: readonly SentField[];
  readonly field: (key: string) => SentField | undefined;
}

/** What a rule gives: a Zapier error, with its message before CRMGrow's words, or success. */
type Outcome =
  | { readonly error: 'Error'; readonly code: string; readonly message: string }
  | { readonly error: 'HaltedError' | 'ExpiredAuthError'; readonly message: string }
  | { readonly error: 'ThrottledError'; readonly message: string; readonly delay: number }
  | { readonly error: 'none' };

interface Rule {
  readonly name: string;
  /** What the rule matches: something (the field at fault, the words) where it matches. */
  readonly matches: (seen: Seen) => unknown;
  readonly gives: (seen: Seen, found: never) => Outcome;
}

/** A row: its name, what it matches, and the outcome it gives, from what `matches` found. */
const rule = <T>(
  name: string,
  matches: (seen: Seen) => T | false | null | undefined,
  gives: (seen: Seen, found: T) => Outcome,
): Rule => ({ name, matches, gives });

const fail = (code: string, message: string): Outcome => ({ error: 'Error', code, message });
const halt = (message: string): Outcome => ({ error: 'HaltedError', message });
const SUCCESS: Outcome = { error: 'none' };
// What happened, then what to do; for a request not idempotent, that it may have gone through.
const failOrMayHaveHappened = ({ endpoint }: Seen, what: string, code: string, advice: string) =>
  endpoint.notIdempotent
    ? fail('outcome_unknown', `${what} ${MAY_HAVE_HAPPENED[endpoint.notIdempotent]}`)
    : fail(code, `${what} ${advice}`);
const TRY_AGAIN = 'Try again in a few minutes.';
const RETRY_LATER = 'Try again in a few minutes; if it keeps happening, contact CRMGrow support.';
const SUPPORT = 'If it keeps happening, contact CRMGrow support.';
const waitFor = ({ response }: Seen) => retryDelayOf(response?.retryAfter ?? null);
const noResponse = ({ response }: Seen) => response === undefined;

/** The rules, in order: the first that matches gives the outcome. */
const RULES: readonly Rule[] = [
  // No whole response.
  rule(
    'timeout',
    (seen) => noResponse(seen) && seen.timedOut,
    (seen) =>
      failOrMayHaveHappened(
        seen,
        `CRMGrow did not answer in time while ${seen.activity}.`,
        'timeout',
        'Try again in a few minutes; if it keeps happening, CRMGrow may be having trouble.',
      ),
  ),
  rule(
    'too large',
    (seen) => noResponse(seen) && seen.cause.type === 'max-size',
    (seen) =>
      failOrMayHaveHappened(
        seen,
        `CRMGrow's response while ${seen.activity} was larger than this integration reads.`,
        'response_too_large',
        `Nothing was taken from it. ${SUPPORT}`,
      ),
  ),
  rule(
    'not reached',
    (seen) => noResponse(seen) && NOT_REACHED.includes(String(seen.cause.code)),
    ({ activity }) =>
      fail(
        'network_error',
        `Could not reach CRMGrow while ${activity}, so nothing was sent. ${TRY_AGAIN}`,
      ),
  ),
  rule('connection broke', noResponse, (seen) =>
    failOrMayHaveHappened(
      seen,
      `The connection to CRMGrow broke while ${seen.activity}.`,
      'network_error',
      TRY_AGAIN,
    ),
  ),
  // A whole response.
  rule(
    'redirect',
    ({ status }) => status >= 300 && status <= 399,
    ({ activity }) =>
      fail(
        'redirect',
        `CRMGrow answered with a redirect while ${activity}, and this integration follows no redirect. ${SUPPORT}`,
      ),
  ),
  rule(
    'no API key taken',
    ({ words }) => NOT_FOR_API_KEYS.test(words),
    ({ activity }) =>
      fail(
        'wrong_routes',
        `CRMGrow refused the address this integration uses for ${activity}, as it takes no API key: the integration is set up wrongly. Contact whoever provides this integration.`,
      ),
  ),
  rule(
    'key refused',
    ({ status, words }) => status === 401 || BAD_KEY.test(words),
    () => ({
      error: 'ExpiredAuthError',
      message:
        "CRMGrow refused the API key. Copy the key from CRMGrow's Settings > Integration page and paste it into your CRMGrow connection in Zapier.",
    }),
  ),
  // Zapier retries a ThrottledError after the delay in a live run (docs: error handling); in a
  // test of the step or a dropdown the message is all there is, so it says only what CRMGrow asked.
  rule(
    'too many requests',
    ({ status }) => status === 429 && waitFor,
    (seen, delay) => ({
      error: 'ThrottledError',
      delay: delay(seen),
      message: `CRMGrow is receiving too many requests and asked to wait: try again in about ${delay(seen)} seconds.`,
    }),
  ),
  rule(
    'missing route',
    ({ response }) => response && isMissingRoute(response),
    ({ activity }) =>
      fail(
        'endpoint_not_found',
        `CRMGrow does not know the address this integration uses for ${activity}: the integration may be set up with a wrong address for CRMGrow. Contact CRMGrow support.`,
      ),
  ),
  // The service fails this way on an id that is not one of its ids: the Zap's mapping must change.
  rule(
    'not an id',
    ({ status, fields }) =>
      status >= 500 &&
      fields.find((field) => field.format === 'id' && field.listKey && !isObjectId(field.value)),
    (_, { value, label, listKey = 'video' }) => {
      const step =
        'dropdownOnly' in LISTS[listKey] ? 'an earlier step' : `a "${searchLabelOf(listKey)}" step`;
      return fail(
        'invalid_id',
        `${quote(value, 40)} in "${label}" is not a CRMGrow ID, and CRMGrow failed on it. Choose from the "${label}" dropdown, or map the ID from ${step}.`,
      );
    },
  ),
  rule(
    'unavailable',
    ({ status, endpoint }) =>
      !endpoint.notIdempotent && [502, 503, 504].includes(status) && waitFor,
    (seen, delay) => ({
      error: 'ThrottledError',
      delay: delay(seen),
      message: `CRMGrow is unavailable for now: try again in about ${delay(seen)} seconds.`,
    }),
  ),
  rule(
    'server error',
    ({ status }) => status >= 500,
    (seen) =>
      failOrMayHaveHappened(
        seen,
        `CRMGrow had a problem while ${seen.activity}.`,
        'server_error',
        RETRY_LATER,
      ),
  ),
  // A refusal: a non-2xx, or `"status": false` or an `error` in a 2xx.
  rule(
    'already gone',
    ({ refused, endpoint, response }) =>
      refused && endpoint.goneCountsAsRemoved && response && isAlreadyGone(response),
    () => SUCCESS,
  ),
  rule(
    'suspended',
    ({ refused, words }) => refused && /suspended/i.test(words),
    () =>
      fail(
        'account_suspended',
        'Your CRMGrow account is suspended. Sign in to CRMGrow to restore it, then try again.',
      ),
  ),
  // This record's data: its address, a contact CRMGrow has already (contact.js, create), or one in
  // the automation (time_line.js).
  rule(
    'address refused',
    ({ refused, words, field }) => refused && /email address/i.test(words) && field('email'),
    (_, email) =>
      halt(
        `CRMGrow refused the email address ${quote(email.value, 60)} in "${email.label}". Map a valid email address to this field.`,
      ),
  ),
  rule(
    'contact there already',
    ({ refused, words }) => refused && /(email|phone number) must be unique/i.exec(words),
    ({ field }, [taken]) => {
      const phone = /phone/i.test(taken);
      const value = field(phone ? 'cell_phone' : 'email')?.value ?? '';
      return halt(
        `A contact with the ${phone ? 'cell phone' : 'email'} ${quote(value, 60)} is already in CRMGrow, so none was added. This step adds new contacts only.`,
      );
    },
  ),
  rule(
    'in the automation already',
    ({ refused, words, field }) =>
      refused && /same automation is already running/i.test(words) && field('email'),
    (_, email) =>
      halt(
        `The contact ${quote(email.value, 60)} is already in this automation, so it was not added again.`,
      ),
  ),
  rule(
    'automation not for this account',
    ({ refused, words }) =>
      refused && new Map(Object.entries(AUTOMATION_BLOCKERS)).get(words.toLowerCase()),
    (_, blocker) =>
      fail('automation_unavailable', `CRMGrow could not start the automation: ${blocker}`),
  ),
  rule(
    'item gone',
    ({ refused, words, fields }) =>
      refused && fields.find((field) => field.listKey && NOT_FOUND[field.listKey]?.test(words)),
    (_, { value, label, listKey = 'template' }) => {
      const { singular, withArticle } = LISTS[listKey];
      return fail(
        `${listKey}_not_found`,
        `CRMGrow could not find the ${singular} ${quote(value, 40)} chosen in "${label}": it may have been deleted. Choose ${withArticle} from the dropdown, or map the ID of one that exists.`,
      );
    },
  ),
  // All CRMGrow says when a send's mail failed: an unsubscribed contact, the daily limit, or no
  // working mailbox (Teamgrow-Backend a2ec244, src/controllers/developer.js, sendVideo;
  // src/helpers/email.js). A send is the one request that emails.
  rule(
    'not delivered',
    ({ refused, words, endpoint, field }) =>
      refused &&
      /^send error$/i.test(words) &&
      endpoint.notIdempotent === 'email' &&
      field('email'),
    (_, email) =>
      fail(
        'delivery_failed',
        `CRMGrow could not email ${quote(email.value, 60)}: the contact may have unsubscribed, or your account may have reached its daily email limit or lost its connected Gmail, Outlook or SMTP mailbox. Check them in CRMGrow.`,
      ),
  ),
  rule(
    'refused',
    ({ refused }) => refused,
    ({ activity, fields }) =>
      fail(
        'request_refused',
        `${capitalized(activity)} failed: CRMGrow refused it. ${
          fields.length > 0 ? 'Check the values this step sends, then try again.' : SUPPORT
        }`,
      ),
  ),
  // A 2xx that does not refuse.
  rule(
    'confirmed',
    ({ endpoint, response }) => response && SUCCESS_CHECKS[endpoint.successCheck](response),
    () => SUCCESS,
  ),
  rule(
    'not confirmed',
    ({ endpoint }) => endpoint.notIdempotent,
    ({ activity }, notIdempotent) =>
      fail(
        'outcome_unknown',
        `CRMGrow's response did not confirm ${activity}. ${MAY_HAVE_HAPPENED[notIdempotent]}`,
      ),
  ),
  rule(
    'unreadable',
    () => true,
    ({ activity }) =>
      fail(
        'invalid_response',
        `CRMGrow sent a response this integration cannot read while ${activity}. ${RETRY_LATER}`,
      ),
  ),
];

/** The names of the rules, in order, as the developers' log names the one that gave an error. */
export const RULE_NAMES = RULES.map(({ name }) => name);

/** The error for a request's result, logged for the developers with the rule that gave it;
 * undefined when it succeeded. */
export function errorFor(z: ZObject, result: RequestResult): Error | undefined {
  const { response, fields = [] } = result;
  const seen: Seen = {
    endpoint: result.endpoint,
    activity: result.endpoint.activity,
    response,
    status: response?.status ?? 0,
    words: response ? errorTextOf(response, result.key) : '',
    timedOut: result.timedOut ?? false,
    cause: (result.cause ?? {}) as Seen['cause'],
    refused:
      !!response && (response.status < 200 || response.status > 299 || isRefusal(response.data)),
    fields,
    field: (key) => fields.find((field) => field.key === key),
  };
  let found: unknown;
  // The last rule matches every result, so one always does.
  const rule = RULES.find((one) => (found = one.matches(seen))) as Rule;
  const outcome = rule.gives(seen, found as never);
  if (outcome.error === 'none') return undefined;
  const routes = NOT_FOR_API_KEYS.test(seen.words)
    ? ' These routes take no API key: set API_ROUTES=api-v2 (README, Configuration).'
    : '';
  z.console.log(`${logLine(result)} (rule "${rule.name}").${routes}`);
  const message = withWords(outcome.message, seen.words);
  const error =
    outcome.error === 'Error'
      ? new z.errors.Error(message, outcome.code, response?.status)
      : outcome.error === 'ThrottledError'
        ? new z.errors.ThrottledError(message, outcome.delay)
        : new z.errors[outcome.error](message);
  return doNotContextify(error);
}
