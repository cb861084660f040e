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
}

export type AnswerRule = 'json' | 'json-or-empty' | 'any';

const endpoint = (
  method: Endpoint['method'],
  path: string,
  options: Partial<Pick<Endpoint, 'base' | 'jsonContentType' | 'answer'>> = {},
): Endpoint => ({
  method,
  path,
  base: options.base ?? 'BASE_URL',
  jsonContentType: options.jsonContentType ?? true,
  answer: options.answer ?? 'json',
});

/** Every endpoint of the service interface, in one place. */
export const ENDPOINTS = {
  listVideos: endpoint('GET', '/api/video'),
  listPdfs: endpoint('GET', '/api/pdf'),
  listImages: endpoint('GET', '/api/image'),
  listTemplates: endpoint('GET', '/api/template'),
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
