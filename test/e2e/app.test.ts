// The compiled app through core's app tester, against the sandbox over real HTTP: the sandbox's
// own answers (the rest relies on them), every operation of the app's definition once, each
// webhook's whole life, five Zaps built from a trigger's fields, and a poll past a result's limit.
import type { Bundle } from 'zapier-platform-core';
import { pointAppAt } from '../../sandbox/harness';
import { startReceiver, type Receiver } from '../../sandbox/receiver';
import { itemsOf, objectId, seedData, type ListKey, type Material } from '../../sandbox/seed';
import {
  inputDataFor,
  operationKeysOf,
  searchInputFor,
  searchListsOf,
} from '../../scripts/lib/operations';
import { answers, startHostileServer, type HostileServer } from '../support/hostile-server';
import { app, run, useSandbox } from './helpers';

const keys = operationKeysOf(app);
const OBJECT_ID = /^[0-9a-f]{24}$/;
interface Request {
  readonly key?: string;
  readonly body?: object;
  readonly headers?: Record<string, string>;
}
const byId = (items: unknown): Material[] =>
  [...(items as Material[])].sort((a, b) => a.id.localeCompare(b.id));

describe('the sandbox answers as the service is seen to', () => {
  const sandbox = useSandbox();
  const [VIDEO, TEMPLATE] = [objectId('video', 1), objectId('template', 1)];
  const UNKNOWN = '0123456789abcdef01234567';
  const send = (video_id: string, template_id = TEMPLATE): Request => ({
    body: { email: 'jane.cooper@example.com', video_id, template_id },
  });
  const SEND = 'POST /api/send-video';
  const JANE = { email: 'jane.cooper@example.com' };
  it.each<[string, string, Request, number, unknown]>([
    ['GET /api/video', 'a JWT it did not sign', { key: 'a.b.c' }, 401, 'invalid signature'],
    ['GET /api/video', 'a key that is no JWT', { key: 'not-a-key' }, 401, 'jwt malformed'],
    ['GET /api/video', 'a suspended account', { key: 'suspended' }, 400, 'Account is Suspended'],
    [SEND, 'no email', { body: { email: ' ' } }, 400, 'empty email address'],
    ['POST /api/note', 'no @', { body: { email: 'j' } }, 400, 'Invalid email address'],
    [SEND, 'no such template', send(VIDEO, UNKNOWN), 400, 'Send error: not selected templete'],
    [SEND, 'no such video', send(UNKNOWN), 400, 'Send error'],
    [SEND, 'an id that is no ObjectId', send('42'), 500, 'internal_server_error'],
    [SEND, 'a send', send(VIDEO), 200, { status: true }],
    [
      'POST /api/outbound/subscribe',
      'a subscribe',
      { body: { hookUrl: 'http://127.0.0.1:9/', action: 'add_deal' } },
      201,
      { id: expect.stringMatching(OBJECT_ID) },
    ],
    ['DELETE /api/outbound/unsubscribe?id=x', 'an id it does not hold', {}, 201, { status: true }],
    ['GET /api/outbound/perform', 'an unknown action', { headers: { action: 'x' } }, 201, [{}]],
    ['POST /api/contact', 'an email a contact has', { body: JANE }, 400, 'Email must be unique!'],
    [
      'POST /api/contact',
      'a phone a contact has, written otherwise',
      { body: { email: 'j.cooper@example.com', cell_phone: '(415) 555-0100' } },
      400,
      'Phone number must be unique!',
    ],
    [
      'POST /api/contact',
      "a contact's email in other capitals",
      { body: { email: 'Jane.Cooper@example.com', tags: 'Buyer,VIP' } },
      200,
      {
        status: true,
        data: expect.objectContaining({
          _id: expect.stringMatching(OBJECT_ID),
          email: 'Jane.Cooper@example.com',
          tags: ['buyer', 'vip'],
        }),
      },
    ],
    [
      'POST /api/automation',
      'no such automation',
      { body: { ...JANE, automation_id: UNKNOWN } },
      400,
      'Automation not found',
    ],
    [
      'GET /api/lead?type=leadschedule',
      'the scheduler',
      {},
      200,
      [{ id: 0, title: 'All' }, ...seedData().eventTypes],
    ],
    ['GET /api/lead?type=x', 'a type it does not know', {}, 200, [{ id: 0, title: 'All' }]],
  ])('%s, %s: %i', async (route, _what, request, status, expected) => {
    const [method, path] = route.split(' ');
    const sb = sandbox();
    const key = request.key === 'suspended' ? sb.suspendedApiKey : (request.key ?? sb.apiKey);
    const response = await fetch(`${sb.baseUrl}${path}`, {
      method,
      headers: { Authorization: key, 'Content-Type': 'application/json', ...request.headers },
      ...(request.body && { body: JSON.stringify(request.body) }),
    });
    const body: unknown = await response.json();
    expect([response.status, body]).toEqual([
      status,
      typeof expected === 'string' ? { status: false, error: expected } : expected,
    ]);
  });

  it("answers an unknown path with Express's HTML 404, before the key is checked", async () => {
    const response = await fetch(`${sandbox().baseUrl}/api/videos`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('<pre>Cannot GET /api/videos</pre>');
  });
});

describe('every operation of the compiled app, against the sandbox', () => {
  const sandbox = useSandbox();
  const authData = () => ({ api_key: sandbox().apiKey });

  it('the connection test passes with the key', async () => {
    expect(await run('authentication.test', { authData: authData() })).toEqual({ ok: true });
  });

  it.each(keys.polling)('%s polls every item of its list, and fills its dropdown', async (key) => {
    const method = `triggers.${key}.operation.perform`;
    const list = itemsOf(sandbox().data)[key] ?? [];
    const dropdown = { isFillingDynamicDropdown: true } as Bundle['meta'];
    expect(byId(await run(method, { authData: authData() }))).toEqual(byId(list));
    expect(byId(await run(method, { authData: authData(), meta: dropdown }))).toEqual(byId(list));
  });

  it.each(keys.searches)('%s finds an item by its title, in any case', async (key) => {
    const list = searchListsOf(app).get(key) ?? '';
    const [item] = sandbox().data[list as ListKey];
    const inputData = searchInputFor(app, key, item?.title.toUpperCase() ?? '');
    const found = await run(`searches.${key}.operation.perform`, {
      authData: authData(),
      inputData,
    });
    expect((found as Material[])[0]).toEqual(item);
  });

  it.each(keys.creates)('%s is done, in one request answered 200', async (key) => {
    const sb = sandbox();
    const choices = new Map(
      Object.entries(itemsOf(sb.data)).map(([list, [first]]) => [list, first?.id ?? '']),
    );
    const before = sb.requests.length;
    const inputData = inputDataFor(app, key, choices);
    const result = (await run(`creates.${key}.operation.perform`, {
      authData: authData(),
      inputData,
    })) as Record<string, unknown>;
    // Every create names what it did by an id; one whose output has `status` says true.
    const outputKeys = (app.creates[key]?.operation.outputFields ?? []).map(
      (field) => typeof field !== 'function' && field.key,
    );
    expect(result).toMatchObject({ id: expect.any(String), email: inputData.email });
    if (outputKeys.includes('status')) expect(result.status).toBe(true);
    expect(sb.requests.slice(before).map(({ status }) => status)).toEqual([200]);
    await sb.settled();
  });
});

describe('webhooks: a delivery through the sandbox', () => {
  const sandbox = useSandbox();
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  const authData = () => ({ api_key: sandbox().apiKey });

  /** A Zap's life: subscribe, the editor's sample, one event delivered and performed, unsubscribe. */
  async function life(action: string, inputData = {}) {
    const op = `triggers.${action}.operation`;
    const subscribeData = (await run(`${op}.performSubscribe`, {
      authData: authData(),
      targetUrl: receiver.url,
    })) as { id: string };
    const subscription = sandbox().subscriptions.get(subscribeData.id);
    const sample = await run(`${op}.performList`, { authData: authData(), inputData });
    expect(await sandbox().fire(action)).toEqual([{ hookUrl: receiver.url, status: 200 }]);
    const { body, rawBody } = receiver.next();
    const items = (await run(`${op}.perform`, {
      authData: authData(),
      inputData,
      subscribeData,
      cleanedRequest: body as Bundle['cleanedRequest'],
      rawRequest: { method: 'POST', querystring: '', headers: {}, content: rawBody },
    })) as Record<string, unknown>[];
    await run(`${op}.performUnsubscribe`, { authData: authData(), subscribeData });
    const after = sandbox().subscriptions.has(subscribeData.id);
    return { subscription, sample, items, after };
  }

  it.each(keys.hooks)(
    '%s: subscribe → sample → deliver → perform → unsubscribe; the sample is what a run gives',
    async (action) => {
      const { subscription, sample, items, after } = await life(action);
      expect(subscription).toMatchObject({ hookUrl: receiver.url, action });
      expect(items.length).toBeGreaterThan(0);
      expect(items.every(({ id }) => typeof id === 'string' && id !== '')).toBe(true);
      expect(items).toEqual(sample);
      expect(after).toBe(false);
    },
  );

  // Zaps as a Zap builder builds them: a trigger's output fields mapped into an action's inputs.
  const [VIDEO, PDF, IMAGE, TEMPLATE] = (['video', 'pdf', 'image', 'template'] as const).map(
    (list) => objectId(list, 1),
  );
  type Item = Record<string, unknown>;
  it.each<[string, string, Record<string, unknown>, (item: Item) => [string, Item]]>([
    [
      'New Deal with two contacts → Send Video to the first',
      'add_deal',
      {},
      (deal) => [
        'send_video',
        { email: deal.first_contact_email, video_id: VIDEO, template_id: TEMPLATE },
      ],
    ],
    [
      'New Lead → Add Note to the lead',
      'lead_source',
      {},
      (lead) => [
        'add_note',
        { email: lead.email, content: `New lead from ${String(lead.source)}` },
      ],
    ],
    [
      'Material Watched, 50 % or more → Send PDF to the contact who watched',
      'watch_material',
      { min_amount: '50' },
      (watch) => [
        'send_pdf',
        { email: watch.first_contact_email, pdf_id: PDF, template_id: TEMPLATE },
      ],
    ],
    [
      'Deal Moved into "under contract" → Send Image to its first contact',
      'move_deal',
      { deal_target: 'under contract' },
      (deal) => [
        'send_image',
        { email: deal.first_contact_email, image_id: IMAGE, template_id: TEMPLATE },
      ],
    ],
    [
      'Automation Assigned → Add Note naming the automation and its deal',
      'assigned_automation',
      {},
      (automation) => [
        'add_note',
        {
          email: automation.first_contact_email,
          content: `${String(automation.title)}: ${String((automation.deals as Item[])[0]?.title)}`,
        },
      ],
    ],
  ])('%s', async (_zap, action, filters, mapping) => {
    const { items } = await life(action, filters);
    expect(items).toHaveLength(1);
    const [create, inputData] = mapping(items[0] ?? {});
    const result = await run(`creates.${create}.operation.perform`, {
      authData: authData(),
      inputData,
    });
    // One address, as the action takes: a mapped line item would have joined them all.
    expect(String(inputData.email)).toMatch(/^[^,\s]+@[^,\s]+$/);
    expect(result).toMatchObject({ status: true, email: inputData.email });
  });
});

describe('a poll of ids that show no age', () => {
  // Version-4 UUIDs: over 6 MiB of them, which no result can hold.
  const list = Array.from({ length: 72_000 }, (_, i) => {
    const hex = (i * 7919).toString(16).padStart(32, '0');
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
    return { id, title: `Open House ${i} – Élan Avenue` };
  });
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer({ uuids: answers(200, list) });
    pointAppAt({ baseUrl: server.base('uuids'), altBaseUrl: server.base('uuids') });
  });
  afterAll(() => server.close());

  it("gives the service's order, as far as a result holds it", async () => {
    const items = (await run('triggers.video.operation.perform', {
      authData: { api_key: 'key' },
    })) as Material[];
    const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    expect(bytes(list)).toBeGreaterThan(6 * 1024 * 1024);
    expect(items).toEqual(list.slice(0, items.length));
    expect(bytes(items)).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(bytes(list.slice(0, items.length + 1))).toBeGreaterThan(5 * 1024 * 1024);
  });
});
