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
  ...(options.effect ? { effect: options.effect } : {}),
});

/** The sends and the note: success is `"status": true`, and each may have happened. */
const write = (effect: string): Pick<Endpoint, 'answer' | 'effect'> => ({
  answer: 'confirmed',
  effect,
});

/** Every endpoint of the service interface, in one place. */
export const ENDPOINTS = {
  listVideos: endpoint('GET', '/api/video'),
  listPdfs: endpoint('GET', '/api/pdf'),
  listImages: endpoint('GET', '/api/image'),
  listTemplates: endpoint('GET', '/api/template'),
  sendVideo: endpoint('POST', '/api/send-video', write('the email')),
  sendPdf: endpoint('POST', '/api/send-pdf', { base: 'ALT_BASE_URL', ...write('the email') }),
  sendImage: endpoint('POST', '/api/send-image', write('the email')),
  addNote: endpoint('POST', '/api/note', write('the note')),
  // The webhook endpoints list only Authorization; subscribe still sends JSON.
  // A second subscription would deliver every event twice.
  // Its answer is read by the trigger, which needs the subscription's id.
  subscribe: endpoint('POST', '/api/outbound/subscribe', {
    effect: 'the subscription',
    answer: 'any',
  }),
  unsubscribe: endpoint('DELETE', '/api/outbound/unsubscribe', {
    jsonContentType: false,
    answer: 'any',
  }),
  performList: endpoint('GET', '/api/outbound/perform', { jsonContentType: false }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
