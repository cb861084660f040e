// The exact request of each operation, as the service receives it: method, address, headers and
// body, byte for byte. Asserted here once; other tests assert what they are about.
import nock from 'nock';
import type { Bundle } from 'zapier-platform-core';
import { HOOK_EVENTS } from '../../src/triggers/events';
import { API_KEY, bundleWith, HOST, logsOf, run } from '../support/app';
import {
  CALLING,
  HOOK_CALLS,
  HOOKS,
  methodOf,
  TEMPLATE_ID,
  type Call,
} from '../support/live-zap-keys';

const ALT_HOST = 'https://alt.crmgrow.test';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, unknown>;
  readonly body: string;
}

/** Runs the operation and returns the one request it sent, answered with `reply`. */
async function requestOf(
  path: string,
  bundle: Partial<Bundle>,
  call: Call,
  reply: unknown,
): Promise<Seen> {
  const host = call.base === 'ALT_BASE_URL' ? ALT_HOST : HOST;
  const seen: Seen[] = [];
  const scope = nock(host)
    .intercept((uri) => uri.split('?')[0] === call.path, call.method)
    .reply(200, reply as nock.Body);
  scope.on(
    'request',
    (req: { method: string; path: string; headers: Record<string, unknown> }, _i, body: string) =>
      seen.push({ method: req.method, url: `${host}${req.path}`, headers: req.headers, body }),
  );
  await run(path, bundle);
  expect(seen).toHaveLength(1);
  return seen[0] as Seen;
}

const headersOf = ({ headers }: Seen) => ({
  authorization: headers.authorization,
  'user-agent': headers['user-agent'],
  'content-type': headers['content-type'],
  action: headers.action,
});
const jsonHeaders = {
  authorization: API_KEY,
  'user-agent': 'Zapier',
  'content-type': 'application/json',
};

beforeEach(() => {
  process.env.ALT_BASE_URL = ALT_HOST;
});

describe.each(Object.entries(CALLING))('%s', (key, { call, kind, example }) => {
  it('sends exactly the request the interface lists', async () => {
    const { path, inputData } = methodOf(key);
    const reply = kind === 'create' ? { status: true, data: { _id: 'r1' } } : [];
    const seen = await requestOf(path, bundleWith({ inputData }), call, reply);
    expect(seen.method).toBe(call.method);
    expect(seen.url).toBe(
      `${call.base === 'ALT_BASE_URL' ? ALT_HOST : HOST}${call.path}${call.query ?? ''}`,
    );
    expect(headersOf(seen)).toEqual({ ...jsonHeaders, action: undefined });
    // The body holds the inputs as read, in the fields' order, and nothing else.
    const body = example?.body ?? inputData;
    expect(seen.body).toBe(kind === 'create' ? JSON.stringify(body) : '');
  });
});

