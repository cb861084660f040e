// Every endpoint of the service: the request, what a 2xx must hold, and whether it is safe to retry.
import type { BaseUrlVariable } from '../config';

/** What a 2xx must hold for the request to count as done: SUCCESS in responses.ts says each. */
export type SuccessCheck = 'json' | 'list' | 'statusTrue' | 'id' | 'deleted';

export type Endpoint = {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly base: BaseUrlVariable;
  readonly jsonContentType: boolean;
  readonly success: SuccessCheck;
} & (
  | { readonly safeToRetry: true }
  // What the request creates ("the email"), named when no clear response comes.
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
  // Not safe to retry: a second subscription would deliver every event twice.
  subscribe: endpoint('POST', '/api/outbound/subscribe', { success: 'id' }, 'the subscription'),
  // Safe to retry: a second removal finds the subscription already deleted.
  unsubscribe: endpoint('DELETE', '/api/outbound/unsubscribe', {
    jsonContentType: false,
    success: 'deleted',
  }),
  performList: endpoint('GET', '/api/outbound/perform', { jsonContentType: false }),
} as const satisfies Record<string, Endpoint>;
