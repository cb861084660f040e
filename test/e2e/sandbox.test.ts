// The sandbox itself, over real HTTP: it must answer as docs/service-api.md
// records the real service answering, or the other end-to-end tests prove
// nothing. Expected values are written out here, not read from the sandbox.
import { HOOK_EVENTS } from '../../src/hooks/events';
import { DEFAULT_API_KEY, SUSPENDED_API_KEY } from '../../sandbox/auth';
import { startReceiver, type Receiver } from '../../sandbox/receiver';
import { ID_KIND, MATERIAL_KINDS, seedData } from '../../sandbox/seed';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { rowOf } from '../support/rows';

const VIDEO_1 = '69a381800100000000000001';
const PDF_1 = '69a381800200000000000001';
const TEMPLATE_1 = '69a381800400000000000001';
const UNKNOWN_TEMPLATE = '0123456789abcdef01234567';

interface Reply {
  status: number;
  contentType: string;
  text: string;
  json: unknown;
}

let sandbox: Sandbox;
let receivers: Receiver[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function call(
  method: string,
  path: string,
  options: {
    key?: string | null;
    body?: unknown;
    headers?: Record<string, string>;
    base?: string;
  } = {},
): Promise<Reply> {
  const key = options.key === undefined ? DEFAULT_API_KEY : options.key;
  const response = await fetch(`${options.base ?? sandbox.baseUrl}${path}`, {
    method,
    headers: {
      ...(key === null ? {} : { Authorization: key }),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined
      ? {}
      : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text,
    json,
  };
}

const sendVideo = (body: unknown): Promise<Reply> => call('POST', '/api/send-video', { body });

describe('addresses', () => {
  it('serves two base addresses on 127.0.0.1, on ports the OS picked', async () => {
    expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.altBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.altBaseUrl).not.toBe(sandbox.baseUrl);
    const other = await startSandbox();
    try {
      expect([other.baseUrl, other.altBaseUrl]).not.toContain(sandbox.baseUrl);
    } finally {
      await other.close();
    }
  });

  it('refuses connections once closed', async () => {
    const short = await startSandbox();
    await short.close();
    await expect(fetch(`${short.baseUrl}/api/video`)).rejects.toThrow();
    await expect(fetch(`${short.altBaseUrl}/api/video`)).rejects.toThrow();
  });
});

describe('the API key', () => {
  it.each([
    ['no Authorization header', null, 'jwt must be provided'],
    ['a token that is not a JWT', 'not-a-key', 'jwt malformed'],
    ['a JWT signed by someone else', 'aaaa.bbbb.cccc', 'invalid signature'],
  ])('%s: 401 with the service error body', async (_, key, error) => {
    const reply = await call('GET', '/api/video', { key });
    expect(reply.status).toBe(401);
    expect(reply.contentType).toMatch(/^application\/json/);
    expect(reply.json).toEqual({ status: false, error });
  });

  it('takes the bare key and "Bearer <key>"', async () => {
    expect((await call('GET', '/api/video')).status).toBe(200);
    expect((await call('GET', '/api/video', { key: `Bearer ${DEFAULT_API_KEY}` })).status).toBe(
      200,
    );
  });

  it('answers a suspended account with 400 "Account is Suspended"', async () => {
    const reply = await call('GET', '/api/template', { key: SUSPENDED_API_KEY });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ status: false, error: 'Account is Suspended' });
  });
});

describe('an unknown path', () => {
  it.each([
    ['GET', '/api/videos'],
    ['GET', '/api/send-video'],
    ['POST', '/v2/api/note'],
  ])("%s %s gets Express's HTML 404 page, key or not", async (method, path) => {
    const page =
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n' +
      `</head>\n<body>\n<pre>Cannot ${method} ${path}</pre>\n</body>\n</html>\n`;
    for (const key of [DEFAULT_API_KEY, null]) {
      const reply = await call(method, path, { key });
      expect(reply.status).toBe(404);
      expect(reply.contentType).toBe('text/html; charset=utf-8');
      expect(reply.text).toBe(page);
    }
  });
});

