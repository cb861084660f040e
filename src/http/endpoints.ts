import type { BaseUrlVariable } from '../config';

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  /** Which configured base address the path is appended to. */
  readonly base: BaseUrlVariable;
  /** The interface lists `Content-Type: application/json` for this endpoint. */
  readonly jsonContentType: boolean;
  /** What a 2xx answer must hold to confirm the request: see AnswerRule. */
  readonly answer: AnswerRule;
  /**
   * What the request does, for a write that may have happened when no clear
   * answer comes back ("the email"); such a request is never retried.
   * Undefined for reads, which are safe to repeat.
   */
  readonly effect?: string;
}

/**
 * What a 2xx answer must hold to confirm the request (src/http/answers.ts
 * reads it; any answer saying no is refused whatever the rule):
 * - `json`: any JSON (the lists and searches, which read their rows themselves; the samples);
 * - `list`: a list, bare or in a `{"data": [...]}` envelope (the connection test: it shows the key works);
 * - `confirmed`: `"status": true`, the interface's word for a send or note that happened;
 * - `subscribed`: the subscription's id (`id` or `_id`, bare or in the envelope);
 * - `unsubscribed`: `"status": true`; the service's word that the subscription does not exist
 *   counts as gone (see saysGone).
 */
export type AnswerRule = 'json' | 'list' | 'confirmed' | 'subscribed' | 'unsubscribed';

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
  // The connection test reads the templates: a list shows the key works.
  testConnection: endpoint('GET', '/api/template', { answer: 'list' }),
  sendVideo: endpoint('POST', '/api/send-video', write('the email')),
  sendPdf: endpoint('POST', '/api/send-pdf', { base: 'ALT_BASE_URL', ...write('the email') }),
  sendImage: endpoint('POST', '/api/send-image', write('the email')),
  addNote: endpoint('POST', '/api/note', write('the note')),
  // The webhook endpoints list only Authorization; subscribe still sends JSON.
  // A second subscription would deliver every event twice.
  subscribe: endpoint('POST', '/api/outbound/subscribe', {
    effect: 'the subscription',
    answer: 'subscribed',
  }),
  // Safe to repeat: a second removal finds the subscription gone.
  unsubscribe: endpoint('DELETE', '/api/outbound/unsubscribe', {
    jsonContentType: false,
    answer: 'unsubscribed',
  }),
  performList: endpoint('GET', '/api/outbound/perform', { jsonContentType: false }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
