import type { BaseUrlVariable } from '../config';

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  /** Which configured base address the path is appended to. */
  readonly base: BaseUrlVariable;
  /** The interface lists `Content-Type: application/json` for this endpoint. */
  readonly jsonContentType: boolean;
  /**
   * What a 2xx answer must hold: JSON (`json`); JSON or nothing, where the interface
   * shows no answer but an HTML page would still mean a wrong address (`json-or-empty`);
   * or anything (`any`).
   */
  readonly answer: AnswerRule;
  /**
   * The answer is a whole library, as large as the account (the interface has no
   * paging): 14 MiB for 200,000 videos. Read raw, once, by us: otherwise core parses
   * it twice more and copies it into its HTTP log, scanning every string in it for
   * secrets, which took 4× the time of the request itself. The log keeps the
   * request and status, without the body.
   */
  readonly wholeLibrary: boolean;
}

export type AnswerRule = 'json' | 'json-or-empty' | 'any';

const endpoint = (
  method: Endpoint['method'],
  path: string,
  options: Partial<Pick<Endpoint, 'base' | 'jsonContentType' | 'answer' | 'wholeLibrary'>> = {},
): Endpoint => ({
  method,
  path,
  base: options.base ?? 'BASE_URL',
  jsonContentType: options.jsonContentType ?? true,
  answer: options.answer ?? 'json',
  wholeLibrary: options.wholeLibrary ?? false,
});

/** Every endpoint of the service interface, in one place. */
export const ENDPOINTS = {
  listVideos: endpoint('GET', '/api/video', { wholeLibrary: true }),
  listPdfs: endpoint('GET', '/api/pdf', { wholeLibrary: true }),
  listImages: endpoint('GET', '/api/image', { wholeLibrary: true }),
  listTemplates: endpoint('GET', '/api/template', { wholeLibrary: true }),
  sendVideo: endpoint('POST', '/api/send-video'),
  // The interface shows no answer for these two sends.
  sendPdf: endpoint('POST', '/api/send-pdf', { base: 'ALT_BASE_URL', answer: 'json-or-empty' }),
  sendImage: endpoint('POST', '/api/send-image', { answer: 'json-or-empty' }),
  addNote: endpoint('POST', '/api/note'),
  // The webhook endpoints list only Authorization; subscribe still sends JSON.
  subscribe: endpoint('POST', '/api/outbound/subscribe'),
  unsubscribe: endpoint('DELETE', '/api/outbound/unsubscribe', {
    jsonContentType: false,
    answer: 'any',
  }),
  performList: endpoint('GET', '/api/outbound/perform', { jsonContentType: false }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
