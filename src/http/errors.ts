// Turns every way a call to the service can go wrong into one clear error
// for the Zap builder, with advice only a maintainer can act on sent to the
// log instead. Nothing here may ever echo the API key.
import type { ZObject } from 'zapier-platform-core';
import type { BaseUrlVariable } from '../config';
import { CONFIRMS, namesMissingRoute, saysGone, verdictOf } from './answers';
import type { AnswerRule } from './endpoints';
import { isObjectId } from './ids';
import { cutText } from '../text';
import { isRecord, parseJson, toJson } from './json';

export const SERVICE_NAME = 'CRMGrow';
const API_HOST_EXAMPLE = 'https://api.crmgrow.com';

/** What the error layer needs to know about one request. */
export interface CallContext {
  readonly method: string;
  readonly url: string;
  readonly baseVariable: BaseUrlVariable;
  readonly baseUrl: string;
  /**
   * What a write does, as a noun ("the email"): it may have happened when no
   * clear answer came back, so it is never retried. Undefined for reads.
   */
  readonly effect?: string;
  /** The deadline of the whole exchange, for the message when it passed. */
  readonly deadlineMs: number;
  /** The most of the answer read, for the message when it was larger. */
  readonly maxAnswerBytes: number;
  /** The input values the request sends, to name the one the service refused. */
  readonly fields?: readonly SentField[];
  /** Where advice for the maintainer goes (Zapier's log of the run). */
  readonly log: (line: string) => void;
}

/** One input value a request sends, as the Zap builder knows it. */
export interface SentField {
  readonly key: string;
  /** The input field's label. */
  readonly label: string;
  readonly value: string;
  /** For an id: the label of the search that finds this kind of id. */
  readonly search?: string;
}

/** Zapier's wait when the service names none; and the longest it is asked to wait. */
export const DEFAULT_RETRY_SECONDS = 60;
export const MIN_RETRY_SECONDS = 10;
export const MAX_RETRY_SECONDS = 3_600;

export interface AnswerSummary {
  readonly status: number;
  readonly contentType: string;
  readonly content: string;
  /** `content` parsed as JSON, once, by the caller; undefined when it is not JSON. */
  readonly body: unknown;
  readonly retryAfter: string | undefined;
  /** Where a 3xx points; shown, never followed. */
  readonly location: string | undefined;
}

type ZErrors = ZObject['errors'];

/**
 * Marks an error as complete: core would otherwise append "What happened",
 * with the start of the answer as received, and the run's log lines.
 */
export function quiet<E extends Error>(error: E): E {
  (error as E & { doNotContextify?: boolean }).doNotContextify = true;
  return error;
}

const KEY_PLACEHOLDER = '[API key]';
/** What JSON encoders write unescaped (JWT and base64url keys are made of these). */
const PLAIN_IN_JSON = /^[A-Za-z0-9._~+=-]+$/;

/** How much of a key's end redact looks for first (measured: 64 of a 170-character JWT). */
const KEY_END = 64;

/** The forms a key takes in a URL or a form body: as it is, and percent-encoded in either case. */
function keyForms(key: string): string[] {
  const encoded = encodeURIComponent(key);
  const lower = encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
  return [...new Set([key, encoded, lower])];
}

/**
 * Removes the API key from an answer before it reaches a user or a log: from
 * the text, percent-encoded or not, and from every string of a JSON body,
 * where an escape (`\u00e9`, `\"`) would hide it from a text search. Keys
 * under 4 characters are left alone: they would blot out ordinary words.
 */
