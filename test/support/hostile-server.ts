// A service at its worst, on loopback: each case is a base path
// (BASE_URL=http://127.0.0.1:<port>/<case>), so one server and one Lambda process serve many
// cases. It records every request it reads, whole.
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { closeServer, listenOnLoopback } from '../../sandbox/http';

export interface Received {
  readonly method: string;
  /** The path without the case's prefix, with its query. */
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  /** The body, as sent. */
  readonly body: string;
}

/** What the server does once it has read a request. */
export type Behaviour = (res: http.ServerResponse, request: Received) => void;

export interface HostileServer {
  /** The base address of one case. */
  base(name: string): string;
  /** The requests one case received. */
  received(name: string): Received[];
  close(): Promise<void>;
}

/** An answer written as given: the body's bytes and the headers, nothing added. */
export const raw =
  (status: number, body: string | Buffer, headers: Record<string, string> = {}): Behaviour =>
  (res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

export const answers = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  raw(status, JSON.stringify(body), { 'Content-Type': 'application/json', ...headers });

/** What the service answers when all is well: a list, a subscription's id, or `status: true`. */
export const behaves: Behaviour = (res, request) => {
  if (request.method === 'GET')
    answers(200, [{ id: '64b7f0c2a91e3d5f8c2b4a17', title: 'Demo' }])(res, request);
  else if (request.url.endsWith('/subscribe')) answers(201, { id: 'sub-1' })(res, request);
  else answers(200, { status: true })(res, request);
};

/** Never answers: the connection stays open until the client gives up. */
export const silent: Behaviour = () => undefined;

/** Reads the whole request, then drops the connection without a word. */
export const resets: Behaviour = (res) => res.socket?.destroy();

export const redirects = (status: number, location: string): Behaviour =>
  raw(status, '', { Location: location });

/** About 1 MiB of gzip that unpacks to `inflatedMiB` MiB: gzip members of 1 MiB, end to end. */
export function gzipBomb(inflatedMiB: number): Behaviour {
  const member = gzipSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9 });
  const body = Buffer.concat(Array.from({ length: inflatedMiB }, () => member));
  return raw(200, body, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
}

/** Starts a server whose cases behave as `cases` says; any other path is a JSON 404. */
export async function startHostileServer(
  cases: Readonly<Record<string, Behaviour>>,
): Promise<HostileServer> {
  const log = new Map<string, Received[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const [, name = '', ...rest] = (req.url ?? '/').split('/');
      const request: Received = {
        method: req.method ?? '',
        url: `/${rest.join('/')}`,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      log.set(name, [...(log.get(name) ?? []), request]);
      (cases[name] ?? answers(404, { error: `no case ${name}` }))(res, request);
    });
  });
  const url = await listenOnLoopback(server);
  return {
    base: (name) => `${url}/${name}`,
    received: (name) => log.get(name) ?? [],
    close: () => closeServer(server),
  };
}
