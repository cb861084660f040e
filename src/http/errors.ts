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
  /** The response's status, where a response came. */
  readonly status?: number;
}

/**
 * One row of an error table. A row gives either `code` and `message`, for a plain error with
 * that code and the response's status, or `error`, for any other error or none. `logged` says
 * what happened in the maintainer's log, with a hint about the base address. `notSafeToRetry`
 * says what happened for a request not safe to retry, which then gets "outcome unknown".
 */
export type ErrorRow<F extends Failure> = {
  readonly covers: string;
  readonly when: (failure: F) => boolean;
  readonly logged?: (failure: F) => string;
  readonly notSafeToRetry?: (failure: F) => string;
} & (
  | { readonly code: string; readonly message: (failure: F) => string }
  | { readonly error: (failure: F) => Error | undefined }
);

export const mayHaveGoneThrough = (creates: string): string =>
  `${capitalised(creates)} may have gone through: check in ${SERVICE_NAME} before you run this ` +
  'step again. Zapier does not retry it by itself, so nothing is done twice.';

/** The error of the first row that covers the failure, or undefined where none does. */
export function firstError<F extends Failure>(
  rows: readonly ErrorRow<F>[],
  failure: F,
): Error | undefined {
  const row = rows.find(({ when }) => when(failure));
  if (!row) return undefined;
  const { errors, call, status } = failure;
  const { endpoint } = call;
  // Only the person who deploys the app can change the base address, so this goes to the log.
  if (row.logged) {
    call.log(
      `${row.logged(failure)} If this keeps happening, check the ${endpoint.base} setting ` +
        `(now "${call.baseUrl}"): it should be the API's address, such as ${DEFAULT_BASE_URL}.`,
    );
  }
  if (row.notSafeToRetry && !endpoint.safeToRetry) {
    return new errors.Error(
      `${row.notSafeToRetry(failure)} ${mayHaveGoneThrough(endpoint.creates)}`,
      'outcome_unknown',
      status,
    );
  }
  return 'error' in row
    ? row.error(failure)
    : new errors.Error(row.message(failure), row.code, status);
}

/** The method and path, such as "GET /api/video"; from the URL, with the base address's own path. */
export const whereOf = (endpoint: Endpoint, url?: string): string =>
  `${endpoint.method} ${url === undefined ? endpoint.path : new URL(url).pathname}`;
