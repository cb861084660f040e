// A request as the sandbox's routes read it, and their answers: shared by server.ts and crm.ts.
import type http from 'node:http';
import { isPlainObject } from './http';

/** Which of the two base addresses a request came in on. */
export type BaseName = 'BASE_URL' | 'ALT_BASE_URL';

export interface Incoming {
  readonly base: BaseName;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** As Node gives them: lower-case names. */
  readonly headers: Readonly<http.IncomingHttpHeaders>;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  readonly body: unknown;
  /** The last path segment of a source route (`/unsubscribe/:id`, `/perform/:action`). */
  readonly segment?: string;
}

export interface Answer {
  readonly status: number;
  /** JSON text, or the text of Express's HTML error page. */
  readonly text: string;
  readonly html?: true;
}

export type Route = (req: Incoming) => Answer;

export const json = (status: number, body: unknown): Answer => ({
  status,
  text: JSON.stringify(body),
});
/** The service's error body. */
export const refusal = (status: number, error: string): Answer =>
  json(status, { status: false, error });

export const isObjectId = (value: string): boolean => /^[0-9a-f]{24}$/i.test(value);

export const textOf = (body: unknown, key: string): string => {
  const value = isPlainObject(body) ? body[key] : undefined;
  return typeof value === 'string' ? value.trim() : '';
};
