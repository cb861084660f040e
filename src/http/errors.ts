// What every error of the HTTP layer shares: the service's name, what the
// request sent, and the shape of the two error tables (response-errors.ts for
// a whole response, network-errors.ts for none). Each error is one clear
// message for the Zap builder; advice only a maintainer can act on goes to
// the run's log. No error may ever hold the API key.
import type { ZObject } from 'zapier-platform-core';
import { cutText } from '../text';
import type { Endpoint } from './endpoints';

export const SERVICE_NAME = 'CRMGrow';
const API_HOST_EXAMPLE = 'https://api.crmgrow.com';

/** One input value a request sends, as the Zap builder knows it. */
export interface SentField {
  readonly key: string;
  /** The input field's label. */
  readonly label: string;
  readonly value: string;
  /** For an id: the label of the search that finds this kind of id. */
  readonly search?: string;
}

/** What the error tables know of one request. */
export interface CallContext {
  readonly endpoint: Endpoint;
  readonly url: string;
  /** The base address the URL was built on, for the maintainer's log. */
  readonly baseUrl: string;
  /** The deadline of the whole exchange, for the message when it passed. */
  readonly deadlineMs: number;
  /** The most of a response that is read, for the message when it was larger. */
  readonly maxAnswerBytes: number;
  /** The input values the request sends, to name the one the service refused. */
  readonly fields?: readonly SentField[];
  /** Where advice for the maintainer goes: Zapier's log of the run. */
  readonly log: (line: string) => void;
}

/**
 * Marks an error whose message is complete, so that core does not append
 * "What happened" to it: the start of the response as received, and the
 * run's log lines.
 */
export function withoutWhatHappened<E extends Error>(error: E): E {
  (error as E & { doNotContextify?: boolean }).doNotContextify = true;
  return error;
}
export const quiet = withoutWhatHappened; // alias until callers move

/** A value the user gave, cut short enough for a message. */
export const shown = (value: string): string => cutText(value, 80);

export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** What every row of the error tables knows of a failed request. */
export interface Failure {
  readonly errors: ZObject['errors'];
  readonly call: CallContext;
  /** The method and path, such as "GET /api/video", for messages. */
  readonly where: string;
}

/**
 * One row of an error table: the failures it covers, in words for the reader
 * (`covers`) and as a test (`when`), and the error it gives. A request that
 * is not safe to retry gets the `notSafeToRetry` error where the row has one:
 * with no clear response, what it creates may exist all the same.
 */
export interface ErrorRow<F extends Failure> {
  readonly covers: string;
  readonly when: (failure: F) => boolean;
  /** The error; undefined when the response is a success after all. */
  readonly error: (failure: F) => Error | undefined;
  readonly notSafeToRetry?: (failure: F, creates: string) => Error;
}

/** The error of the first row that covers the failure; undefined when none does. */
export function firstError<F extends Failure>(
  rows: readonly ErrorRow<F>[],
  failure: F,
): Error | undefined {
  const row = rows.find(({ when }) => when(failure));
  const { endpoint } = failure.call;
  if (row?.notSafeToRetry && !endpoint.safeToRetry) {
    return row.notSafeToRetry(failure, endpoint.creates);
  }
  return row?.error(failure);
}

export const whereOf = ({ endpoint, url }: CallContext): string =>
  `${endpoint.method} ${new URL(url).pathname}`;

/** Logs advice for the maintainer: only the person who deploys the app can change the base address. */
export const logBaseUrlHint = (call: CallContext, what: string): void =>
  call.log(
    `${what} If this keeps happening, check the ${call.endpoint.base} setting (now "${call.baseUrl}"): ` +
      `it should be the API's address, such as ${API_HOST_EXAMPLE}.`,
  );

/** The advice for a request that is not safe to retry and got no clear response. */
export const mayHaveGoneThrough = (creates: string): string =>
  `${capitalised(creates)} may have gone through: check in ${SERVICE_NAME} before you run this ` +
  'step again. Zapier does not retry it by itself, so nothing is done twice.';

/** The error for a request that is not safe to retry and got no clear response: what happened, then the advice. */
export const outcomeUnknown = (
  failure: Failure,
  what: string,
  creates: string,
  status?: number,
): Error =>
  new failure.errors.Error(`${what} ${mayHaveGoneThrough(creates)}`, 'outcome_unknown', status);
