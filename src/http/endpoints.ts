// Every endpoint of the service: the request, the step's work in the Zap builder's words, what a
// 2xx must hold to count as done, and, for a request not safe to retry, what to check when no
// clear response came.
import type { BaseUrlSetting } from '../config';

/** What a 2xx must hold: JSON, a list, `"status": true`, an id, or no page (a removal). */
type Confirmation = 'json' | 'list' | 'status' | 'id' | 'removal';

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly base: BaseUrlSetting;
  /** The interface lists `Content-Type: application/json` for the list, send and note endpoints. */
  readonly json: boolean;
  /** The step's work, as messages name it: "while listing your videos". */
  readonly work: string;
  readonly confirms: Confirmation;
  /** Set on a request that is not safe to retry: what may have happened, and what to check. */
  readonly unclear?: string;
  /** Unsubscribing: the service's "already gone" counts as done. */
  readonly goneIsDone?: true;
}

const list = (path: string, work: string): Endpoint => ({
  method: 'GET',
  path,
  base: 'BASE_URL',
  json: true,
  work,
  confirms: 'list',
});

// No error type stops Zapier from running a step again: with Autoreplay on, it may.
const CHECK_FIRST =
  'Check in CRMGrow before you run this step again: if Autoreplay is on, Zapier may run it again by itself.';

const send = (path: string, work: string, base: BaseUrlSetting = 'BASE_URL'): Endpoint => ({
  method: 'POST',
  path,
  base,
  json: true,
  work,
  confirms: 'status',
  unclear: `The email may have been sent all the same. ${CHECK_FIRST}`,
});

export const ENDPOINTS = {
  listVideos: list('/api/video', 'listing your videos'),
  listPdfs: list('/api/pdf', 'listing your PDFs'),
  listImages: list('/api/image', 'listing your images'),
  listTemplates: list('/api/template', 'listing your templates'),
  // Listing templates is cheap, safe to retry and needs a valid key.
  testConnection: list('/api/template', 'testing the connection'),
  sendVideo: send('/api/send-video', 'sending the video'),
  sendPdf: send('/api/send-pdf', 'sending the PDF', 'ALT_BASE_URL'),
  sendImage: send('/api/send-image', 'sending the image'),
  addNote: {
    ...send('/api/note', 'adding the note'),
    unclear: `The note may have been added all the same. ${CHECK_FIRST}`,
  },
  // A second subscription would deliver every event twice.
  subscribe: {
    ...send('/api/outbound/subscribe', 'turning on the Zap'),
    confirms: 'id',
    unclear:
      'CRMGrow may have subscribed the Zap all the same, and would then send its events twice: ' +
      'ask CRMGrow support to check before you turn the Zap on again.',
  },
  // Safe to retry: a second removal finds the subscription gone.
  unsubscribe: {
    method: 'DELETE',
    path: '/api/outbound/unsubscribe',
    base: 'BASE_URL',
    json: false,
    work: 'turning off the Zap',
    // The interface shows no response: any that is not a page and does not say no will do.
    confirms: 'removal',
    goneIsDone: true,
  },
  performList: {
    ...list('/api/outbound/perform', 'loading sample data'),
    json: false,
    confirms: 'json',
  },
} as const satisfies Record<string, Endpoint>;
