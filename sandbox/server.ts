// An in-memory stand-in for the CRMGrow API, served over real HTTP on
// loopback. It implements every endpoint docs/service-api.md lists at its path
// and answers as that file records the real service answering (its "observed" facts).
// Paths are written here on purpose, not taken from src/: the sandbox models
// the service, so a wrong path in the app shows up as the service's HTML 404.
import http from 'node:http';
import { ACTION_VALUES, HOOK_EVENTS } from '../src/hooks/events';
import type { JsonObject as RawPayload } from '../src/lib/json';
import { DEFAULT_API_KEY, SUSPENDED_API_KEY, rejectionOf, tokenOf } from './auth';
import {
  closeServer,
  expressErrorPage,
  isPlainObject,
  listenOnLoopback,
  parseJsonOrUndefined,
  postJson,
  readBody,
} from './http';
import {
  isObjectId,
  MATERIAL_KINDS,
  MATERIALS,
  objectId,
  seedData,
  type Contact,
  type MaterialKind,
  type Material,
  type SeedData,
  type SeedSizes,
  type Template,
} from './seed';

/** Which of the two base addresses a request came in on. */
export type BaseName = 'BASE_URL' | 'ALT_BASE_URL';

export interface RecordedRequest {
  /** 1, 2, 3… in arrival order, across both base addresses. */
  readonly seq: number;
  readonly base: BaseName;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** As Node gives them: lower-case names. */
  readonly headers: Readonly<http.IncomingHttpHeaders>;
  readonly rawBody: string;
  /** The parsed JSON or form body; undefined when empty or unreadable. */
  readonly body: unknown;
  /** The status the sandbox answered with. */
  readonly status: number;
}

export interface SendRecord {
  readonly kind: MaterialKind;
  readonly base: BaseName;
  readonly email: string;
  readonly materialId: string;
  readonly templateId: string;
  readonly contactId: string;
  /** The send created the contact, as the service does for a new e-mail. */
  readonly contactCreated: boolean;
  readonly at: string;
}

export interface NoteRecord {
  readonly _id: string;
  readonly content: string;
  readonly contact: readonly string[];
  readonly user: readonly string[];
  readonly created_at: string;
  readonly updated_at: string;
}

export interface Subscription {
  readonly id: string;
  readonly hookUrl: string;
  readonly action: string;
  readonly createdAt: string;
}

/** One POST of an event to a subscribed hook URL, and what it answered. */
export interface Delivery {
  readonly subscriptionId: string;
  readonly hookUrl: string;
  readonly action: string;
  readonly payload: RawPayload;
  /** The hook URL's HTTP status; absent when it could not be reached. */
  readonly status?: number;
  readonly answer?: string;
  readonly error?: string;
}

