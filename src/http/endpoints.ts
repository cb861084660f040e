import type { BaseUrlVariable } from '../config';

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  /** Which configured base address the path is appended to. */
  readonly base: BaseUrlVariable;
  /** The interface lists `Content-Type: application/json` for this endpoint. */
  readonly jsonContentType: boolean;
  /**
   * What a 2xx answer must hold: JSON (`json`); JSON with `status` true, the
   * interface's word for a send or note that happened (`confirmed`); or anything (`any`).
   */
  readonly answer: AnswerRule;
  /**
   * What the request does, for a write that may have happened when no clear
   * answer comes back ("the email"); such a request is never retried.
   * Undefined for reads, which are safe to repeat.
   */
  readonly effect?: string;
  /**
   * The answer is a whole library, as large as the account (the interface has no
   * paging): 14 MiB for 200,000 videos. Read raw, once, by us: otherwise core parses
   * it twice more and copies it into its HTTP log, scanning every string in it for
   * secrets, which took 4× the time of the request itself. The log keeps the
   * request and status, without the body.
   */
  readonly wholeLibrary: boolean;
}

export type AnswerRule = 'json' | 'confirmed' | 'any';

const endpoint = (
  method: Endpoint['method'],
  path: string,
  options: Partial<Omit<Endpoint, 'method' | 'path'>> = {},
): Endpoint => ({
  method,
  path,
  base: options.base ?? 'BASE_URL',
  jsonContentType: options.jsonContentType ?? true,
  answer: options.answer ?? 'json',
  wholeLibrary: options.wholeLibrary ?? false,
  ...(options.effect ? { effect: options.effect } : {}),
});

/** The sends and the note: success is `"status": true`, and each may have happened. */
const write = (effect: string): Pick<Endpoint, 'answer' | 'effect'> => ({
  answer: 'confirmed',
  effect,
});

/** Every endpoint of the service interface, in one place. */
export const ENDPOINTS = {
  listVideos: endpoint('GET', '/api/video', { wholeLibrary: true }),
  listPdfs: endpoint('GET', '/api/pdf', { wholeLibrary: true }),
  listImages: endpoint('GET', '/api/image', { wholeLibrary: true }),
  listTemplates: endpoint('GET', '/api/template', { wholeLibrary: true }),
  sendVideo: endpoint('POST', '/api/send-video', write('the email')),
  sendPdf: endpoint('POST', '/api/send-pdf', { base: 'ALT_BASE_URL', ...write('the email') }),
  sendImage: endpoint('POST', '/api/send-image', write('the email')),
  addNote: endpoint('POST', '/api/note', write('the note')),
  // The webhook endpoints list only Authorization; subscribe still sends JSON.
  // A second subscription would deliver every event twice.
  subscribe: endpoint('POST', '/api/outbound/subscribe', { effect: 'the subscription' }),
  unsubscribe: endpoint('DELETE', '/api/outbound/unsubscribe', {
    jsonContentType: false,
    answer: 'any',
  }),
  performList: endpoint('GET', '/api/outbound/perform', { jsonContentType: false }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