describe('lists', () => {
  it('answers a bare array of {id, title}, with e-mail and SMS templates', async () => {
    const reply = await call('GET', '/api/template');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual([
      { id: TEMPLATE_1, title: 'Follow-Up After Showing (Email)' },
      { id: '69a381800400000000000002', title: 'Quick Check-In (SMS)' },
      { id: '69a381800400000000000003', title: 'Welcome to the Neighborhood (Email)' },
      { id: '69a381800400000000000004', title: 'Showing Reminder (SMS)' },
    ]);
    expect((await call('GET', '/api/video')).json).toEqual([
      { id: VIDEO_1, title: 'Virtual Tour - 1200 Market Street' },
      { id: '69a381800100000000000002', title: 'Meet Your Agent' },
      { id: '69a381800100000000000003', title: 'How Escrow Works' },
    ]);
    expect((await call('GET', '/api/pdf')).json).toHaveLength(2);
    expect((await call('GET', '/api/image')).json).toHaveLength(2);
  });

  it('seeds large lists deterministically, with unique 24-hex ids', async () => {
    const big = await startSandbox({ seed: { videos: 50_000, templates: 50_000 } });
    try {
      const videos = (await call('GET', '/api/video', { base: big.baseUrl })).json as {
        id: string;
      }[];
      expect(videos).toHaveLength(50_000);
      expect(new Set(videos.map((v) => v.id)).size).toBe(50_000);
      expect(videos.every((v) => /^[0-9a-f]{24}$/.test(v.id))).toBe(true);
      expect(videos[49_999]).toEqual({
        id: '69a38180010000000000c350',
        title: 'First-Time Buyer Q&A #10000',
      });
      expect(seedData({ templates: 50_000 }).templates).toEqual(big.data.templates);
    } finally {
      await big.close();
    }
  });

  it('gives every kind of record an id byte of its own, the lists theirs by their place in MATERIALS', () => {
    const bytes = Object.values(ID_KIND);
    expect(new Set(bytes).size).toBe(bytes.length);
    expect(bytes.every((b) => b >= 0x01 && b <= 0xff)).toBe(true);
    expect(MATERIAL_KINDS.slice(0, 3).map((kind) => ID_KIND[kind])).toEqual([0x01, 0x02, 0x03]);
  });
});