/** A sandbox-only way to make the next matching request fail. */
export interface ForcedFailure {
  /** Match on method, path and/or base; a field left out matches anything. */
  readonly method?: string;
  readonly path?: string;
  readonly base?: BaseName;
  readonly status: number;
  /** JSON unless `contentType` says otherwise (then a string is sent as is). */
  readonly body?: unknown;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface SandboxOptions {
  /** The key that works; default DEFAULT_API_KEY. */
  readonly apiKey?: string;
  readonly seed?: SeedSizes;
  /** The key of subscribe's identifier: `id` as the service answers (default), `_id` as the interface says. */
  readonly subscribeIdKey?: 'id' | '_id';
  /**
   * What perform answers for an action nothing has happened to yet: the
   * realistic example (default), or, as the service does for an account with
   * no such record, the same keys with "" values.
   */
  readonly emptySamples?: boolean;
  /** Ports on 127.0.0.1; default 0, the OS picks a free one (keep that for tests). */
  readonly port?: number;
  readonly altPort?: number;
  /** Called after each recorded request is answered (the CLI logs them). */
  readonly onRequest?: (request: RecordedRequest) => void;
}

export interface Sandbox {
  readonly baseUrl: string;
  readonly altBaseUrl: string;
  readonly apiKey: string;
  /** Every request with this key answers 400 "Account is Suspended". */
  readonly suspendedApiKey: string;
  /** An existing template whose sends fail with 400 "Send error" (delivery failed). Not listed. */
  readonly brokenTemplateId: string;
  /** The seeded lists; `contacts` grows as sends and notes create contacts. */
  readonly data: SeedData;
  /** Every request to the service's endpoints (control endpoints excluded), in order. */
  readonly requests: readonly RecordedRequest[];
  readonly sends: readonly SendRecord[];
  readonly notes: readonly NoteRecord[];
  readonly subscriptions: ReadonlyMap<string, Subscription>;
  /** Every delivery made, whether by fire() or by something done through the API. */
  readonly deliveries: readonly Delivery[];
  /** POSTs `payload` (default: the action's example) to every hook subscribed to `action`. */
  fire(action: string, payload?: RawPayload): Promise<Delivery[]>;
  /** Makes the next request that matches fail with the given answer (one-shot, queued). */
  failNext(failure: ForcedFailure): void;
  /** Resolves when deliveries started by API calls (such as a new note) have finished. */
  settled(): Promise<void>;
  /** Forgets recorded requests, sends, notes and deliveries (data and subscriptions stay). */
  resetRecords(): void;
  /** Closes both servers and their keep-alive connections. */
  close(): Promise<void>;
}

/** The service's JSON error body. */
const failure = (error: string): { status: false; error: string } => ({ status: false, error });

interface Answer {
  readonly status: number;
  readonly body: unknown;
  /** Default JSON; `html` sends Express's error page with `body` as its text. */
  readonly kind?: 'json' | 'html' | 'raw';
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const json = (status: number, body: unknown): Answer => ({ status, body });
const htmlError = (status: number, text: string): Answer => ({ status, body: text, kind: 'html' });

interface Incoming {
  readonly base: BaseName;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: unknown;
}

const EXAMPLES: ReadonlyMap<string, RawPayload> = new Map(
  HOOK_EVENTS.map((event) => [event.action, event.sample]),
);

const contactString = (c: Contact): string =>
  `[${c.id},${c.first_name},${c.last_name},${c.email},${c.cell_phone}]`;

function renderAnswer(res: http.ServerResponse, answer: Answer): void {
  let text: string;
  let contentType: string;
  if (answer.kind === 'html') {
    text = expressErrorPage(String(answer.body));
    contentType = 'text/html; charset=utf-8';
  } else if (answer.kind === 'raw' && typeof answer.body === 'string') {
    text = answer.body;
    contentType = answer.contentType ?? 'text/plain; charset=utf-8';
  } else {
    text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    contentType = 'application/json; charset=utf-8';
  }
  res.writeHead(answer.status, {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(text),
    ...(answer.kind === 'html'
      ? { 'Content-Security-Policy': "default-src 'none'", 'X-Content-Type-Options': 'nosniff' }
      : {}),
    ...answer.headers,
  });
  res.end(text);
}

/** JSON or form body, as Express's body parsers would read it; undefined if unreadable. */
function parseBody(raw: string, contentType: string | undefined): unknown {
  if (!raw) return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  return parseJsonOrUndefined(raw);
}

/** The service lifts the fields of a `data` envelope to the top (its preprocessRequest). */
function fieldsOf(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) return {};
  const { data, ...rest } = body;
  return isPlainObject(data) ? { ...rest, ...data } : rest;
}

const textField = (fields: Record<string, unknown>, key: string): string => {
  const value = fields[key];
  return typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? ''
      : String(value);
};

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const suspendedApiKey =
    options.apiKey === SUSPENDED_API_KEY ? DEFAULT_API_KEY : SUSPENDED_API_KEY;
  const subscribeIdKey = options.subscribeIdKey ?? 'id';
  const seeded = seedData(options.seed);
  const userId = objectId('user', 1);
  const brokenTemplateId = objectId('sandbox', 1);

