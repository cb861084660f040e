// The error for a whole response that is not a success: the first row below that covers it.
import { cutText } from '../text';
import {
  capitalised,
  firstError,
  mayHaveGoneThrough,
  SERVICE_NAME,
  shown,
  whereOf,
  type CallContext,
  type ErrorRow,
  type Failure,
} from './errors';
import { knownRefusal, malformedIdsHint } from './refusals';
import {
  looksLikeHtml,
  namesMissingRoute,
  serviceText,
  SUCCESS,
  verdictOf,
  type ApiResponse,
} from './responses';

export interface ResponseFailure extends Failure {
  readonly response: ApiResponse;
  readonly status: number;
  /** The service's own words, or undefined. */
  readonly text: string | undefined;
}

// The wait Zapier is asked for, in seconds: Retry-After (seconds, or an HTTP date), else a minute.
// At least 10 seconds, as 0 or a past date would repeat the request at once; at most an hour.
export function retryDelayOf(retryAfter: string | undefined, now = Date.now()): number {
  const value = retryAfter?.trim() ?? '';
  const date = /[a-z]/i.test(value) ? Date.parse(value) : NaN;
  let seconds = 60;
  if (/^\d+(?:\.\d+)?$/.test(value)) seconds = Math.ceil(Number(value));
  else if (!Number.isNaN(date)) seconds = Math.ceil((date - now) / 1000);
  return Math.min(Math.max(seconds, 10), 3_600);
}

const retryLater = ({ errors, response }: ResponseFailure, what: string): Error => {
  const delay = retryDelayOf(response.retryAfter);
  return new errors.ThrottledError(`${what} Zapier will try again in ${delay} seconds.`, delay);
};

const quoted = (text: string | undefined): string => (text ? `: "${text}"` : '');

const responseShown = ({ content }: ApiResponse): string =>
  content.trim() ? cutText(content.trim(), 200) : 'an empty body';

const serverError = ({ where, status, text }: ResponseFailure): string =>
  `${SERVICE_NAME} had a server error on ${where} (HTTP ${status}${quoted(text)}).`;

const redirectedTo = ({ location }: ApiResponse): string =>
  location ? ` to "${shown(location)}"` : '';

/** What a 2xx that should be JSON holds instead. */
const kindOf = ({ content, contentType }: ApiResponse): string =>
  content.trim() ? `"${contentType || 'unknown'}" content` : 'an empty body';