describe('sends', () => {
  it.each([
    [
      'an empty e-mail: 400',
      { email: '', video_id: VIDEO_1, template_id: TEMPLATE_1 },
      400,
      'empty email address',
    ],
    [
      'an e-mail without @: 400',
      { email: 'jane', video_id: VIDEO_1, template_id: TEMPLATE_1 },
      400,
      'Invalid email address',
    ],
    [
      'an unknown template: 400',
      { email: 'a@example.com', video_id: VIDEO_1, template_id: UNKNOWN_TEMPLATE },
      400,
      'Send error: not selected templete',
    ],
    [
      'a template id that is not an id: 500',
      { email: 'a@example.com', video_id: VIDEO_1, template_id: 'abc' },
      500,
      'internal_server_error',
    ],
    [
      'a video id that is not an id: 500',
      { email: 'a@example.com', video_id: '42', template_id: TEMPLATE_1 },
      500,
      'internal_server_error',
    ],
    [
      'an unknown video: 400',
      { email: 'a@example.com', video_id: UNKNOWN_TEMPLATE, template_id: TEMPLATE_1 },
      400,
      'Send error',
    ],
  ])('%s', async (_, body, status, error) => {
    const reply = await sendVideo(body);
    expect(reply.status).toBe(status);
    expect(reply.json).toEqual({ status: false, error });
  });

  it('the broken template (sandbox only) fails delivery with "Send error"', async () => {
    const reply = await sendVideo({
      email: 'a@example.com',
      video_id: VIDEO_1,
      template_id: sandbox.brokenTemplateId,
    });
    expect(reply.json).toEqual({ status: false, error: 'Send error' });
  });

  it('sends, creating the contact for a new e-mail once, and records it', async () => {
    const before = sandbox.data.contacts.length;
    const reply = await sendVideo({
      email: 'Zoe.Quinn@example.org',
      video_id: VIDEO_1,
      template_id: TEMPLATE_1,
    });
    expect(reply).toMatchObject({ status: 200, json: { status: true } });
    expect(sandbox.data.contacts).toHaveLength(before + 1);
    expect(sandbox.data.contacts.at(-1)).toMatchObject({
      email: 'Zoe.Quinn@example.org',
      first_name: 'Zoe.Quinn',
    });
    expect(sandbox.sends.at(-1)).toMatchObject({
      kind: 'video',
      base: 'BASE_URL',
      email: 'Zoe.Quinn@example.org',
      materialId: VIDEO_1,
      templateId: TEMPLATE_1,
      contactCreated: true,
    });
    // The service looks contacts up case-insensitively.
    await sendVideo({ email: 'zoe.quinn@EXAMPLE.org', video_id: VIDEO_1, template_id: TEMPLATE_1 });
    expect(sandbox.data.contacts).toHaveLength(before + 1);
    expect(sandbox.sends.at(-1)?.contactCreated).toBe(false);
  });

  it('reads form-encoded bodies and a "data" envelope, as the service does', async () => {
    const form = await call('POST', '/api/send-pdf', {
      body: `email=form%40example.com&pdf_id=${PDF_1}&template_id=${TEMPLATE_1}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.json).toEqual({ status: true });
    const envelope = await call('POST', '/api/send-pdf', {
      body: { data: { email: 'envelope@example.com', pdf_id: PDF_1, template_id: TEMPLATE_1 } },
      base: sandbox.altBaseUrl,
    });
    expect(envelope.json).toEqual({ status: true });
    expect(sandbox.sends.slice(-2).map((s) => [s.email, s.base])).toEqual([
      ['form@example.com', 'BASE_URL'],
      ['envelope@example.com', 'ALT_BASE_URL'],
    ]);
  });
});

describe('notes', () => {
  it('answers the note and fires create_note to its subscribers', async () => {
    const hook = await receiver();
    const sub = await call('POST', '/api/outbound/subscribe', {
      body: { hookUrl: hook.url, action: 'create_note' },
    });
    const reply = await call('POST', '/api/note', {
      body: { email: 'jane.cooper@example.com', content: 'Hello' },
    });
    expect(reply.status).toBe(200);
    const data = (reply.json as { data: Record<string, unknown> }).data;
    expect(reply.json).toEqual({
      status: true,
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        content: 'Hello',
        contact: ['69a381800500000000000001'],
        user: ['69a381800800000000000001'],
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: data.created_at,
      },
    });
    const delivered = await hook.next();
    expect(delivered.headers['content-type']).toBe('application/json');
    expect(delivered.body).toEqual({
      id: data._id,
      title: '',
      content: 'Hello',
      contact: '[69a381800500000000000001,Jane,Cooper,jane.cooper@example.com,+14155550100]',
      create_at: data.created_at,
    });
    await call('DELETE', `/api/outbound/unsubscribe?id=${(sub.json as { id: string }).id}`);
  });

  it('checks the e-mail as sends do', async () => {
    const reply = await call('POST', '/api/note', { body: { email: '', content: 'x' } });
    expect(reply).toMatchObject({
      status: 400,
      json: { status: false, error: 'empty email address' },
    });
  });
});

describe('webhooks', () => {
  it('subscribe answers 201 {id}, unsubscribe 201 {status: true}, also for an unknown id', async () => {
    const sub = await call('POST', '/api/outbound/subscribe', {
      body: { hookUrl: 'http://127.0.0.1:9/hook', action: 'add_deal' },
    });
    expect(sub.status).toBe(201);
    const { id } = sub.json as { id: string };
    expect(sub.json).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(sandbox.subscriptions.get(id)).toEqual({
      id,
      hookUrl: 'http://127.0.0.1:9/hook',
      action: 'add_deal',
      createdAt: expect.any(String),
    });
    for (let i = 0; i < 2; i += 1) {
      const unsub = await call('DELETE', `/api/outbound/unsubscribe?id=${id}`);
      expect(unsub).toMatchObject({ status: 201, json: { status: true } });
    }
    expect(sandbox.subscriptions.has(id)).toBe(false);
  });

  it('answers subscribe with `_id`, as the interface document says, when asked to', async () => {
    const other = await startSandbox({ subscribeIdKey: '_id' });
    try {
      const sub = await call('POST', '/api/outbound/subscribe', {
        base: other.baseUrl,
        body: { hookUrl: 'http://127.0.0.1:9/hook', action: 'add_deal' },
      });
      expect(sub.json).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    } finally {
      await other.close();
    }
  });

  it('perform answers 201 [the example] by the action header, [{}] for an unknown action', async () => {
    const movedDeal = rowOf({ HOOK_EVENTS }, 'move_deal').payload;
    const reply = await call('GET', '/api/outbound/perform', { headers: { action: 'move_deal' } });
    expect(reply).toMatchObject({ status: 201, json: [movedDeal] });
    const unknown = await call('GET', '/api/outbound/perform', { headers: { action: 'nothing' } });
    expect(unknown).toMatchObject({ status: 201, json: [{}] });
  });

  it('perform answers "" values for an account with no such record, when asked to', async () => {
    const empty = await startSandbox({ emptySamples: true });
    try {
      const reply = await call('GET', '/api/outbound/perform', {
        base: empty.baseUrl,
        headers: { action: 'delete_task' },
      });
      expect(reply.json).toEqual([{ num: '', removed_task: '', removed_date: '' }]);
    } finally {
      await empty.close();
    }
  });

  it('fire POSTs one JSON object to every hook of that action only, and reports the answers', async () => {
    const [a, b, other] = [await receiver(), await receiver(), await receiver()];
    for (const [hook, action] of [
      [a, 'watch_material'],
      [b, 'watch_material'],
      [other, 'add_contact'],
    ] as const) {
      await call('POST', '/api/outbound/subscribe', { body: { hookUrl: hook.url, action } });
    }
    const payload = { contact: 'x', material_id: 'm1' };
    const deliveries = await sandbox.fire('watch_material', payload);
    expect(deliveries.map((d) => [d.hookUrl, d.status, d.answer])).toEqual([
      [a.url, 200, '{"status":"success"}'],
      [b.url, 200, '{"status":"success"}'],
    ]);
    for (const hook of [a, b]) {
      const got = await hook.next();
      expect(got.method).toBe('POST');
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.rawBody).toBe('{"contact":"x","material_id":"m1"}');
    }
    expect(other.received).toEqual([]);
    // The most recent event is what perform offers as a sample from then on.
    const sample = await call('GET', '/api/outbound/perform', {
      headers: { action: 'watch_material' },
    });
    expect(sample.json).toEqual([payload]);
  });

  it('records a hook URL that cannot be reached as a failed delivery, without throwing', async () => {
    const gone = await receiver();
    await gone.close();
    await call('POST', '/api/outbound/subscribe', {
      body: { hookUrl: gone.url, action: 'lead_source' },
    });
    const [delivery] = await sandbox.fire('lead_source');
    expect(delivery?.status).toBeUndefined();
    expect(delivery?.error).toMatch(/ECONNREFUSED/);
  });

  it('fires over HTTP from the sandbox-only control endpoint', async () => {
    const hook = await receiver();
    await call('POST', '/api/outbound/subscribe', {
      body: { hookUrl: hook.url, action: 'update_task' },
    });
    const before = sandbox.requests.length;
    const reply = await call('POST', '/__sandbox/fire', {
      key: null,
      body: { action: 'update_task' },
    });
    expect(reply.status).toBe(200);
    expect((await hook.next()).body).toEqual(rowOf({ HOOK_EVENTS }, 'update_task').payload);
    // Control requests are not the service's, so they are not recorded.
    expect(sandbox.requests.length).toBe(before);
  });
});

describe('records and forced failures', () => {
  it('records each request: base, method, path, query, headers, body and status', async () => {
    sandbox.resetRecords();
    await call('DELETE', '/api/outbound/unsubscribe?id=abc&x=1', { base: sandbox.altBaseUrl });
    await call('POST', '/api/note', { body: { email: 'a@example.com', content: 'c' } });
    expect(sandbox.requests).toEqual([
      expect.objectContaining({
        seq: 1,
        base: 'ALT_BASE_URL',
        method: 'DELETE',
        path: '/api/outbound/unsubscribe',
        query: { id: 'abc', x: '1' },
        rawBody: '',
        body: undefined,
        status: 201,
      }),
      expect.objectContaining({
        seq: 2,
        base: 'BASE_URL',
        method: 'POST',
        path: '/api/note',
        body: { email: 'a@example.com', content: 'c' },
        status: 200,
      }),
    ]);
    expect(sandbox.requests[1]?.headers.authorization).toBe(DEFAULT_API_KEY);
    await sandbox.settled();
  });

  it('failNext answers the next matching request as told, once', async () => {
    sandbox.failNext({ method: 'GET', path: '/api/pdf', status: 500 });
    expect((await call('GET', '/api/video')).status).toBe(200);
    expect(await call('GET', '/api/pdf')).toMatchObject({
      status: 500,
      json: { status: false, error: 'internal_server_error' },
    });
    expect((await call('GET', '/api/pdf')).status).toBe(200);
    sandbox.failNext({
      status: 429,
      body: { error: 'slow down' },
      headers: { 'Retry-After': '7' },
    });
    const throttled = await fetch(`${sandbox.baseUrl}/api/image`);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('7');
    expect(await throttled.json()).toEqual({ error: 'slow down' });
  });
});