export function redact(text: string, apiKey: string | undefined): string {
  const key = apiKey?.trim();
  if (!key || key.length < 4) return text;
  const forms = keyForms(key);
  const hide = (value: string): string =>
    forms.reduce(
      (done, form) =>
        // The key's end first: text without it cannot hold the key, and a long key (a JWT)
        // is found several times slower than its end in a large answer.
        done.includes(form.slice(-KEY_END)) && done.includes(form)
          ? done.split(form).join(KEY_PLACEHOLDER)
          : done,
      value,
    );
  const plain = hide(text);
  // Without a backslash there is no escape, and the text search was enough.
  if (!plain.includes('\\')) return plain;
  // A key of characters encoders write as they are hides only behind \u escapes;
  // a title's \" leaves it in plain sight, and a large list needs no second pass.
  if (PLAIN_IN_JSON.test(key) && !plain.includes('\\u')) return plain;
  const body = parseJson(plain);
  // Not a JSON object or array: there are no strings to look inside.
  if (!(body instanceof Object)) return plain;
  // In place and iterative: the body is our own copy, and may be nested past any stack.
  const pending: unknown[] = [body];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (Array.isArray(node)) {
      node.forEach((value: unknown, i) => {
        if (typeof value === 'string') node[i] = hide(value);
        else pending.push(value);
      });
    } else if (isRecord(node)) {
      for (const [name, value] of Object.entries(node)) {
        const cleanName = hide(name);
        // Only a name that held the key moves (to the end): the others keep their order.
        if (cleanName !== name) Reflect.deleteProperty(node, name);
        if (typeof value === 'string') {
          node[cleanName] = hide(value);
        } else {
          node[cleanName] = value;
          pending.push(value);
        }
      }
    }
  }
  return toJson(body);
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
  return cutText(text, 200);
}

const quoted = (text: string | undefined): string => (text ? `: "${text}"` : '');

/** A value the user gave, cut short enough for a message. */
export const shown = (value: string): string => cutText(value, 80);

/** "a", "a or b", "a, b or c": never called with none. */
const listed = (items: readonly string[], word: 'and' | 'or'): string =>
  items.reduce((text, item, i) => `${text}${i === items.length - 1 ? ` ${word} ` : ', '}${item}`);

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The service answers a server error for an id that is not one of its ids:
 * when some sent ids do not have the form, name them; trying again never helps.
 */
function malformedIdsHint(call: CallContext): string | undefined {
  const malformed = (call.fields ?? []).filter(
    (field): field is SentField & { search: string } =>
      field.search !== undefined && !isObjectId(field.value),
  );
  if (malformed.length === 0) return undefined;
  const one = malformed.length === 1;
  const values = malformed.map(({ label, value }) => `"${shown(value)}" in "${label}"`);
  const labels = malformed.map(({ label }) => `"${label}"`);
  const searches = [...new Set(malformed.map(({ search }) => search))];
  const oneSearch = searches.length === 1;
  return (
    `${SERVICE_NAME} could not use ${listed(values, 'or')}: ` +
    `${one ? 'it is not an ID' : 'they are not IDs'} of ${SERVICE_NAME}, which are 24 characters ` +
    'of 0-9 and a-f (a title mapped by mistake, perhaps). ' +
    `Choose from the ${listed(labels, 'and')} ${one ? 'dropdown' : 'dropdowns'}, or map ` +
    `${one ? 'the ID' : 'the IDs'} from ${oneSearch ? 'a ' : ''}${listed(searches, 'and')} ` +
    `${oneSearch ? 'search step' : 'search steps'}.`
  );
}

const pathOf = (call: CallContext): string => new URL(call.url).pathname;
const whereOf = (call: CallContext): string => `${call.method} ${pathOf(call)}`;

/** For the log: only the person who deploys the app can change the base address. */
const logBaseUrlHint = (call: CallContext, what: string): void =>
  call.log(
    `${what} If this keeps happening, check the ${call.baseVariable} setting (now "${call.baseUrl}"): ` +
      `it should be the API's address, such as ${API_HOST_EXAMPLE}.`,
  );

/** What a write that got no clear answer tells the Zap builder. */
const mayHaveHappened = (effect: string): string =>
  `${capitalised(effect)} may have gone through: check in ${SERVICE_NAME} before you run this ` +
  'step again. Zapier does not retry it by itself, so nothing is done twice.';

/**
 * Seconds to wait, from a Retry-After of seconds (a fraction rounded up) or
 * an HTTP date (which names its day: "1.5" is no date). null when unreadable.
 */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed));
  if (!/[a-z]/i.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.ceil((date - now) / 1000);
}

/**
 * The wait Zapier is asked for: the service's, between a floor (a wait of 0,
 * or a date already past, would only repeat the request at once) and an hour;
 * the default when it names none.
 */
export const retryDelayOf = (value: string | undefined, now = Date.now()): number =>
  Math.min(
    Math.max(retryAfterSeconds(value, now) ?? DEFAULT_RETRY_SECONDS, MIN_RETRY_SECONDS),
    MAX_RETRY_SECONDS,
  );