// First by status, then by what a 2xx holds; a response no row covers is a success. The row of a
// subscription already deleted comes after the statuses that never mean it, before the refusals.
export const RESPONSE_ERRORS: readonly ErrorRow<ResponseFailure>[] = [
  {
    covers: 'a redirect (3xx): never followed',
    when: ({ status }) => status >= 300 && status <= 399,
    logged: ({ where, status, response }) =>
      `${SERVICE_NAME} redirected ${where} (HTTP ${status})${redirectedTo(response)}.`,
    code: 'redirect',
    message: ({ where, status, response }) =>
      `${SERVICE_NAME} answered ${where} with a redirect (HTTP ${status})` +
      `${redirectedTo(response)}. Redirects are not followed, so the request was not sent on ` +
      `and your API key went nowhere else. Contact ${SERVICE_NAME} support if this keeps happening.`,
  },
  {
    covers: '401: the key is refused',
    when: ({ status }) => status === 401,
    error: ({ errors, text }) =>
      new errors.ExpiredAuthError(
        `${SERVICE_NAME} rejected the API key (HTTP 401${quoted(text)}). ` +
          `Copy your current API key from ${SERVICE_NAME} and reconnect your ${SERVICE_NAME} account in Zapier.`,
      ),
  },
  {
    // The key is the one header a Zap builder chooses: too long, it is not a key.
    covers: '431: headers too large, that is the key',
    when: ({ status }) => status === 431,
    error: ({ errors, text }) =>
      new errors.ExpiredAuthError(
        `${SERVICE_NAME} refused the request's headers as too large (HTTP 431${quoted(text)}): the ` +
          `connected API key is longer than ${SERVICE_NAME} takes. Copy your API key again from ` +
          `${SERVICE_NAME} and reconnect your ${SERVICE_NAME} account in Zapier.`,
      ),
  },
  {
    // Retried even when the request is not safe to retry: the service refused it before doing anything.
    covers: '429: too many requests, retried later',
    when: ({ status }) => status === 429,
    error: (failure) =>
      retryLater(
        failure,
        `${SERVICE_NAME} is receiving too many requests (HTTP 429${quoted(failure.text)}).`,
      ),
  },
  {
    covers: '404 from no route: a page, "Cannot DELETE /…" or a bare "Not Found"',
    when: ({ status, response, text }) =>
      status === 404 && (looksLikeHtml(response) || namesMissingRoute(response.data, text)),
    logged: ({ where }) => `${SERVICE_NAME} has no endpoint at ${where}.`,
    code: 'endpoint_not_found',
    message: ({ where }) =>
      `${SERVICE_NAME} has no endpoint at ${where} (HTTP 404). Contact ${SERVICE_NAME} support ` +
      'and mention this method and path.',
  },
  {
    // Trying again never helps: the service cannot use the id.
    covers: '5xx for a sent id that is not an ID of the service',
    when: ({ status, call }) => status >= 500 && malformedIdsHint(call) !== undefined,
    code: 'invalid_id',
    message: (failure) => `${serverError(failure)} ${malformedIdsHint(failure.call) ?? ''}`,
  },
  {
    covers: '502, 503, 504: down for now',
    when: ({ status }) => [502, 503, 504].includes(status),
    error: (failure) =>
      retryLater(
        failure,
        `${SERVICE_NAME} is unavailable for now (HTTP ${failure.status}${quoted(failure.text)} on ${failure.where}).`,
      ),
    notSafeToRetry: serverError,
  },
  {
    covers: 'any other 5xx',
    when: ({ status }) => status >= 500,
    code: 'server_error',
    message: (failure) =>
      `${serverError(failure)} This is often temporary: try again in a few minutes. If it ` +
      `keeps happening, contact ${SERVICE_NAME} support.`,
    notSafeToRetry: serverError,
  },
  {
    covers: 'the subscription to remove is already deleted',
    when: ({ response }) => response.alreadyDeleted,
    error: () => undefined,
  },
  {
    covers: "any other 4xx: refused, in the service's words where it gave some",
    when: ({ status }) => status >= 400 && status <= 499,
    error: (failure) => {
      const { errors, call, where, status, text } = failure;
      const said = `HTTP ${status}${text ? quoted(text) : ', with no error message'}`;
      return (
        knownRefusal(failure) ??
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
  },
  {
    covers: 'any other status that is not 2xx',
    when: ({ status }) => status < 200 || status > 299,
    logged: ({ where, status }) => `${SERVICE_NAME} answered ${where} with HTTP ${status}.`,
    code: 'unexpected_status',
    message: ({ where, status }) =>
      `${SERVICE_NAME} gave an unexpected answer to ${where} (HTTP ${status}). Contact ` +
      `${SERVICE_NAME} support if this keeps happening.`,
  },
  {
    covers: 'a 2xx that says no, whatever the endpoint',
    when: ({ response }) => verdictOf(response.data) === 'no',
    error: (failure) => {
      const { errors, call, text, status, response } = failure;
      const said = text
        ? `${SERVICE_NAME} said "${text}"`
        : `its answer: ${responseShown(response)}`;
      return (
        knownRefusal(failure) ??
        new errors.Error(
          `${SERVICE_NAME} answered that the request failed (${said}). Nothing was reported as done` +
            (call.fields
              ? '; check the values this step sends and try again.'
              : `. If it keeps happening, contact ${SERVICE_NAME} support with this message.`),
          'service_failure',
          status,
        )
      );
    },
  },
  {
    covers: 'a 2xx that is not JSON, where the endpoint needs JSON or a list',
    when: ({ call, response }) =>
      ['json', 'list'].includes(call.endpoint.success) && response.data === undefined,
    logged: ({ where, response }) =>
      `${SERVICE_NAME} answered ${where} with ${kindOf(response)} instead of JSON.`,
    code: 'invalid_response',
    message: ({ where, response }) =>
      `${SERVICE_NAME} answered ${where} with ${kindOf(response)} instead of JSON, so the result ` +
      `cannot be trusted. Contact ${SERVICE_NAME} support if this keeps happening.`,
  },
  {
    covers: "a 2xx without what the endpoint's success check needs",
    when: ({ call, response }) => !SUCCESS[call.endpoint.success].holds(response.data),
    error: ({ errors, call, where, status, response }) => {
      const { endpoint } = call;
      const unconfirmed =
        `${SERVICE_NAME} answered ${where} without confirming it ` +
        `(${SUCCESS[endpoint.success].missing}; its answer: ${responseShown(response)})`;
      if (endpoint.safeToRetry) {
        return new errors.Error(
          `${unconfirmed}, so it is not taken as done. Try again in a few minutes; if it keeps ` +
            `happening, contact ${SERVICE_NAME} support with this message.`,
          'unconfirmed',
          status,
        );
      }
      if (endpoint.success === 'id') {
        return new errors.Error(
          `${unconfirmed}. ${capitalised(endpoint.creates)} may exist in ${SERVICE_NAME} all the ` +
            'same, and Zapier could not remove it when the Zap is turned off. Contact ' +
            `${SERVICE_NAME} support with this message before you turn the Zap on again, so ` +
            'events are not delivered twice.',
          'subscription_unconfirmed',
          status,
        );
      }
      return new errors.Error(
        `${unconfirmed}, so this step does not report it as done. ` +
          mayHaveGoneThrough(endpoint.creates),
        'unconfirmed',
        status,
      );
    },
  },
];

export const errorForResponse = (
  errors: Failure['errors'],
  call: CallContext,
  response: ApiResponse,
): Error | undefined =>
  firstError(RESPONSE_ERRORS, {
    errors,
    call,
    where: whereOf(call.endpoint, call.url),
    response,
    status: response.status,
    text: serviceText(response),
  });
