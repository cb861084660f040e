// The error for a request that got no whole response: the first row below that covers it.
import {
  firstError,
  SERVICE_NAME,
  whereOf,
  type CallContext,
  type ErrorRow,
  type Failure,
} from './errors';
import { isRecord } from './json';

interface NetworkFailure extends Failure {
  readonly timedOut: boolean;
  /** node-fetch's `type` (max-size, request-timeout, …) and Node's `code`, where given. */
  readonly type: unknown;
  readonly code: unknown;
  readonly host: string;
  /** The first of the cause's code, errno and type that REASONS names. */
  readonly known: string | undefined;
  readonly reason: string;
}

const REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ERR_STREAM_PREMATURE_CLOSE: 'it closed with the answer cut short',
  'request-timeout': 'the request timed out',
};

/** Failures before any byte of the request reached the service. */
const BEFORE_SENDING: readonly unknown[] = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'];

/** zlib's codes for a compressed response that cannot be unpacked. */
const UNPACK_FAILED = new Set<unknown>([
  'Z_DATA_ERROR',
  'Z_BUF_ERROR',
  'Z_STREAM_ERROR',
  'Z_NEED_DICT',
]);

const sizeText = (bytes: number): string =>
  bytes % (1024 * 1024) === 0
    ? `${bytes / 1024 / 1024} MiB`
    : `${bytes.toLocaleString('en-US')} bytes`;

const lateText = ({ host, where, call }: NetworkFailure): string =>
  `${SERVICE_NAME} at ${host} did not answer ${where} in time (within ${Math.round(call.deadlineMs / 100) / 10} s).`;
const tooLargeText = ({ where, call }: NetworkFailure): string =>
  `${SERVICE_NAME}'s answer to ${where} was larger than ${sizeText(call.maxAnswerBytes)}, the most this integration reads, so it was not read.`;
const unpackText = ({ where }: NetworkFailure): string =>
  `${SERVICE_NAME}'s answer to ${where} came compressed (gzip or deflate) but could not be unpacked: it was corrupt or cut short.`;
const brokeText = ({ host, where, reason }: NetworkFailure): string =>
  `The connection to ${SERVICE_NAME} at ${host} broke before its answer to ${where} came (${reason}).`;
const noResponse = ({ host, where, reason }: NetworkFailure): string =>
  `No answer from ${host} to ${where} (${reason}).`;

/** The deadline row comes first: whatever fails after the deadline is its doing. */
export const NETWORK_ERRORS: readonly ErrorRow<NetworkFailure>[] = [
  {
    covers: 'no whole response before the deadline',
    when: ({ timedOut }) => timedOut,
    code: 'timeout',
    message: (failure) =>
      `${lateText(failure)} Try again in a few minutes; if it keeps happening, ${SERVICE_NAME} may be having trouble.`,
    notSafeToRetry: lateText,
  },
  {
    covers: 'a response larger than the cap',
    when: ({ type }) => type === 'max-size',
    code: 'answer_too_large',
    message: (failure) =>
      `${tooLargeText(failure)} Contact ${SERVICE_NAME} support with this message.`,
    notSafeToRetry: tooLargeText,
  },
  {
    covers: 'a compressed response that cannot be unpacked',
    when: ({ code }) => UNPACK_FAILED.has(code),
    code: 'invalid_response',
    message: (failure) =>
      `${unpackText(failure)} Try again in a few minutes; if it keeps happening, contact ${SERVICE_NAME} support.`,
    notSafeToRetry: unpackText,
  },
  {
    covers: 'no connection (refused, no such host): nothing was sent',
    when: ({ known }) => BEFORE_SENDING.includes(known),
    logged: noResponse,
    code: 'network_error',
    message: ({ host, reason, call }) =>
      `Could not reach ${SERVICE_NAME} at ${host} (${reason}). ` +
      `${call.endpoint.safeToRetry ? '' : 'Nothing was sent. '}Try again in a few minutes.`,
  },
  {
    covers: 'a connection that broke before the whole response',
    when: () => true,
    logged: noResponse,
    code: 'network_error',
    message: (failure) => `${brokeText(failure)} Try again in a few minutes.`,
    notSafeToRetry: brokeText,
  },
];

export function networkError(
  errors: Failure['errors'],
  call: CallContext,
  cause: unknown,
  timedOut: boolean,
): Error {
  const record = isRecord(cause) ? cause : {};
  const known = [record.code, record.errno, record.type].find(
    (value): value is string => typeof value === 'string' && Object.hasOwn(REASONS, value),
  );
  const failure: NetworkFailure = {
    errors,
    call,
    where: whereOf(call.endpoint, call.url),
    timedOut,
    type: record.type,
    code: record.code,
    host: new URL(call.url).host,
    known,
    reason: (known && REASONS[known]) || 'no whole answer came back',
  };
  // The last row covers every failure and always gives an error.
  return firstError(NETWORK_ERRORS, failure) as Error;
}