  const contacts: Contact[] = [...seeded.contacts];
  const contactsByEmail = new Map(contacts.map((c) => [c.email.toLowerCase(), c]));
  const data: SeedData = { ...seeded, contacts };
  const templatesById = new Map<string, Template>(seeded.templates.map((t) => [t.id, t]));
  const materialsById = new Map(
    MATERIAL_KINDS.map((kind) => [
      kind,
      new Map(seeded[MATERIALS[kind].plural].map((m) => [m.id, m])),
    ]),
  );
  // Lists never change, so each is serialised once: a 50,000-item list stays cheap to serve.
  const listJson = new Map<string, string>();
  const listAnswer = (name: string, items: readonly Material[]): Answer => {
    let text = listJson.get(name);
    if (text === undefined) {
      text = JSON.stringify(items.map(({ id, title }) => ({ id, title })));
      listJson.set(name, text);
    }
    return json(200, text);
  };

  const requests: RecordedRequest[] = [];
  const sends: SendRecord[] = [];
  const notes: NoteRecord[] = [];
  const deliveries: Delivery[] = [];
  const subscriptions = new Map<string, Subscription>();
  const recent = new Map<string, RawPayload>();
  const forced: ForcedFailure[] = [];
  const pending = new Set<Promise<unknown>>();
  let counter = 0;
  const nextNumber = (): number => ++counter;

  function findOrCreateContact(email: string): { contact: Contact; created: boolean } {
    const existing = contactsByEmail.get(email.toLowerCase());
    if (existing) return { contact: existing, created: false };
    const n = nextNumber();
    const contact: Contact = {
      id: objectId('contact', 0x100000 + n),
      first_name: email.split('@')[0] ?? email,
      last_name: '',
      email,
      cell_phone: '',
      created_at: new Date().toISOString(),
    };
    contacts.push(contact);
    contactsByEmail.set(email.toLowerCase(), contact);
    return { contact, created: true };
  }

  /** The service's searchContact step: checks the e-mail, then finds or creates the contact. */
  function contactFor(
    fields: Record<string, unknown>,
  ): { contact: Contact; created: boolean } | Answer {
    const email = textField(fields, 'email').trim();
    if (!email) return json(400, failure('empty email address'));
    if (!/^[^@]*@/.test(email)) return json(400, failure('Invalid email address'));
    return findOrCreateContact(email);
  }
  const isAnswer = (value: object): value is Answer => 'status' in value && 'body' in value;

