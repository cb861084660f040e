// A stand-in for Zapier's hook URL: a loopback server that records every
// body POSTed to it, so a test can take what the sandbox delivered.
import http from 'node:http';
import { closeServer, listenOnLoopback, parseJsonOrUndefined, readBody } from './http';

export interface ReceivedHook {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<http.IncomingHttpHeaders>;
  readonly rawBody: string;
  /** The parsed JSON body; undefined when it is not JSON. */
  readonly body: unknown;
}

export interface Receiver {
  /** The hook URL to subscribe (a unique path, so several receivers are told apart). */
  readonly url: string;
  readonly received: readonly ReceivedHook[];
  /** The next delivery not yet taken by next(); waits up to `timeoutMs` for it. */
  next(timeoutMs?: number): Promise<ReceivedHook>;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  /** What the receiver answers; Zapier answers 200 with a JSON status. */
  readonly status?: number;
  readonly answer?: unknown;
}

let receivers = 0;

export async function startReceiver(options: ReceiverOptions = {}): Promise<Receiver> {
  const received: ReceivedHook[] = [];
  const waiting: ((hook: ReceivedHook) => void)[] = [];
  let taken = 0;
  const answer = JSON.stringify(options.answer ?? { status: 'success' });

  const server = http.createServer((req, res) => {
    void readBody(req).then((rawBody) => {
      const hook: ReceivedHook = {
        method: req.method ?? '',
        path: req.url ?? '/',
        headers: req.headers,
        rawBody,
        body: parseJsonOrUndefined(rawBody),
      };
      received.push(hook);
      waiting.shift()?.(hook);
      res.writeHead(options.status ?? 200, { 'Content-Type': 'application/json' });
      res.end(answer);
    });
  });
  const origin = await listenOnLoopback(server);
  receivers += 1;

  return {
    url: `${origin}/hooks/catch/${receivers}/`,
    received,
    next(timeoutMs = 5_000) {
      const ready = received[taken];
      if (ready) {
        taken += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(take), 1);
          reject(new Error(`no delivery reached ${origin} within ${timeoutMs} ms`));
        }, timeoutMs);
        const take = (hook: ReceivedHook): void => {
          clearTimeout(timer);
          taken += 1;
          resolve(hook);
        };
        waiting.push(take);
      });
    },
    close: () => closeServer(server),
  };
}
