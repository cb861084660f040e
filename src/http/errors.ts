// What the two error tables share: response-errors.ts for a whole response,
// network-errors.ts for none. No error may ever hold the API key.
import type { ZObject } from 'zapier-platform-core';
import { DEFAULT_BASE_URL } from '../config';
import { cutText } from '../text';
import type { Endpoint } from './endpoints';

export const SERVICE_NAME = 'CRMGrow';

/** One input value a request sends; `search` is the label of the search that finds such an id. */
export interface SentField {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly search?: string;
}

export interface CallContext {
  readonly endpoint: Endpoint;
  readonly url: string;
  readonly baseUrl: string;
  readonly deadlineMs: number;
  readonly maxAnswerBytes: number;
  readonly fields?: readonly SentField[];
  /** Zapier's log of the run, where advice for the maintainer goes. */
  readonly log: (line: string) => void;
}

/** Stops core from appending "What happened" (the response as received, the log) to a complete message. */
export function withoutWhatHappened<E extends Error>(error: E): E {
  (error as E & { doNotContextify?: boolean }).doNotContextify = true;
  return error;
}

/** A value the user gave, cut short enough for a message. */
export const shown = (value: string): string => cutText(value, 80);

export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export interface Failure {
  readonly errors: ZObject['errors'];
  readonly call: CallContext;
  /** The method and path, such as "GET /api/video". */
  readonly where: string;
}

/** One row of an error table; a request that is not safe to retry gets `notSafeToRetry` where the row has one. */
export interface ErrorRow<F extends Failure> {
  readonly covers: string;
  readonly when: (failure: F) => boolean;
  readonly error: (failure: F) => Error | undefined;
  readonly notSafeToRetry?: (failure: F, creates: string) => Error;
}

export function firstError<F extends Failure>(
  rows: readonly ErrorRow<F>[],
  failure: F,
): Error | undefined {
  const row = rows.find(({ when }) => when(failure));
  const { endpoint } = failure.call;
  if (row?.notSafeToRetry && !endpoint.safeToRetry)
    return row.notSafeToRetry(failure, endpoint.creates);
  return row?.error(failure);
}

export const whereOf = ({ endpoint, url }: CallContext): string =>
  `${endpoint.method} ${new URL(url).pathname}`;

/** Only the person who deploys the app can change the base address, so this goes to the log. */
export const logBaseUrlHint = (call: CallContext, what: string): void =>
  call.log(
    `${what} If this keeps happening, check the ${call.endpoint.base} setting (now "${call.baseUrl}"): ` +
      `it should be the API's address, such as ${DEFAULT_BASE_URL}.`,
  );

export const mayHaveGoneThrough = (creates: string): string =>
  `${capitalised(creates)} may have gone through: check in ${SERVICE_NAME} before you run this ` +
  'step again. Zapier does not retry it by itself, so nothing is done twice.';

/** The error for a request that is not safe to retry and got no clear response. */
export const outcomeUnknown = (
  failure: Failure,
  what: string,
  creates: string,
  status?: number,
): Error =>
  new failure.errors.Error(`${what} ${mayHaveGoneThrough(creates)}`, 'outcome_unknown', status);