describe('the hook triggers', () => {
  it.each(HOOK_EVENTS.map(({ action }) => action))(
    '%s subscribes its action with the target URL',
    async (action) => {
      const targetUrl = 'https://hooks.zapier.com/hooks/standard/1/abc/';
      const seen = await requestOf(
        `triggers.${action}.operation.performSubscribe`,
        bundleWith({ targetUrl }),
        HOOK_CALLS.subscribe,
        { id: 'sub_1' },
      );
      const data = HOOKS[action]?.subscribeData;
      expect([seen.url, headersOf(seen), seen.body]).toEqual([
        `${HOST}${HOOK_CALLS.subscribe.path}`,
        { ...jsonHeaders, action: undefined },
        JSON.stringify({ hookUrl: targetUrl, action, ...(data && { data }) }),
      ]);
    },
  );

  it.each([
    ['Lead Form', 'leadform'],
    ['leadschedule', 'leadschedule'],
  ])("New Lead with the Lead Type %j subscribes CRMGrow's type %j", async (lead_type, type) => {
    const seen = await requestOf(
      'triggers.lead_source.operation.performSubscribe',
      bundleWith({ targetUrl: 'https://hooks.zapier.com/1', inputData: { lead_type } }),
      HOOK_CALLS.subscribe,
      { id: 'sub_1' },
    );
    expect(JSON.parse(seen.body)).toMatchObject({ data: { type, lead: '0' } });
  });

  it('New Lead with a lead form chosen subscribes that form, and its dropdown lists the forms of the Lead Type', async () => {
    const inputData = { lead_type: 'leadform', lead: ' 6512e4c1a9b3f2001e7d4c01 ' };
    const seen = await requestOf(
      'triggers.lead_source.operation.performSubscribe',
      bundleWith({ targetUrl: 'https://hooks.zapier.com/1', inputData }),
      HOOK_CALLS.subscribe,
      { id: 'sub_1' },
    );
    expect(JSON.parse(seen.body)).toMatchObject({
      data: { type: 'leadform', lead: '6512e4c1a9b3f2001e7d4c01' },
    });
    const list = await requestOf(
      'triggers.lead.operation.perform',
      bundleWith({ inputData }),
      CALLING.lead?.call ?? HOOK_CALLS.performList,
      [],
    );
    expect(list.url).toBe(`${HOST}/api/lead?type=leadform`);
  });

  it('subscribes with a blank hook URL when Zapier gives none', async () => {
    const seen = await requestOf(
      'triggers.add_contact.operation.performSubscribe',
      bundleWith(),
      HOOK_CALLS.subscribe,
      { id: 'sub_1' },
    );
    expect(seen.body).toBe(JSON.stringify({ hookUrl: '', action: 'add_contact' }));
  });

  it.each(HOOK_EVENTS.map(({ action }) => action))(
    '%s asks for its sample with the action in a header',
    async (action) => {
      const seen = await requestOf(
        `triggers.${action}.operation.performList`,
        bundleWith(),
        HOOK_CALLS.performList,
        [],
      );
      // New Lead's subscription `data`, which CRMGrow reads for its sample too.
      const data = HOOKS[action]?.subscribeData;
      const query = data ? `?data%5Btype%5D=${data.type}&data%5Blead%5D=${data.lead}` : '';
      expect([seen.url, headersOf(seen), seen.body]).toEqual([
        `${HOST}${HOOK_CALLS.performList.path}${query}`,
        { authorization: API_KEY, 'user-agent': 'Zapier', 'content-type': undefined, action },
        '',
      ]);
    },
  );

  it('unsubscribes the stored id in the query, braces and all', async () => {
    const seen = await requestOf(
      'triggers.add_contact.operation.performUnsubscribe',
      bundleWith({ subscribeData: { id: '{{sub 1}}' } }),
      HOOK_CALLS.unsubscribe,
      { status: true },
    );
    expect([seen.method, seen.url, headersOf(seen)]).toEqual([
      'DELETE',
      `${HOST}${HOOK_CALLS.unsubscribe.path}?id=%7B%7Bsub+1%7D%7D`,
      {
        authorization: API_KEY,
        'user-agent': 'Zapier',
        'content-type': undefined,
        action: undefined,
      },
    ]);
  });
});