/** Statuses that mean "down for now" rather than "this request failed". */
const UNAVAILABLE = new Set([502, 503, 504]);

const fieldOf = (call: CallContext, key: string): SentField | undefined =>
  call.fields?.find((field) => field.key === key);

/**
 * The service's words for a key it refuses, whatever the status: a bad
 * signature, any complaint about the JWT, a user that is gone (`invalid_user`).
 */
const KEY_REFUSED = /invalid signature|\bjwt\b|invalid[_ ]user\b|invalid token/i;

/**
 * The error for a refusal the service words in a way we know: some name the
 * field at fault, and a refused email address halts this run alone.
 */
function knownRefusal(
  errors: ZErrors,
  call: CallContext,
  text: string | undefined,
  status: number,
): Error | undefined {
  if (!text) return undefined;
  const words = text.toLowerCase();
  const said = `${SERVICE_NAME} said "${text}"`;
  if (KEY_REFUSED.test(text)) {
    return new errors.ExpiredAuthError(
      `${SERVICE_NAME} refused the API key (HTTP ${status}; ${said}). ` +
        `Copy your current API key from ${SERVICE_NAME} and reconnect your ${SERVICE_NAME} account in Zapier.`,
    );
  }
  if (words.includes('suspended')) {
    return new errors.Error(
      `Your ${SERVICE_NAME} account is suspended (${said}), so ${SERVICE_NAME} refuses every ` +
        `request. Sign in to ${SERVICE_NAME} to restore the account, then try again.`,
      'account_suspended',
      status,
    );
  }
  const email = fieldOf(call, 'email');
  if (email && words.includes('email address')) {
    return new errors.HaltedError(
      `${SERVICE_NAME} refused the email address "${shown(email.value)}" in "${email.label}" ` +
        `(${said}). Map a valid email address to this field; this run was stopped and the ` +
        'next ones go on.',
    );
  }
  const template = fieldOf(call, 'template_id');
  if (template && words.includes('templete')) {
    return new errors.Error(
      `${SERVICE_NAME} could not find the template "${shown(template.value)}" chosen in ` +
        `"${template.label}" (${said}). Choose a template from the dropdown, or map the ID of ` +
        'a template that exists.',
      'template_not_found',
      status,
    );
  }
  if (email && words === 'send error') {
    return new errors.Error(
      `${SERVICE_NAME} could not deliver the email to "${shown(email.value)}" (${said}). ` +
        `Check the address and the email settings of your ${SERVICE_NAME} account, then run ` +
        'the step again.',
      'delivery_failed',
      status,
    );
  }
  return undefined;
}

/** A short copy of an answer, for a message where the service gave no words. */
const answerShown = (answer: AnswerSummary): string => {
  const text = answer.content.trim();
  if (!text) return 'an empty body';
  return cutText(text, 200);
};

// ---- The rules, as tables: the first row that covers a failure gives its error ----

/** What a row of the tables knows of one failed (or suspect) exchange. */
export interface Failure {
  readonly errors: ZErrors;
  readonly call: CallContext;
  /** "GET /api/video", for messages. */
  readonly where: string;
}

/** What the answer rows know besides: the answer and the service's own words in it. */
export interface AnsweredFailure extends Failure {
  readonly answer: AnswerSummary;
  readonly status: number;
  /** The service's error text, or undefined. */
  readonly text: string | undefined;
  /** What the endpoint's 2xx answers must hold. */
  readonly rule: AnswerRule;
}

/** The error a row gives, for a read or for a write; undefined: no error after all. */
export type Outcome<F extends Failure> = (failure: F) => Error | undefined;

/** The same for a write, told what it was doing ("the email"): that may have happened. */
export type WriteOutcome<F extends Failure> = (failure: F, effect: string) => Error | undefined;

/**
 * One row: which failures it covers (`when`), said in words for the reader
 * (`covers`), and the outcome for a read (safe to repeat) and for a write
 * (which may have happened). Rows are tried in the table's order.
 */
export interface Row<F extends Failure> {
  readonly covers: string;
  readonly when: (failure: F) => boolean;
  readonly read: Outcome<F>;
  readonly write: WriteOutcome<F>;
}

