// Every endpoint of the service: the request, the step's action in the Zap builder's words, its
// success check (what a 2xx must hold), and whether it is safe to retry.
import type { BaseUrlSetting } from '../config';
import type { ListKey } from '../lib/lists';

/** What a 2xx must hold: JSON, a list, `"status": true`, an id, or no HTML body (a removal). */
type SuccessCheck = 'json' | 'list' | 'status' | 'id' | 'removal';

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly base: BaseUrlSetting;
  /** The API spec lists `Content-Type: application/json` for the list, send and note endpoints. */
  readonly json: boolean;
  readonly action: string;
  readonly successCheck: SuccessCheck;
  /** Set on a request that is not safe to retry: what it may have done without a clear response. */
  readonly notSafeToRetry?: 'email' | 'note' | 'subscription';
  readonly alreadyGoneIsSuccess?: true;
}

const list = (path: string, action: string): Endpoint => ({
  method: 'GET',
  path,
  base: 'BASE_URL',
  json: true,
  action,
  successCheck: 'list',
});

const post = (
  path: string,
  action: string,
  notSafeToRetry: Endpoint['notSafeToRetry'],
  base: BaseUrlSetting = 'BASE_URL',
): Endpoint => ({
  method: 'POST',
  path,
  base,
  json: true,
  action,
  successCheck: 'status',
  notSafeToRetry,
});

export const LIST_ENDPOINTS = {
  video: list('/api/video', 'listing your videos'),
  pdf: list('/api/pdf', 'listing your PDFs'),
  image: list('/api/image', 'listing your images'),
  template: list('/api/template', 'listing your templates'),
} as const satisfies Record<ListKey, Endpoint>;

/** The send of each material; its create is `send_<material>`, its id input `<material>_id`. */
export const SEND_ENDPOINTS = {
  video: post('/api/send-video', 'sending the video', 'email'),
  pdf: post('/api/send-pdf', 'sending the PDF', 'email', 'ALT_BASE_URL'),
  image: post('/api/send-image', 'sending the image', 'email'),
} as const satisfies Partial<Record<ListKey, Endpoint>>;

export const ENDPOINTS = {
  // Listing templates is cheap, safe to retry and needs a valid key.
  testConnection: list('/api/template', 'testing the connection'),
  addNote: post('/api/note', 'adding the note', 'note'),
  // Not safe to retry: a second subscription would deliver every event twice.
  subscribe: {
    ...post('/api/outbound/subscribe', 'turning on the Zap', 'subscription'),
    successCheck: 'id',
  },
  // Safe to retry: a second removal finds the subscription gone.
  unsubscribe: {
    method: 'DELETE',
    path: '/api/outbound/unsubscribe',
    base: 'BASE_URL',
    json: false,
    action: 'turning off the Zap',
    // The API spec shows no response: any JSON or empty body that is no refusal will do.
    successCheck: 'removal',
    alreadyGoneIsSuccess: true,
  },
  performList: {
    ...list('/api/outbound/perform', 'loading sample data'),
    json: false,
    successCheck: 'json',
  },
} as const satisfies Record<string, Endpoint>;