describe("the service's source: path forms and /api-v2/ routes", () => {
  const missingRoute = (method: string, path: string) =>
    `<!DOCTYPE html><html><body><pre>Cannot ${method} ${path}</pre></body></html>`;

  it.each([
    [
      'triggers.add_contact.operation.performUnsubscribe',
      HOOK_CALLS.unsubscribe,
      '/sub%2F1',
      { status: true },
    ],
    ['triggers.add_deal.operation.performList', HOOK_CALLS.performList, '/add_deal', []],
    [
      'triggers.lead_source.operation.performList',
      HOOK_CALLS.performList,
      '/lead_source?data%5Btype%5D=leadschedule&data%5Blead%5D=0',
      [],
    ],
  ] as const)(
    '%s asks the path form once after a missing route',
    async (path, call, tail, reply) => {
      const seen: string[] = [];
      nock(HOST)
        .intercept((uri) => uri.startsWith(call.path), call.method)
        .reply(404, missingRoute(call.method, call.path))
        .intercept(`${call.path}${tail}`, call.method)
        .reply(201, reply)
        .on('request', (req: { method: string; path: string }) =>
          seen.push(`${req.method} ${req.path}`),
        );
      const inputData = { lead_type: 'Lead Schedule' };
      await run(path, bundleWith({ subscribeData: { id: 'sub/1' }, inputData }));
      expect(seen).toEqual([
        expect.stringMatching(new RegExp(`^${call.method} ${call.path}(\\?|$)`)),
        `${call.method} ${call.path}${tail}`,
      ]);
    },
  );

  const calls = [
    ...Object.entries(CALLING).map(([key, { call }]) => [methodOf(key).path, call] as const),
    ['triggers.add_contact.operation.performSubscribe', HOOK_CALLS.subscribe] as const,
    ['triggers.add_contact.operation.performList', HOOK_CALLS.performList] as const,
    ['triggers.add_contact.operation.performUnsubscribe', HOOK_CALLS.unsubscribe] as const,
  ];
  it.each(calls)('with API_ROUTES=api-v2, %s calls its /api-v2/ route', async (path, call) => {
    process.env.API_ROUTES = 'api-v2';
    const key = Object.keys(CALLING).find((one) => methodOf(one).path === path);
    const inputData = key ? methodOf(key).inputData : {};
    const reply =
      call === HOOK_CALLS.subscribe
        ? { id: 'sub_1' }
        : call.method === 'POST'
          ? { status: true, data: { _id: 'r1' } }
          : [];
    const seen = await requestOf(
      path,
      bundleWith({ inputData, subscribeData: { id: 'sub_1' }, targetUrl: 'https://h.example/1' }),
      { ...call, path: call.apiV2Path },
      reply,
    );
    expect(seen.url.split('?')[0]).toBe(
      `${call.base === 'ALT_BASE_URL' ? ALT_HOST : HOST}${call.apiV2Path}`,
    );
  });
});

describe('what the Zap builder typed is what CRMGrow gets', () => {
  it('a note goes byte for byte, {{…}}, spaces and line breaks included; the email as an address', async () => {
    const content = '  Dear {{first_name}},\r\n\tyour code is {{bundle.authData.api_key}} ✓ ';
    const seen = await requestOf(
      'creates.add_note.operation.perform',
      bundleWith({ inputData: { email: ' Jane Doe <jane@example.com>; ', content } }),
      CALLING.add_note.call,
      { status: true },
    );
    expect(seen.body).toBe(JSON.stringify({ email: 'jane@example.com', content }));
  });

  it('ids go as given, trimmed', async () => {
    const seen = await requestOf(
      'creates.send_image.operation.perform',
      bundleWith({ inputData: { email: 'a@b.co', image_id: ' {{x}} ', template_id: TEMPLATE_ID } }),
      CALLING.send_image.call,
      { status: true },
    );
    expect(JSON.parse(seen.body)).toEqual({
      email: 'a@b.co',
      image_id: '{{x}}',
      template_id: TEMPLATE_ID,
    });
  });
});

describe('the connection', () => {
  it('is tested by listing the templates with the key, trimmed', async () => {
    const seen = await requestOf(
      'authentication.test',
      { authData: { api_key: `  ${API_KEY}\n` } },
      CALLING.template.call,
      [],
    );
    expect(headersOf(seen)).toEqual({ ...jsonHeaders, action: undefined });
  });

  it.each([
    [' jane@example.com\n', 'jane@example.com'],
    [`key ${API_KEY}`, ''],
    [undefined, ''],
  ])('an Account Email of %j names it %j, never the key, with no request', async (email, label) => {
    const bundle = { authData: { api_key: API_KEY, account_email: email } };
    await expect(run('authentication.connectionLabel', bundle as Partial<Bundle>)).resolves.toBe(
      label,
    );
  });
});

describe("the developers' log", () => {
  it('holds what CRMGrow answered each request, as core would show it: status, start of the body, no key', async () => {
    const body = JSON.stringify([{ id: API_KEY, title: 'x'.repeat(5_000) }]);
    nock(HOST).get('/api/video').reply(200, body);
    const { logs } = await logsOf(() => run('triggers.video.operation.perform'));
    const line = logs.find((one) => one.startsWith('200 GET'));
    // The key redacted, then cut at core's 3,500 characters.
    const start = body.replace(API_KEY, '[API key]').slice(0, 3_499);
    expect(line).toBe(`200 GET ${HOST}/api/video: ${start}…`);
  });
});