  async function deliver(action: string, payload: RawPayload): Promise<Delivery[]> {
    recent.set(action, payload);
    const targets = [...subscriptions.values()].filter((s) => s.action === action);
    const done = await Promise.all(
      targets.map(async (s): Promise<Delivery> => {
        const base = { subscriptionId: s.id, hookUrl: s.hookUrl, action, payload };
        try {
          const result = await postJson(s.hookUrl, payload);
          return { ...base, status: result.status, answer: result.body };
        } catch (error) {
          return { ...base, error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    deliveries.push(...done);
    return done;
  }

  /** Starts a delivery without holding up the API answer, as the service does. */
  function deliverInBackground(action: string, payload: RawPayload): void {
    const job = deliver(action, payload).finally(() => pending.delete(job));
    pending.add(job);
  }

  function send(kind: MaterialKind, idField: string, req: Incoming): Answer {
    const fields = fieldsOf(req.body);
    const found = contactFor(fields);
    if (isAnswer(found)) return found;
    const templateId = textField(fields, 'template_id').trim();
    const materialId = textField(fields, idField).trim();
    // The service's database rejects a malformed id before anything is sent.
    if (!isObjectId(templateId) || !isObjectId(materialId)) {
      return json(500, failure('internal_server_error'));
    }
    if (templateId === brokenTemplateId) return json(400, failure('Send error'));
    if (!templatesById.has(templateId)) {
      return json(400, failure('Send error: not selected templete'));
    }
    // Sending an unknown material fails at delivery, which the service reports as "Send error".
    if (!materialsById.get(kind)?.has(materialId)) return json(400, failure('Send error'));
    sends.push({
      kind,
      base: req.base,
      email: found.contact.email,
      materialId,
      templateId,
      contactId: found.contact.id,
      contactCreated: found.created,
      at: new Date().toISOString(),
    });
    return json(200, { status: true });
  }

  function addNote(req: Incoming): Answer {
    const fields = fieldsOf(req.body);
    const found = contactFor(fields);
    if (isAnswer(found)) return found;
    const now = new Date().toISOString();
    const note: NoteRecord = {
      _id: objectId('note', nextNumber()),
      content: textField(fields, 'content'),
      contact: [found.contact.id],
      user: [userId],
      created_at: now,
      updated_at: now,
    };
    notes.push(note);
    deliverInBackground('create_note', {
      id: note._id,
      title: '',
      content: note.content,
      contact: contactString(found.contact),
      create_at: note.created_at,
    });
    return json(200, { status: true, data: note });
  }

  function subscribe(req: Incoming): Answer {
    const fields = fieldsOf(req.body);
    const hookUrl = textField(fields, 'hookUrl').trim();
    const action = textField(fields, 'action').trim();
    // Not observed: the service's answer to a subscribe without these is unknown.
    if (!hookUrl || !action) return json(400, failure('hookUrl and action are required'));
    const id = objectId('subscription', nextNumber());
    subscriptions.set(id, { id, hookUrl, action, createdAt: new Date().toISOString() });
    return json(201, { [subscribeIdKey]: id });
  }

  function unsubscribe(req: Incoming): Answer {
    const id = req.query.id;
    if (id) subscriptions.delete(id);
    return json(201, { status: true });
  }

  function perform(req: Incoming): Answer {
    const header = req.headers.action;
    const action = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    const example = EXAMPLES.get(action);
    if (!example) return json(201, [{}]);
    const sample =
      recent.get(action) ??
      (options.emptySamples
        ? Object.fromEntries(Object.keys(example).map((k) => [k, '']))
        : example);
    return json(201, [sample]);
  }

  const ROUTES: Readonly<Record<string, (req: Incoming) => Answer>> = {
    ...Object.fromEntries(
      MATERIAL_KINDS.flatMap((kind) => {
        const { plural, list, send: sendRoute, idField } = MATERIALS[kind];
        return [
          [list, () => listAnswer(plural, seeded[plural])],
          [sendRoute, (req: Incoming) => send(kind, idField, req)],
        ];
      }),
    ),
    'GET /api/template': () => listAnswer('templates', seeded.templates),
    'POST /api/note': addNote,
    'POST /api/outbound/subscribe': subscribe,
    'DELETE /api/outbound/unsubscribe': unsubscribe,
    'GET /api/outbound/perform': perform,
  };

  function takeForced(req: Incoming): Answer | undefined {
    const index = forced.findIndex(
      (f) =>
        (f.method === undefined || f.method.toUpperCase() === req.method) &&
        (f.path === undefined || f.path === req.path) &&
        (f.base === undefined || f.base === req.base),
    );
    if (index < 0) return undefined;
    const [f] = forced.splice(index, 1);
    if (!f) return undefined;
    const body =
      f.body ?? failure(f.status >= 500 ? 'internal_server_error' : 'sandbox: forced failure');
    return f.contentType
      ? {
          status: f.status,
          body: String(body),
          kind: 'raw',
          contentType: f.contentType,
          headers: f.headers,
        }
      : { status: f.status, body, headers: f.headers };
  }

  function answerService(req: Incoming): Answer {
    const forcedAnswer = takeForced(req);
    if (forcedAnswer) return forcedAnswer;
    const route = ROUTES[`${req.method} ${req.path}`];
    // Express answers an unknown path before any auth middleware runs.
    if (!route) return htmlError(404, `Cannot ${req.method} ${req.path}`);
    const header = req.headers.authorization;
    const token = tokenOf(Array.isArray(header) ? header[0] : header);
    if (token === suspendedApiKey) return json(400, failure('Account is Suspended'));
    if (token !== apiKey) return json(401, failure(rejectionOf(token)));
    return route(req);
  }

  /** Sandbox-only endpoints under /__sandbox/, for driving the sandbox from a shell. */
  async function answerControl(req: Incoming): Promise<Answer> {
    if (req.method === 'POST' && req.path === '/__sandbox/fire') {
      const fields = fieldsOf(req.body);
      const action = textField(fields, 'action');
      const payload = isPlainObject(fields.payload) ? fields.payload : undefined;
      if (!payload && !EXAMPLES.has(action)) {
        return json(
          400,
          failure(`unknown action "${action}"; one of: ${ACTION_VALUES.join(', ')}`),
        );
      }
      return json(200, {
        deliveries: await deliver(action, payload ?? EXAMPLES.get(action) ?? {}),
      });
    }
    if (req.method === 'GET' && req.path === '/__sandbox/state') {
      return json(200, {
        requests: requests.length,
        subscriptions: [...subscriptions.values()],
        sends,
        notes,
        deliveries,
      });
    }
    return htmlError(404, `Cannot ${req.method} ${req.path}`);
  }

  const handler =
    (base: BaseName): http.RequestListener =>
    (req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
        const rawBody = await readBody(req);
        const incoming: Incoming = {
          base,
          method: (req.method ?? 'GET').toUpperCase(),
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          body: parseBody(rawBody, req.headers['content-type']),
        };
        if (incoming.path.startsWith('/__sandbox/')) {
          renderAnswer(res, await answerControl(incoming));
          return;
        }
        const answer = answerService(incoming);
        const recorded = { seq: requests.length + 1, ...incoming, rawBody, status: answer.status };
        requests.push(recorded);
        renderAnswer(res, answer);
        options.onRequest?.(recorded);
      })().catch((error: unknown) => {
        // A bug in the sandbox itself: answer as the service does for any server failure.
        console.error('sandbox error:', error);
        if (!res.headersSent) renderAnswer(res, json(500, failure('internal_server_error')));
        else res.destroy();
      });
    };

  const baseServer = http.createServer(handler('BASE_URL'));
  const altServer = http.createServer(handler('ALT_BASE_URL'));
  let baseUrl: string;
  let altBaseUrl: string;
  try {
    baseUrl = await listenOnLoopback(baseServer, options.port);
    altBaseUrl = await listenOnLoopback(altServer, options.altPort);
  } catch (error) {
    await Promise.all([closeServer(baseServer), closeServer(altServer)]);
    throw error;
  }

  return {
    baseUrl,
    altBaseUrl,
    apiKey,
    suspendedApiKey,
    brokenTemplateId,
    data,
    requests,
    sends,
    notes,
    subscriptions,
    deliveries,
    fire(action, payload) {
      const body = payload ?? EXAMPLES.get(action);
      if (!body) {
        return Promise.reject(
          new Error(
            `fire: no example payload for "${action}"; pass one, or use one of ${ACTION_VALUES.join(', ')}`,
          ),
        );
      }
      return deliver(action, body);
    },
    failNext(f) {
      forced.push(f);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    resetRecords() {
      requests.length = 0;
      sends.length = 0;
      notes.length = 0;
      deliveries.length = 0;
    },
    async close() {
      while (pending.size > 0) await Promise.all([...pending]);
      await Promise.all([closeServer(baseServer), closeServer(altServer)]);
    },
  };
}
