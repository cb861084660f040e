// A service at its worst, on loopback: each case is a base path
// (BASE_URL=http://127.0.0.1:<port>/<case>), so one server and one Lambda
// process serve many cases. It records every request it reads, whole.
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { closeServer, listenOnLoopback } from '../../sandbox/http';

export interface Received {
  readonly method: string;
  /** The path without the case's prefix, with its query. */
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  /** The body, byte for byte. */
  readonly body: Buffer;
}

/** What the server does once it has read a request. */
export type Behaviour = (res: http.ServerResponse, request: Received) => void;

export interface HostileServer {
  readonly url: string;
  /** The base address of one case. */
  base(name: string): string;
  /** The requests each case received. */
  received(name: string): Received[];
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers = {}): void => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** Answers that behave: the shapes the interface shows. */
export const behaves: Behaviour = (res, request) => {
  if (request.method === 'GET') json(res, 200, [{ id: '64b7f0c2a91e3d5f8c2b4a17', title: 'Demo' }]);
  else if (request.url.startsWith('/api/outbound/subscribe')) json(res, 201, { id: 'sub-1' });
  else json(res, 200, { status: true });
};

export const answers =
  (status: number, body: unknown, headers: Record<string, string> = {}): Behaviour =>
  (res) =>
    json(res, status, body, headers);

/** An answer written as it is, byte for byte: no JSON encoding, the headers given alone. */
export const raw =
  (status: number, body: string | Buffer, headers: Record<string, string> = {}): Behaviour =>
  (res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

/** A page, as a web server or framework answers a route it does not know. */
export const html = (status: number, page: string): Behaviour =>
  raw(status, page, { 'Content-Type': 'text/html; charset=utf-8' });

/** Says it is gzip, then sends bytes that are none: no client can unpack them. */
export const gzipGarbage: Behaviour = (res) => {
  const body = Buffer.from('this is not gzip at all, only some plain bytes');
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Encoding': 'gzip',
    'Content-Length': String(body.length),
  });
  res.end(body);
};

/** Never answers: the socket stays open until the client gives up. */
export const silent: Behaviour = () => undefined;

/** Headers at once, then one byte a second, for ever. */
export const drips: Behaviour = (res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.write('[');
  const timer = setInterval(() => res.write(' '), 1_000);
  res.on('close', () => clearInterval(timer));
};

/** Promises 100 bytes, sends 12, then holds the connection open or closes it. */
export const shortBody =
  (then: 'hold' | 'close'): Behaviour =>
  (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
    res.write('{"status":tr');
    if (then === 'close') setTimeout(() => res.socket?.destroy(), 20);
  };

/** Reads the whole request, then drops the connection without a word. */
export const resets: Behaviour = (res) => {
  res.socket?.destroy();
};

export const redirects =
  (status: number, location: string): Behaviour =>
  (res) => {
    res.writeHead(status, { Location: location, 'Content-Type': 'text/plain' });
    res.end(`Moved to ${location}`);
  };

/**
 * A gzip answer of `inflatedMiB` MiB of JSON whitespace from a small body:
 * one gzip member of 64 MiB repeated (gzip allows members end to end).
 */
export function gzipBomb(inflatedMiB: number): Behaviour {
  const member = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 });
  const body = Buffer.concat(Array.from({ length: Math.ceil(inflatedMiB / 64) }, () => member));
  return (res) => {
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
      'Content-Length': String(body.length),
    });
    res.end(body);
  };
}

/** Starts a server whose cases answer as `cases` says; any other path is a 404. */
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
        body: Buffer.concat(chunks),
      };
      log.set(name, [...(log.get(name) ?? []), request]);
      const behaviour = cases[name];
      if (behaviour) behaviour(res, request);
      else json(res, 404, { error: `no case ${name}` });
    });
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    base: (name) => `${url}/${name}`,
    received: (name) => log.get(name) ?? [],
    close: () => closeServer(server),
  };
}
