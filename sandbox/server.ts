// An in-memory stand-in for the CRMGrow API, over real HTTP on loopback. It serves every endpoint
// of the service's interface at its path and answers as the service is seen to answer
// (docs/service-api.md): its error bodies, Express's HTML 404 for an unknown path, the key checked
// on every request, both base addresses, and webhooks delivered for real. The paths are written
// here, not taken from src/: a wrong path in the app meets the service's 404. With
// `{ routes: 'source' }` it serves the routes of the service's newest public source instead
// (Teamgrow-Backend a2ec244): `/api-v2/…`, the subscription's id and the action as path segments,
// and New Lead posted only to a subscription whose `data` names the lead. The routes of CRMGrow's
// own Zapier app (contacts, tasks, automations and the lists their dropdowns read) are in crm.ts,
// served under `/api` and `/api-v2` alike.
import http from 'node:http';
import {
  isObjectId,
  json,
  refusal,
  textOf,
  type Answer,
  type BaseName,
  type Incoming,
  type Route,
} from './answer';
import { DEFAULT_API_KEY, rejectionOf, SUSPENDED_API_KEY, tokenOf } from './auth';
import { startCrm } from './crm';
import {
  closeServer,
  expressErrorPage,
  isPlainObject,
  listenOnLoopback,
  parseJsonOrUndefined,
  postJson,
  readBody,
} from './http';
import { eventOf, noteData, sampleOf } from './outbound';
import { LEAD, LIST_KEYS, objectId, seedAccount, seedData, USER, type IdKind } from './seed';

export type { BaseName } from './answer';

type Payload = Record<string, unknown>;

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const notFound = ({ method, path }: Incoming): Answer => ({
  status: 404,
  text: expressErrorPage(`Cannot ${method} ${path}`),
  html: true,
});

const decodedOrRaw = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

