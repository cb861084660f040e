// Small node:http helpers shared by the sandbox, its hook receiver and the
// hook deliveries. No framework: the sandbox must not add dependencies.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

/** The body of a request or answer, read to the end. */
export function readBody(stream: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Starts `server` on 127.0.0.1 only, by default on a port the OS picks, so
 * runs never collide and nothing is reachable from outside the machine.
 */
export function listenOnLoopback(server: http.Server, port = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

/** Stops accepting, drops keep-alive sockets, and resolves when the server is closed. */
export function closeServer(server: http.Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** Express's default error page: what the service answers for an unknown path. */
export const expressErrorPage = (text: string): string =>
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n' +
  `</head>\n<body>\n<pre>${escapeHtml(text)}</pre>\n</body>\n</html>\n`;

export interface PostResult {
  readonly status: number;
  readonly body: string;
}

/**
 * POSTs JSON to `url` on a fresh connection (no agent, so no socket outlives
 * the call) and resolves with the answer, or rejects on a network error or
 * after `timeoutMs`.
 */
export function postJson(url: string, payload: unknown, timeoutMs = 5_000): Promise<PostResult> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const text = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    // One options argument: zapier-platform-core patches http.request inside a
    // run and its wrapper drops the (url, options, callback) form.
    const req = transport.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          'User-Agent': 'crmgrow-sandbox',
        },
      },
      (res) => {
        readBody(res).then((body) => {
          clearTimeout(deadline);
          resolve({ status: res.statusCode ?? 0, body });
        }, fail);
      },
    );
    const fail = (error: Error): void => {
      clearTimeout(deadline);
      reject(error);
    };
    const deadline = setTimeout(
      () => req.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.on('error', fail);
    req.end(text);
  });
}
