// Every endpoint of the service's interface, in one place: the request, what
// a 2xx response must hold for the request to count as done, and whether the
// request is safe to retry.
import type { BaseUrlVariable } from '../config';

/**
 * What a 2xx response must hold for the request to count as done
 * (src/http/responses.ts checks it; a response that says the request failed
 * is an error whatever the check):
 * - `json`: any JSON (the lists and searches read their rows themselves; the samples);
 * - `list`: a list, bare or in a `{"data": [...]}` envelope (the connection test: it shows the key works);
 * - `statusTrue`: `"status": true`, the interface's word for a send or a note that was made;
 * - `id`: the new subscription's id (`id` or `_id`, bare or in the envelope);
 * - `deleted`: `"status": true`, or the service's word that the subscription is already deleted.
 */
export type SuccessCheck = 'json' | 'list' | 'statusTrue' | 'id' | 'deleted';

export type Endpoint = {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  /** Which configured base address the path is appended to. */
  readonly base: BaseUrlVariable;
  /** The interface lists `Content-Type: application/json` for this endpoint. */
  readonly jsonContentType: boolean;
  readonly success: SuccessCheck;
} & (
  | { readonly safeToRetry: true }
  // What the request creates ("the email"): when no clear response comes, it may
  // exist all the same, so the request is not retried and the message says so.
  | { readonly safeToRetry: false; readonly creates: string }
);

const endpoint = (
  method: Endpoint['method'],
  path: string,
  options: { base?: BaseUrlVariable; jsonContentType?: boolean; success?: SuccessCheck } = {},
  creates?: string,
): Endpoint => ({
  method,
  path,
  base: options.base ?? 'BASE_URL',
  jsonContentType: options.jsonContentType ?? true,
  success: options.success ?? 'json',
  ...(creates === undefined ? { safeToRetry: true } : { safeToRetry: false, creates }),
});

export const ENDPOINTS = {
  listVideos: endpoint('GET', '/api/video'),
  listPdfs: endpoint('GET', '/api/pdf'),
  listImages: endpoint('GET', '/api/image'),
  listTemplates: endpoint('GET', '/api/template'),
  // The connection test reads the templates: a list shows the key works.
  testConnection: endpoint('GET', '/api/template', { success: 'list' }),
  sendVideo: endpoint('POST', '/api/send-video', { success: 'statusTrue' }, 'the email'),
  sendPdf: endpoint(
    'POST',
    '/api/send-pdf',
    { base: 'ALT_BASE_URL', success: 'statusTrue' },
    'the email',
  ),
  sendImage: endpoint('POST', '/api/send-image', { success: 'statusTrue' }, 'the email'),
  addNote: endpoint('POST', '/api/note', { success: 'statusTrue' }, 'the note'),
  // The webhook endpoints list only Authorization; subscribe still sends JSON.
  // A second subscription would deliver every event twice.
  subscribe: endpoint('POST', '/api/outbound/subscribe', { success: 'id' }, 'the subscription'),
  // Safe to retry: a second removal finds the subscription already deleted.
  unsubscribe: endpoint('DELETE', '/api/outbound/unsubscribe', {
    jsonContentType: false,
    success: 'deleted',
  }),
  performList: endpoint('GET', '/api/outbound/perform', { jsonContentType: false }),
} as const satisfies Record<string, Endpoint>;
