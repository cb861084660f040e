// An in-memory stand-in for the CRMGrow API, over real HTTP on loopback. It serves every endpoint
// of the service's interface at its path and answers as the service is seen to answer
// (docs/service-api.md): its error bodies, Express's HTML 404 for an unknown path, the key checked
// on every request, both base addresses, and webhooks delivered for real. The paths are written
// here, not taken from src/: a wrong path in the app meets the service's 404.
import http from 'node:http';
import { SAMPLE_BODIES } from '../src/hooks/samples';
import { DEFAULT_API_KEY, rejectionOf, SUSPENDED_API_KEY, tokenOf } from './auth';
import {
  closeServer,
  expressErrorPage,
  isPlainObject,
  listenOnLoopback,
  parseJsonOrUndefined,
  postJson,
  readBody,
} from './http';
import { LIST_KEYS, objectId, seedData, type Contact, type SeedData, type SeedSizes } from './seed';

/** Which of the two base addresses a request came in on. */
export type BaseName = 'BASE_URL' | 'ALT_BASE_URL';

type Payload = Record<string, unknown>;

export interface RecordedRequest {
  readonly base: BaseName;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** As Node gives them: lower-case names. */
  readonly headers: Readonly<http.IncomingHttpHeaders>;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  readonly body: unknown;
  readonly status: number;
}

export interface Subscription {
  readonly id: string;
  readonly hookUrl: string;
  readonly action: string;
}

/** One POST of an event to a hook URL: its HTTP status, or why it could not be made. */
export interface Delivery {
  readonly hookUrl: string;
  readonly status?: number;
  readonly error?: string;
}

export interface SandboxOptions {
  /** The key that works; default DEFAULT_API_KEY. */
  readonly apiKey?: string;
  readonly seed?: SeedSizes;
  /** Ports on 127.0.0.1; by default the OS picks free ones (keep that for tests). */
  readonly port?: number;
  readonly altPort?: number;
  /** Called after each request is answered (`npm run sandbox` prints them). */
  readonly onRequest?: (request: RecordedRequest) => void;
}

export interface Sandbox {
  readonly baseUrl: string;
  readonly altBaseUrl: string;
  readonly apiKey: string;
  /** Every request with this key answers 400 "Account is Suspended". */
  readonly suspendedApiKey: string;
  readonly data: SeedData;
  /** Every request to the service's endpoints, in order. */
  readonly requests: readonly RecordedRequest[];
  readonly subscriptions: ReadonlyMap<string, Subscription>;
  /** POSTs `payload` (by default the action's sample) to every hook subscribed to `action`. */
  fire(action: string, payload?: Payload): Promise<Delivery[]>;
  /** Resolves when the deliveries the service starts by itself (a new note's) have ended. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

interface Answer {
  readonly status: number;
  /** JSON text, or the text of Express's HTML error page. */
  readonly text: string;
  readonly html?: true;
}

interface Incoming {
  readonly base: BaseName;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: unknown;
}

const json = (status: number, body: unknown): Answer => ({ status, text: JSON.stringify(body) });
/** The service's error body. */
const refusal = (status: number, error: string): Answer => json(status, { status: false, error });
const notFound = ({ method, path }: Incoming): Answer => ({
  status: 404,
  text: expressErrorPage(`Cannot ${method} ${path}`),
  html: true,
});

