// Every endpoint of the service: its route, what the step is doing in the Zap builder's words, its
// success check (what a 2xx must hold), and whether it is idempotent.
import type { BaseUrlSetting, RouteSet } from '../config';
import type { ListKey } from '../lib/crmgrow-lists';

/** What a 2xx must hold: JSON, a list, `"status": true`, an id, `"status": true` with the record
 * made, or no HTML body (a removal). */
type SuccessCheck = 'json' | 'list' | 'status' | 'id' | 'record' | 'json-or-empty';

/** Each route's path: the API spec's, and the `/api-v2/` routes the service's newest public source
 * serves for an API key (Teamgrow-Backend a2ec244, `app.js`, `src/routes/api/*.js`). The API_ROUTES
 * setting chooses one table (src/config.ts). */
export const PATHS = {
  spec: {
    video: '/api/video',
    pdf: '/api/pdf',
    image: '/api/image',
    template: '/api/template',
    send_video: '/api/send-video',
    send_pdf: '/api/send-pdf',
    send_image: '/api/send-image',
    note: '/api/note',
    label: '/api/label',
    automation: '/api/automation',
    lead: '/api/lead',
    contact: '/api/contact',
    followup: '/api/followup',
    subscribe: '/api/outbound/subscribe',
    unsubscribe: '/api/outbound/unsubscribe',
    perform: '/api/outbound/perform',
  },
  'api-v2': {
    video: '/api-v2/material/video',
    pdf: '/api-v2/material/pdf',
    image: '/api-v2/material/image',
    template: '/api-v2/template',
    send_video: '/api-v2/material/send-video',
    send_pdf: '/api-v2/material/send-pdf',
    send_image: '/api-v2/material/send-image',
    note: '/api-v2/note',
    label: '/api-v2/label',
    automation: '/api-v2/automation',
    lead: '/api-v2/lead',
    contact: '/api-v2/contact',
    followup: '/api-v2/followup',
    subscribe: '/api-v2/outbound/subscribe',
    unsubscribe: '/api-v2/outbound/unsubscribe',
    perform: '/api-v2/outbound/perform',
  },
} as const satisfies Record<RouteSet, Record<string, string>>;

export type Route = keyof (typeof PATHS)['spec'];

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly route: Route;
  readonly base: BaseUrlSetting;
  /** The API spec lists `Content-Type: application/json` for the list, send and note endpoints. */
  readonly json: boolean;
  /** What the step is doing, in messages: "listing your videos". */
  readonly activity: string;
  readonly successCheck: SuccessCheck;
  /** Set on a request that is not idempotent: what it may have done without a clear response. */
  readonly notIdempotent?: 'email' | 'note' | 'contact' | 'task' | 'automation' | 'subscription';
  readonly goneCountsAsRemoved?: true;
}

const list = (route: Route, activity: string): Endpoint => ({
  method: 'GET',
  route,
  base: 'BASE_URL',
  json: true,
  activity,
  successCheck: 'list',
});

const post = (
  route: Route,
  activity: string,
  notIdempotent: Endpoint['notIdempotent'],
  { base = 'BASE_URL', successCheck = 'status' }: Partial<Endpoint> = {},
): Endpoint => ({
  method: 'POST',
  route,
  base,
  json: true,
  activity,
  successCheck,
  notIdempotent,
});

export const LIST_ENDPOINTS = {
  video: list('video', 'listing your videos'),
  pdf: list('pdf', 'listing your PDFs'),
  image: list('image', 'listing your images'),
  template: list('template', 'listing your templates'),
  label: list('label', 'listing your labels'),
  automation: list('automation', 'listing your automations'),
  lead: list('lead', 'listing your lead forms and events'),
} as const satisfies Record<ListKey, Endpoint>;

/** The send of each material; its create is `send_<material>`, its id input `<material>_id`. */
export const SEND_ENDPOINTS = {
  video: post('send_video', 'sending the video', 'email'),
  pdf: post('send_pdf', 'sending the PDF', 'email', { base: 'ALT_BASE_URL' }),
  image: post('send_image', 'sending the image', 'email'),
} as const satisfies Partial<Record<ListKey, Endpoint>>;

export const ENDPOINTS = {
  // Listing templates is cheap, idempotent and needs a valid key.
  testConnection: list('template', 'testing the connection'),
  addNote: post('note', 'adding the note', 'note'),
  // The routes of CRMGrow's own Zapier app beside the API spec's (docs/service-api.md): each
  // answers the record it made as `data`, but for the automation's `{"status": true}`.
  createContact: post('contact', 'adding the contact', 'contact', { successCheck: 'record' }),
  createTask: post('followup', 'adding the task', 'task', { successCheck: 'record' }),
  addToAutomation: post('automation', 'adding the contact to the automation', 'automation'),
  // Not idempotent: a second subscription would deliver every event twice.
  subscribe: {
    ...post('subscribe', 'turning on the Zap', 'subscription'),
    successCheck: 'id',
  },
  // Idempotent: a second removal finds the subscription gone.
  unsubscribe: {
    method: 'DELETE',
    route: 'unsubscribe',
    base: 'BASE_URL',
    json: false,
    activity: 'turning off the Zap',
    // The API spec shows no response: any JSON or empty body that is no refusal will do.
    successCheck: 'json-or-empty',
    goneCountsAsRemoved: true,
  },
  performList: {
    ...list('perform', 'loading sample data'),
    json: false,
    successCheck: 'json',
  },
} as const satisfies Record<string, Endpoint>;
