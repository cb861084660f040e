// A stand-in for Zapier's hook URL: a loopback server that keeps every delivery POSTed to it and
// answers as Zapier does, so a test or `npm start` can take what the sandbox delivered.
import http from 'node:http';
import { closeServer, listenOnLoopback, parseJsonOrUndefined, readBody } from './http';

export interface ReceivedHook {
  readonly headers: Readonly<http.IncomingHttpHeaders>;
  readonly rawBody: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  readonly body: unknown;
}

export interface Receiver {
  /** The hook URL to subscribe. */
  readonly url: string;
  /** The next delivery not taken yet; fails after `timeoutMs` without one. */
  next(timeoutMs?: number): Promise<ReceivedHook>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedHook[] = [];
  const waiting: ((hook: ReceivedHook) => void)[] = [];
  const server = http.createServer((req, res) => {
    void readBody(req).then((rawBody) => {
      const hook = { headers: req.headers, rawBody, body: parseJsonOrUndefined(rawBody) };
      const take = waiting.shift();
      if (take) take(hook);
      else received.push(hook);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"status":"success"}');
    });
  });
  const origin = await listenOnLoopback(server);
  return {
    url: `${origin}/hooks/catch/1/`,
    next: (timeoutMs = 5_000) => {
      const ready = received.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const take = (hook: ReceivedHook): void => {
          clearTimeout(timer);
          resolve(hook);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(take), 1);
          reject(new Error(`no delivery reached ${origin} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push(take);
      });
    },
    close: () => closeServer(server),
  };
}