const SAMPLES = new Map<string, Payload>(Object.entries(SAMPLE_BODIES));
const isObjectId = (value: string): boolean => /^[0-9a-f]{24}$/i.test(value);
const textOf = (body: unknown, key: string): string => {
  const value = isPlainObject(body) ? body[key] : undefined;
  return typeof value === 'string' ? value.trim() : '';
};
const contactString = (c: Contact): string =>
  `[${c.id},${c.first_name},${c.last_name},${c.email},${c.cell_phone}]`;

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const data = seedData(options.seed);
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, Subscription>();
  /** The last event of each action: what perform offers as a sample. */
  const recent = new Map<string, Payload>();
  const pending = new Set<Promise<unknown>>();
  let counter = 0;

  async function deliver(action: string, payload: Payload): Promise<Delivery[]> {
    recent.set(action, payload);
    const hooks = [...subscriptions.values()].filter((s) => s.action === action);
    return Promise.all(
      hooks.map(({ hookUrl }) =>
        postJson(hookUrl, payload).then(
          ({ status }) => ({ hookUrl, status }),
          (error: Error) => ({ hookUrl, error: error.message }),
        ),
      ),
    );
  }

  /** The service's first step of a send or a note: the email checked, the contact found or made. */
  function contactFor(body: unknown): Contact | Answer {
    const email = textOf(body, 'email');
    if (!email) return refusal(400, 'empty email address');
    if (!email.includes('@')) return refusal(400, 'Invalid email address');
    const known = data.contacts.find((c) => c.email.toLowerCase() === email.toLowerCase());
    if (known) return known;
    const contact = {
      id: objectId('contact', 0x100000 + ++counter),
      first_name: email.split('@')[0] ?? '',
      last_name: '',
      email,
      cell_phone: '',
    };
    data.contacts.push(contact);
    return contact;
  }

  function send(list: 'video' | 'pdf' | 'image', { body }: Incoming): Answer {
    const contact = contactFor(body);
    if ('status' in contact) return contact;
    const templateId = textOf(body, 'template_id');
    const materialId = textOf(body, `${list}_id`);
    // The database refuses an id that is not an ObjectId.
    if (!isObjectId(templateId) || !isObjectId(materialId)) {
      return refusal(500, 'internal_server_error');
    }
    if (!data.template.some((t) => t.id === templateId)) {
      return refusal(400, 'Send error: not selected templete');
    }
    // An unknown material fails at delivery, which the service reports as "Send error".
    if (!data[list].some((m) => m.id === materialId)) return refusal(400, 'Send error');
    return json(200, { status: true });
  }

  function addNote({ body }: Incoming): Answer {
    const contact = contactFor(body);
    if ('status' in contact) return contact;
    const now = new Date().toISOString();
    const note = {
      _id: objectId('note', ++counter),
      content: isPlainObject(body) && typeof body.content === 'string' ? body.content : '',
      contact: [contact.id],
      user: [objectId('user', 1)],
      created_at: now,
      updated_at: now,
    };
    // The service fires create_note itself, without holding up its answer.
    const event = { id: note._id, title: '', content: note.content, create_at: now };
    const job = deliver('create_note', { ...event, contact: contactString(contact) });
    pending.add(job);
    void job.finally(() => pending.delete(job));
    return json(200, { status: true, data: note });
  }

  const ROUTES: Readonly<Record<string, (req: Incoming) => Answer>> = {
    // Lists never change: each is written once, so a 50,000-item list stays cheap to serve.
    ...Object.fromEntries(
      LIST_KEYS.map((key) => {
        const list = json(200, data[key]);
        return [`GET /api/${key}`, () => list];
      }),
    ),
    'POST /api/send-video': (req) => send('video', req),
    'POST /api/send-pdf': (req) => send('pdf', req),
    'POST /api/send-image': (req) => send('image', req),
    'POST /api/note': addNote,
    'POST /api/outbound/subscribe': ({ body }) => {
      const id = objectId('subscription', ++counter);
      subscriptions.set(id, {
        id,
        hookUrl: textOf(body, 'hookUrl'),
        action: textOf(body, 'action'),
      });
      return json(201, { id });
    },
    // The same answer for an id it does not hold.
    'DELETE /api/outbound/unsubscribe': ({ query }) => {
      subscriptions.delete(query.id ?? '');
      return json(201, { status: true });
    },
    'GET /api/outbound/perform': ({ headers }) => {
      const action = String(headers.action ?? '').trim();
      return json(201, [recent.get(action) ?? SAMPLES.get(action) ?? {}]);
    },
  };

  function answer(req: Incoming): Answer {
    const route = ROUTES[`${req.method} ${req.path}`];
    // Express answers an unknown path before the key is checked.
    if (!route) return notFound(req);
    const token = tokenOf(req.headers.authorization);
    if (token === SUSPENDED_API_KEY) return refusal(400, 'Account is Suspended');
    if (token !== apiKey) return refusal(401, rejectionOf(token));
    return route(req);
  }

  /** The sandbox's own `POST /__sandbox/fire` with `{"action", "payload"?}`: fire() from a shell. */
  async function control(req: Incoming): Promise<Answer> {
    if (req.method !== 'POST' || req.path !== '/__sandbox/fire') return notFound(req);
    const action = textOf(req.body, 'action');
    const given = isPlainObject(req.body) ? req.body.payload : undefined;
    const payload = isPlainObject(given) ? given : SAMPLES.get(action);
    if (!payload) return refusal(400, `no sample of "${action}": send a "payload" too`);
    return json(200, { deliveries: await deliver(action, payload) });
  }

  const listener =
    (base: BaseName): http.RequestListener =>
    (req, res) => {
      void readBody(req).then(async (text) => {
        const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
        const incoming: Incoming = {
          base,
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          body: text ? parseJsonOrUndefined(text) : undefined,
        };
        const isControl = url.pathname.startsWith('/__sandbox/');
        const reply = isControl ? await control(incoming) : answer(incoming);
        res.writeHead(reply.status, {
          'Content-Type': reply.html
            ? 'text/html; charset=utf-8'
            : 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(reply.text),
        });
        res.end(reply.text);
        if (isControl) return;
        const recorded = { ...incoming, status: reply.status };
        requests.push(recorded);
        options.onRequest?.(recorded);
      });
    };

  const base = http.createServer(listener('BASE_URL'));
  const alt = http.createServer(listener('ALT_BASE_URL'));
  const [baseUrl, altBaseUrl] = await Promise.all([
    listenOnLoopback(base, options.port),
    listenOnLoopback(alt, options.altPort),
  ]);

  const settled = async (): Promise<void> => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  return {
    baseUrl,
    altBaseUrl,
    apiKey,
    suspendedApiKey: SUSPENDED_API_KEY,
    data,
    requests,
    subscriptions,
    fire: (action, payload) => deliver(action, payload ?? SAMPLES.get(action) ?? {}),
    settled,
    async close() {
      await settled();
      await Promise.all([closeServer(base), closeServer(alt)]);
    },
  };
}