export async function startSandbox({ routes = 'spec' }: { routes?: 'spec' | 'source' } = {}) {
  const data = seedData();
  /** The user's settings an automation needs: a test may change them. */
  const account = seedAccount();
  /** Every request to the service's endpoints, in order, with the status it was answered. */
  const requests: (Incoming & { readonly status: number })[] = [];
  /** The hook URL, action and `data` of each subscription, by its id. */
  const subscriptions = new Map<
    string,
    { readonly hookUrl: string; readonly action: string; readonly data?: unknown }
  >();
  const pending = new Set<Promise<unknown>>();
  let counter = 0;

  /** POSTs the event to each hook subscribed to its action: each one's HTTP status, or error. */
  async function deliver(action: string, payload: Payload) {
    const hooks = [...subscriptions.values()].filter(
      (s) =>
        s.action === action && (action !== 'lead_source' || routes === 'spec' || wantsLead(s.data)),
    );
    return Promise.all(
      hooks.map(({ hookUrl }) =>
        postJson(hookUrl, payload).then(
          (status) => ({ hookUrl, status }),
          (error: Error) => ({ hookUrl, error: error.message }),
        ),
      ),
    );
  }

  /** Starts a delivery the service does not wait for before it answers. */
  function announce(action: string, payload: Payload): void {
    const job = deliver(action, payload);
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }
  // Past the seeded records' ids.
  const newId = (kind: IdKind) => objectId(kind, 0x100000 + ++counter);
  const { contactFor, routesAt } = startCrm({ data, account, newId, announce });

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
      _id: newId('note'),
      content: isPlainObject(body) && typeof body.content === 'string' ? body.content : '',
      contact: [contact.id],
      created_at: now,
    };
    data.notes.push(note);
    // The service fires create_note itself, without holding up its answer.
    announce('create_note', noteData(data, note));
    return json(200, { status: true, data: { ...note, user: [USER], updated_at: now } });
  }

  // The source posts a lead only where `data.type` is "all" or the lead's, and `data.lead` "0" or
  // the lead's (src/helpers/outbound.js, outboundCallhookApi).
  const wantsLead = (data: unknown): boolean =>
    isPlainObject(data) &&
    (data.type === 'all' || data.type === LEAD.type) &&
    (data.lead === '0' || data.lead === LEAD.id);

  const subscribe = ({ body }: Incoming): Answer => {
    const id = newId('subscription');
    const data = isPlainObject(body) ? body.data : undefined;
    subscriptions.set(id, {
      hookUrl: textOf(body, 'hookUrl'),
      action: textOf(body, 'action'),
      data,
    });
    return json(201, { id });
  };
  // The same answer for an id it does not hold.
  const unsubscribe = ({ query, segment }: Incoming): Answer => {
    subscriptions.delete(segment ?? query.id ?? '');
    return json(201, { status: true });
  };
  // The sample as the source's getSampleData builds it from the records (outbound.ts); the source
  // reads the subscription's `data` from the query (src/controllers/outbound.js, outboundPerform).
  const perform = ({ headers, segment, query }: Incoming): Answer => {
    const action = String(segment ?? headers.action ?? '').trim();
    const type = routes === 'source' ? query['data[type]'] : undefined;
    return json(201, [sampleOf(data, action, type)]);
  };

  const SPEC_ROUTES: Readonly<Record<string, Route>> = {
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
    ...routesAt('/api'),
    'POST /api/outbound/subscribe': subscribe,
    'DELETE /api/outbound/unsubscribe': unsubscribe,
    'GET /api/outbound/perform': perform,
  };

  // app.js mounts the API-key routes at /api-v2 (src/routes/api/*.js); src/routes/outbound.js
  // takes the id and the action as path segments, under /api and /api-v2 alike.
  const SOURCE_ROUTES: Readonly<Record<string, Route>> = {
    ...Object.fromEntries(
      LIST_KEYS.map((key) => {
        const list = json(200, data[key]);
        return [`GET /api-v2/${key === 'template' ? '' : 'material/'}${key}`, () => list];
      }),
    ),
    'POST /api-v2/material/send-video': (req) => send('video', req),
    'POST /api-v2/material/send-pdf': (req) => send('pdf', req),
    'POST /api-v2/material/send-image': (req) => send('image', req),
    'POST /api-v2/note': addNote,
    ...routesAt('/api-v2'),
    ...Object.fromEntries(
      ['/api', '/api-v2'].flatMap((mount) => [
        [`POST ${mount}/outbound/subscribe`, subscribe],
        [`DELETE ${mount}/outbound/unsubscribe/:segment`, unsubscribe],
        [`GET ${mount}/outbound/perform/:segment`, perform],
      ]),
    ),
  };
  const ROUTES = routes === 'source' ? SOURCE_ROUTES : SPEC_ROUTES;

  function answer(incoming: Incoming): Answer {
    // A route's last segment may be a parameter, as Express's `/:id`.
    const at = incoming.path.lastIndexOf('/');
    const parameter = `${incoming.method} ${incoming.path.slice(0, at)}/:segment`;
    const exact = ROUTES[`${incoming.method} ${incoming.path}`];
    const route = exact ?? ROUTES[parameter];
    const segment = exact || !route ? undefined : decodedOrRaw(incoming.path.slice(at + 1));
    const req = segment === undefined ? incoming : { ...incoming, segment };
    // Express answers an unknown path before the key is checked.
    if (!route) return notFound(req);
    const token = tokenOf(req.headers.authorization);
    if (token === SUSPENDED_API_KEY) return refusal(400, 'Account is Suspended');
    if (token !== DEFAULT_API_KEY) return refusal(401, rejectionOf(token));
    return route(req);
  }

  const listener =
    (base: BaseName): http.RequestListener =>
    (req, res) => {
      void readBody(req).then((text) => {
        const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
        const incoming: Incoming = {
          base,
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          body: text ? parseJsonOrUndefined(text) : undefined,
        };
        const reply = answer(incoming);
        res.writeHead(reply.status, {
          'Content-Type': reply.html
            ? 'text/html; charset=utf-8'
            : 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(reply.text),
        });
        res.end(reply.text);
        requests.push({ ...incoming, status: reply.status });
      });
    };

  const base = http.createServer(listener('BASE_URL'));
  const alt = http.createServer(listener('ALT_BASE_URL'));
  const [baseUrl, altBaseUrl] = await Promise.all([listenOnLoopback(base), listenOnLoopback(alt)]);

  const settled = async (): Promise<void> => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  return {
    baseUrl,
    altBaseUrl,
    apiKey: DEFAULT_API_KEY,
    /** Every request with this key answers 400 "Account is Suspended". */
    suspendedApiKey: SUSPENDED_API_KEY,
    data,
    /** The user's settings an automation needs (time_line.js create): set one to block it. */
    account,
    requests,
    subscriptions,
    /** The lead a lead_source event is about, in the source's routes. */
    lead: LEAD,
    /** POSTs `payload`, by default what CRMGrow posts for the action about seeded records
     * (outbound.ts), to every hook subscribed to `action`. */
    fire: (action: string, payload?: Payload) =>
      deliver(action, payload ?? eventOf(data, action) ?? {}),
    /** Resolves when the deliveries the service starts by itself (a new note's) have ended. */
    settled,
    async close() {
      await settled();
      await Promise.all([closeServer(base), closeServer(alt)]);
    },
  };
}
