// A stand-in for Zapier's hook URL: a loopback server that keeps every delivery POSTed to it and
// answers as Zapier does, so a test or `npm start` can take what the sandbox delivered.
import http from 'node:http';
import { closeServer, listenOnLoopback, parseJsonOrUndefined, readBody } from './http';

export interface ReceivedHook {
  readonly rawBody: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  readonly body: unknown;
}

export interface Receiver {
  /** The hook URL to subscribe. */
  readonly url: string;
  /**
   * The oldest delivery not taken yet. A delivery is kept before it is answered, so every one
   * the sandbox's fire() has awaited is here.
   */
  next(): ReceivedHook;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedHook[] = [];
  const server = http.createServer((req, res) => {
    void readBody(req).then((rawBody) => {
      received.push({ rawBody, body: parseJsonOrUndefined(rawBody) });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"status":"success"}');
    });
  });
  const url = `${await listenOnLoopback(server)}/hooks/catch/1/`;
  return {
    url,
    next: () => {
      const hook = received.shift();
      if (!hook) throw new Error(`no delivery reached ${url}`);
      return hook;
    },
    close: () => closeServer(server),
  };
}
