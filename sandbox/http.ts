// Small node:http helpers shared by the sandbox, its hook receiver and the
// hook deliveries. No framework: the sandbox must not add dependencies.
import http from 'node:http';
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
 * Starts `server` on 127.0.0.1 only, on a port the OS picks, so runs never
 * collide and nothing is reachable from outside the machine.
 */
export function listenOnLoopback(server: http.Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
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

/** POSTs JSON to `url` on a connection of its own, as the service delivers a webhook: its status. */
export function postJson(url: string, payload: unknown, timeoutMs = 5_000): Promise<number> {
  const text = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const { hostname, port, pathname, search } = new URL(url);
    // One options argument, as core's patch of http.request (when on) takes no other form; no
    // agent, so no socket outlives the call.
    const req = http.request(
      {
        hostname,
        port,
        path: `${pathname}${search}`,
        method: 'POST',
        agent: false,
        timeout: timeoutMs,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) },
      },
      (res) => {
        readBody(res).then(() => resolve(res.statusCode ?? 0), reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(text);
  });
}