/** The outcome of the first row that covers the failure, for a read or a write. */
function outcomeOf<F extends Failure>(table: readonly Row<F>[], failure: F): Error | undefined {
  const row = table.find(({ when }) => when(failure));
  if (!row) return undefined;
  const { effect } = failure.call;
  return effect ? row.write(failure, effect) : row.read(failure);
}

/** Status classes and single statuses, for the `when` of the rows. */
const between =
  (low: number, high: number) =>
  ({ status }: AnsweredFailure): boolean =>
    status >= low && status <= high;
const isStatus =
  (...statuses: number[]) =>
  ({ status }: AnsweredFailure): boolean =>
    statuses.includes(status);

/** A write whose outcome is unknown: the row's own words, then "may have gone through". */
const unknownOutcome = (failure: Failure, what: string, effect: string, status?: number): Error =>
  new failure.errors.Error(`${what} ${mayHaveHappened(effect)}`, 'outcome_unknown', status);

/** Zapier retries later: the service is down or busy, and did nothing. */
const retryLater = (failure: AnsweredFailure, what: string): Error => {
  const delay = retryDelayOf(failure.answer.retryAfter);
  return new failure.errors.ThrottledError(
    `${what} Zapier will try again in ${delay} seconds.`,
    delay,
  );
};

const serverFailure = ({ where, status, text }: AnsweredFailure): string =>
  `${SERVICE_NAME} had a server error on ${where} (HTTP ${status}${quoted(text)}).`;

/** A 2xx whose body says the request failed, whatever the endpoint. */
const refusedIn2xx = (failure: AnsweredFailure): Error => {
  const { errors, call, text, status, answer } = failure;
  const said = text ? `${SERVICE_NAME} said "${text}"` : `its answer: ${answerShown(answer)}`;
  return (
    knownRefusal(errors, call, text, status) ??
    new errors.Error(
      `${SERVICE_NAME} answered that the request failed (${said}). Nothing was reported as done` +
        (call.fields
          ? '; check the values this step sends and try again.'
          : `. If it keeps happening, contact ${SERVICE_NAME} support with this message.`),
      'service_failure',
      status,
    )
  );
};

/** A 2xx that neither confirms nor refuses: what it lacks, and the answer as it came. */
const lacking = ({ rule, answer }: AnsweredFailure): string =>
  `${CONFIRMS[rule].missing}; its answer: ${answerShown(answer)}`;

/** Rows whose outcome is the same for a read and a write. */
const both = <F extends Failure>(
  covers: string,
  when: (failure: F) => boolean,
  outcome: Outcome<F>,
): Row<F> => ({
  covers,
  when,
  read: outcome,
  write: outcome,
});

/**
 * Every answer that came whole, in order. Its status is read first, then what
 * a 2xx holds. No row covering: the answer is fine.
 */
