import type { BaseUrlVariable } from '../config';

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  /** Which configured base address the path is appended to. */
  readonly base: BaseUrlVariable;
  /** The interface lists `Content-Type: application/json` for this endpoint. */
  readonly jsonContentType: boolean;
  /** The answer must be JSON; false where the interface does not show one. */
  readonly expectsJson: boolean;
}

const endpoint = (
  method: Endpoint['method'],
  path: string,
  options: Partial<Pick<Endpoint, 'base' | 'jsonContentType' | 'expectsJson'>> = {},
): Endpoint => ({
  method,
  path,
  base: options.base ?? 'BASE_URL',
  jsonContentType: options.jsonContentType ?? true,
  expectsJson: options.expectsJson ?? true,
});

/** Every endpoint of the service interface, in one place. */
export const ENDPOINTS = {
  listVideos: endpoint('GET', '/api/video'),
  listPdfs: endpoint('GET', '/api/pdf'),
  listImages: endpoint('GET', '/api/image'),
  listTemplates: endpoint('GET', '/api/template'),
  sendVideo: endpoint('POST', '/api/send-video'),
  sendPdf: endpoint('POST', '/api/send-pdf', { base: 'ALT_BASE_URL' }),
  sendImage: endpoint('POST', '/api/send-image'),
  addNote: endpoint('POST', '/api/note'),
  // The webhook endpoints list only Authorization; subscribe still sends JSON.
  subscribe: endpoint('POST', '/api/outbound/subscribe'),
  unsubscribe: endpoint('DELETE', '/api/outbound/unsubscribe', {
    jsonContentType: false,
    expectsJson: false,
  }),
  performList: endpoint('GET', '/api/outbound/perform', { jsonContentType: false }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