export const ANSWER_RULES: readonly Row<AnsweredFailure>[] = [
  both(
    'a redirect (3xx): never followed',
    between(300, 399),
    ({ errors, call, where, status, answer }) => {
      const location = answer.location ? ` to "${shown(answer.location)}"` : '';
      logBaseUrlHint(call, `${SERVICE_NAME} redirected ${where} (HTTP ${status})${location}.`);
      return new errors.Error(
        `${SERVICE_NAME} answered ${where} with a redirect (HTTP ${status})${location}. ` +
          'Redirects are not followed, so the request was not sent on and your API key went ' +
          `nowhere else. Contact ${SERVICE_NAME} support if this keeps happening.`,
        'redirect',
        status,
      );
    },
  ),
  both(
    '401: the key is refused',
    isStatus(401),
    ({ errors, text }) =>
      new errors.ExpiredAuthError(
        `${SERVICE_NAME} rejected the API key (HTTP 401${quoted(text)}). ` +
          `Copy your current API key from ${SERVICE_NAME} and reconnect your ${SERVICE_NAME} account in Zapier.`,
      ),
  ),
  // The key is the one header a Zap builder chooses: too long, it is not a key.
  both(
    '431: headers too large, that is the key',
    isStatus(431),
    ({ errors, text }) =>
      new errors.ExpiredAuthError(
        `${SERVICE_NAME} refused the request's headers as too large (HTTP 431${quoted(text)}): the ` +
          `connected API key is longer than ${SERVICE_NAME} takes. Copy your API key again from ` +
          `${SERVICE_NAME} and reconnect your ${SERVICE_NAME} account in Zapier.`,
      ),
  ),
  // Retried on a write too: the service refused before doing anything.
  both('429: too many requests, retried later', isStatus(429), (failure) =>
    retryLater(
      failure,
      `${SERVICE_NAME} is receiving too many requests (HTTP 429${quoted(failure.text)}).`,
    ),
  ),
  both(
    '404 with a page, Express\'s "Cannot DELETE /…" or a bare "Not Found": the service has no such route',
    ({ status, answer, text }) =>
      status === 404 && (looksLikeHtml(answer) || namesMissingRoute(answer.body, text)),
    ({ errors, call, where, status }) => {
      logBaseUrlHint(call, `${SERVICE_NAME} has no endpoint at ${where}.`);
      return new errors.Error(
        `${SERVICE_NAME} has no endpoint at ${where} (HTTP 404). Contact ${SERVICE_NAME} support ` +
          'and mention this method and path.',
        'endpoint_not_found',
        status,
      );
    },
  ),
  // The service answers a server error for an id that is not one of its ids; trying again never helps.
  both(
    '5xx for a sent id that is not an ID of the service',
    (failure) => failure.status >= 500 && malformedIdsHint(failure.call) !== undefined,
    (failure) =>
      new failure.errors.Error(
        `${serverFailure(failure)} ${malformedIdsHint(failure.call) ?? ''}`,
        'invalid_id',
        failure.status,
      ),
  ),
  {
    covers: '502, 503, 504: down for now',
    when: isStatus(...UNAVAILABLE),
    read: (failure) =>
      retryLater(
        failure,
        `${SERVICE_NAME} is unavailable for now (HTTP ${failure.status}${quoted(failure.text)} on ${failure.where}).`,
      ),
    write: (failure, effect) =>
      unknownOutcome(failure, serverFailure(failure), effect, failure.status),
  },
  {
    covers: 'any other 5xx',
    when: (failure) => failure.status >= 500,
    read: (failure) =>
      new failure.errors.Error(
        `${serverFailure(failure)} This is often temporary: try again in a few minutes. If it ` +
          `keeps happening, contact ${SERVICE_NAME} support.`,
        'server_error',
        failure.status,
      ),
    write: (failure, effect) =>
      unknownOutcome(failure, serverFailure(failure), effect, failure.status),
  },
  // Before the refusals: only this says that what unsubscribe removes is gone already.
  both(
    'the subscription to remove does not exist (a JSON 410, a 404 in the service\'s error shape, its "not found"): gone',
    ({ rule, status, answer, text }) =>
      rule === 'unsubscribed' && saysGone(status, answer.body, text),
    () => undefined,
  ),
  both(
    "any other 4xx: refused, in the service's words where it gave some",
    between(400, 499),
    ({ errors, call, where, status, text }) => {
      const said = `HTTP ${status}${text ? quoted(text) : ', with no error message'}`;
      return (
        knownRefusal(errors, call, text, status) ??
        new errors.Error(
          call.fields
            ? `${SERVICE_NAME} refused the request (${said}). Check the values this step sends and try again.`
            : `${SERVICE_NAME} refused ${where} (${said}). If it keeps happening, contact ` +
                `${SERVICE_NAME} support with this message.`,
          'request_refused',
          status,
        )
      );
    },
  ),
  both(
    'any other status that is not 2xx',
    (failure) => !between(200, 299)(failure),
    ({ errors, call, where, status }) => {
      logBaseUrlHint(call, `${SERVICE_NAME} answered ${where} with HTTP ${status}.`);
      return new errors.Error(
        `${SERVICE_NAME} gave an unexpected answer to ${where} (HTTP ${status}). Contact ` +
          `${SERVICE_NAME} support if this keeps happening.`,
        'unexpected_status',
        status,
      );
    },
  ),
  both(
    'a 2xx that says no ("status": false or "false", "success": false, an "error"), whatever the endpoint',
    ({ answer }) => verdictOf(answer.body) === 'no',
    refusedIn2xx,
  ),
  both(
    'a 2xx that is not JSON, where a read needs JSON or a list',
    ({ rule, answer }) => (rule === 'json' || rule === 'list') && answer.body === undefined,
    ({ errors, call, where, status, answer }) => {
      const empty = !answer.content.trim();
      const kind = empty ? 'an empty body' : `"${answer.contentType || 'unknown'}" content`;
      logBaseUrlHint(call, `${SERVICE_NAME} answered ${where} with ${kind} instead of JSON.`);
      return new errors.Error(
        `${SERVICE_NAME} answered ${where} with ${kind} instead of JSON, so the result cannot be ` +
          `trusted. Contact ${SERVICE_NAME} support if this keeps happening.`,
        'invalid_response',
        status,
      );
    },
  ),
  {
    covers:
      'a 2xx that neither says no nor holds what the endpoint\'s rule needs ("status": "TRUE", 1, "queued"; no id; no list)',
    when: ({ rule, answer }) => !CONFIRMS[rule].holds(answer.body),
    read: (failure) =>
      new failure.errors.Error(
        `${SERVICE_NAME} answered ${failure.where} without confirming it (${lacking(failure)}), so ` +
          'it is not taken as done. Try again in a few minutes; if it keeps happening, contact ' +
          `${SERVICE_NAME} support with this message.`,
        'unconfirmed',
        failure.status,
      ),
    write: (failure, effect) =>
      failure.rule === 'subscribed'
        ? new failure.errors.Error(
            `${SERVICE_NAME} answered ${failure.where} without confirming it (${lacking(failure)}). ` +
              `${capitalised(effect)} may exist in ${SERVICE_NAME} all the same, and Zapier could ` +
              `not remove it when the Zap is turned off. Contact ${SERVICE_NAME} support with this ` +
              'message before you turn the Zap on again, so events are not delivered twice.',
            'subscription_unconfirmed',
            failure.status,
          )
        : new failure.errors.Error(
            `${SERVICE_NAME} answered ${failure.where} without confirming it (${lacking(failure)}), ` +
              `so this step does not report it as done. ${mayHaveHappened(effect)}`,
            'unconfirmed',
            failure.status,
          ),
  },
];

/** The error for an answer that is not a success, or undefined when the answer is fine. */
export function errorForAnswer(
  errors: ZErrors,
  call: CallContext,
  answer: AnswerSummary,
  rule: AnswerRule,
): Error | undefined {
  return outcomeOf(ANSWER_RULES, {
    errors,
    call,
    where: whereOf(call),
    answer,
    status: answer.status,
    text: serviceText(answer),
    rule,
  });
}

const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ERR_STREAM_PREMATURE_CLOSE: 'it closed with the answer cut short',
  'request-timeout': 'the request timed out',
};

/** A size as people read it: whole MiB, or bytes. */
const sizeText = (bytes: number): string =>
  bytes % (1024 * 1024) === 0
    ? `${bytes / 1024 / 1024} MiB`
    : `${bytes.toLocaleString('en-US')} bytes`;

/** zlib's codes for a compressed answer that came but cannot be unpacked. */
const UNREADABLE_BODY: ReadonlySet<unknown> = new Set([
  'Z_DATA_ERROR',
  'Z_BUF_ERROR',
  'Z_STREAM_ERROR',
  'Z_NEED_DICT',
]);

/** Failures before any byte of the request could reach the service: nothing was sent. */
const BEFORE_SENDING: ReadonlySet<unknown> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** What the network rows know of an exchange that brought no whole answer. */
export interface UnansweredFailure extends Failure {
  readonly timedOut: boolean;
  /** node-fetch's `type` (max-size, request-timeout, …) and Node's `code`, where given. */
  readonly type: unknown;
  readonly code: unknown;
  readonly host: string;
  /** The network failure in words, where it is one we know. */
  readonly reason: string;
  /** The known code behind `reason`, if any. */
  readonly known: string | undefined;
}

/** The connection failed: the maintainer's log gets the base address to check. */
const withHint =
  <Effect extends [] | [string]>(
    outcome: (failure: UnansweredFailure, ...effect: Effect) => Error,
  ): ((failure: UnansweredFailure, ...effect: Effect) => Error) =>
  (failure, ...effect) => {
    logBaseUrlHint(
      failure.call,
      `No answer from ${failure.host} to ${failure.where} (${failure.reason}).`,
    );
    return outcome(failure, ...effect);
  };

const lateText = ({ host, where, call }: UnansweredFailure): string =>
  `${SERVICE_NAME} at ${host} did not answer ${where} in time (within ${Math.round(call.deadlineMs / 100) / 10} s).`;
const tooLargeText = ({ where, call }: UnansweredFailure): string =>
  `${SERVICE_NAME}'s answer to ${where} was larger than ${sizeText(call.maxAnswerBytes)}, the most this integration reads, so it was not read.`;
const unpackText = ({ where }: UnansweredFailure): string =>
  `${SERVICE_NAME}'s answer to ${where} came compressed (gzip or deflate) but could not be unpacked: it was corrupt or cut short.`;
const brokeText = ({ host, where, reason }: UnansweredFailure): string =>
  `The connection to ${SERVICE_NAME} at ${host} broke before its answer to ${where} came (${reason}).`;

/** Every exchange that brought no whole answer, in order. The last row covers the rest. */
export const NETWORK_RULES: readonly Row<UnansweredFailure>[] = [
  {
    covers: 'no whole answer before the deadline',
    when: ({ timedOut }) => timedOut,
    read: (failure) =>
      new failure.errors.Error(
        `${lateText(failure)} Try again in a few minutes; if it keeps happening, ${SERVICE_NAME} may be having trouble.`,
        'timeout',
      ),
    write: (failure, effect) => unknownOutcome(failure, lateText(failure), effect),
  },
  {
    covers: 'an answer larger than the cap',
    when: ({ type }) => type === 'max-size',
    read: (failure) =>
      new failure.errors.Error(
        `${tooLargeText(failure)} Contact ${SERVICE_NAME} support with this message.`,
        'answer_too_large',
      ),
    write: (failure, effect) => unknownOutcome(failure, tooLargeText(failure), effect),
  },
  {
    covers: 'a compressed answer that cannot be unpacked',
    when: ({ code }) => UNREADABLE_BODY.has(code),
    read: (failure) =>
      new failure.errors.Error(
        `${unpackText(failure)} Try again in a few minutes; if it keeps happening, contact ${SERVICE_NAME} support.`,
        'invalid_response',
      ),
    write: (failure, effect) => unknownOutcome(failure, unpackText(failure), effect),
  },
  {
    covers: 'no connection (refused, no such host): nothing was sent',
    when: ({ known }) => BEFORE_SENDING.has(known),
    read: withHint(
      ({ errors, host, reason }) =>
        new errors.Error(
          `Could not reach ${SERVICE_NAME} at ${host} (${reason}). Try again in a few minutes.`,
          'network_error',
        ),
    ),
    write: withHint(
      ({ errors, host, reason }) =>
        new errors.Error(
          `Could not reach ${SERVICE_NAME} at ${host} (${reason}). Nothing was sent. Try again in a few minutes.`,
          'network_error',
        ),
    ),
  },
  {
    covers: 'a connection that broke before the whole answer',
    when: () => true,
    read: withHint(
      (failure) =>
        new failure.errors.Error(
          `${brokeText(failure)} Try again in a few minutes.`,
          'network_error',
        ),
    ),
    write: withHint((failure, effect) => unknownOutcome(failure, brokeText(failure), effect)),
  },
];

/**
 * The error for a request that got no whole answer: none in time, a broken
 * connection, or one too large or corrupt to read. After a write, the write may have happened.
 */
export function networkError(
  errors: ZErrors,
  call: CallContext,
  cause: unknown,
  timedOut: boolean,
): Error {
  const record = isRecord(cause) ? cause : {};
  const known = [record.code, record.errno, record.type].find(
    (value): value is string => typeof value === 'string' && Object.hasOwn(NETWORK_REASONS, value),
  );
  const failure: UnansweredFailure = {
    errors,
    call,
    where: whereOf(call),
    timedOut,
    type: record.type,
    code: record.code,
    host: new URL(call.url).host,
    known,
    reason: (known && NETWORK_REASONS[known]) || 'no whole answer came back',
  };
  // The last row covers every failure.
  return outcomeOf(NETWORK_RULES, failure) ?? new errors.Error(brokeText(failure), 'network_error');
}
