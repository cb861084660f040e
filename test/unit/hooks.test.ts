// The REST-hook operations of all fifteen triggers, through the real request pipeline.
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { hookTriggers } from '../../src/hooks';
import { ACTION_VALUES, HOOK_EVENTS, type ActionValue } from '../../src/hooks/events';
import { API_KEY, appTester, bundleWith, failureOf, userMessage } from '../support/app';

const HOST = 'https://api.crmgrow.com';
const TARGET_URL = 'https://hooks.zapier.com/hooks/standard/1234567/abcdef0123456789/';

type Operation = (z: ZObject, bundle: Bundle) => Promise<unknown>;

/** The four functions of a hook trigger, checked to be functions (not request shorthands). */
function hookOperation(
  action: ActionValue,
): Record<'subscribe' | 'unsubscribe' | 'list' | 'perform', Operation> {
  const { operation } = hookTriggers[action];
  if (operation.type !== 'hook') throw new Error(`${action} is not a REST-hook trigger`);
  const functions = {
    subscribe: operation.performSubscribe,
    unsubscribe: operation.performUnsubscribe,
    list: operation.performList,
    perform: operation.perform,
  };
  for (const [name, fn] of Object.entries(functions)) {
    if (typeof fn !== 'function') throw new Error(`${action} has no ${name} function`);
  }
  return functions as Record<keyof typeof functions, Operation>;
}

const subscribeApi = (action: ActionValue): nock.Interceptor =>
  nock(HOST, {
    reqheaders: { Authorization: API_KEY, 'Content-Type': 'application/json' },
  }).post('/api/outbound/subscribe', { hookUrl: TARGET_URL, action });

const unsubscribeApi = (id: string): nock.Interceptor =>
  nock(HOST, { reqheaders: { Authorization: API_KEY }, badheaders: ['Content-Type'] })
    .delete('/api/outbound/unsubscribe')
    .query({ id });

const performListApi = (action: ActionValue): nock.Interceptor =>
  nock(HOST, { reqheaders: { Authorization: API_KEY, action } }).get('/api/outbound/perform');

const subscribeBundle = (): Partial<Bundle> => bundleWith({ targetUrl: TARGET_URL });
const unsubscribeBundle = (subscribeData: Record<string, unknown>): Partial<Bundle> =>
  bundleWith({ targetUrl: TARGET_URL, subscribeData } as Partial<Bundle>);

const NOTE_EVENT = {
  id: '6601a3f9c2d4e50013b7e9a1',
  title: 'Call recap',
  content: 'Wants a pre-approval letter by Friday.',
  contact: '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123]',
  create_at: '2026-03-15T10:42:03.118Z',
};
const NOTE_ITEM = {
  ...NOTE_EVENT,
  contacts: [
    {
      id: '6512e4c1a9b3f2001e7d4a10',
      first_name: 'Jane',
      last_name: 'Cooper',
      email: 'jane.cooper@example.com',
      cell_phone: '+14155550123',
    },
  ],
};

describe('the hook triggers', () => {
  it('are the fifteen action values, in the order of the interface', () => {
    expect(Object.keys(hookTriggers)).toEqual([
      'add_contact',
      'update_contact',
      'delete_contact',
      'add_deal',
      'move_deal',
      'send_material',
      'watch_material',
      'assigned_automation',
      'create_note',
      'update_note',
      'delete_note',
      'create_task',
      'update_task',
      'delete_task',
      'lead_source',
    ]);
    expect([...ACTION_VALUES]).toEqual(Object.keys(hookTriggers));
    expect(HOOK_EVENTS.map((event) => event.action)).toEqual([...ACTION_VALUES]);
  });
});

describe.each(ACTION_VALUES)('%s', (action) => {
  const op = hookOperation(action);

  describe('performSubscribe', () => {
    it('posts the target URL and action, and keeps the `id` the service answers', async () => {
      subscribeApi(action).reply(201, { id: '6613c0ffee0000000000a001' });
      const result = await appTester(op.subscribe, subscribeBundle());
      expect(result).toEqual({ id: '6613c0ffee0000000000a001' });
    });

    it('accepts the `_id` of the interface and stores it as `id` too', async () => {
      subscribeApi(action).reply(201, { _id: '6613c0ffee0000000000a002' });
      const result = await appTester(op.subscribe, subscribeBundle());
      expect(result).toEqual({ _id: '6613c0ffee0000000000a002', id: '6613c0ffee0000000000a002' });
    });
  });

  describe('performUnsubscribe', () => {
    it.each([
      ['id', { id: '6613c0ffee0000000000a001' }],
      ['_id', { _id: '6613c0ffee0000000000a001' }],
      ['id and _id', { _id: '6613c0ffee0000000000a001', id: '6613c0ffee0000000000a001' }],
    ])('deletes ?id=<subscription> when subscribeData carries %s', async (_form, data) => {
      unsubscribeApi('6613c0ffee0000000000a001').reply(201, { status: true });
      const result = await appTester(op.unsubscribe, unsubscribeBundle(data));
      expect(result).toEqual({ id: '6613c0ffee0000000000a001', outcome: 'unsubscribed' });
    });

    it.each([404, 410])('treats %i as already unsubscribed', async (status) => {
      unsubscribeApi('6613c0ffee0000000000a001').reply(status, {
        status: false,
        error: 'Not found',
      });
      const result = await appTester(
        op.unsubscribe,
        unsubscribeBundle({ id: '6613c0ffee0000000000a001' }),
      );
      expect(result).toEqual({ id: '6613c0ffee0000000000a001', outcome: 'already_gone' });
    });
  });

  describe('performList', () => {
    const event = HOOK_EVENTS.find((row) => row.action === action);
    if (!event) throw new Error(`no table row for ${action}`);
    const sample = hookTriggers[action].operation.sample;

    it('sends the action header and returns the sample in the shape of live events', async () => {
      performListApi(action).reply(201, [event.payload]);
      const items = await appTester(op.list, bundleWith());
      expect(items).toEqual([sample]);
      // The same body delivered live gives the same item (D006).
      expect(await appTester(op.perform, bundleWith({ cleanedRequest: event.payload }))).toEqual(
        items,
      );
    });

    it('accepts a single object', async () => {
      performListApi(action).reply(201, event.payload);
      expect(await appTester(op.list, bundleWith())).toEqual([sample]);
    });

    it('returns [] for the service\'s "nothing here" answers', async () => {
      const placeholder = Object.fromEntries(Object.keys(event.payload).map((key) => [key, '']));
      performListApi(action).reply(201, [{}]);
      expect(await appTester(op.list, bundleWith())).toEqual([]);
      performListApi(action).reply(201, [placeholder]);
      expect(await appTester(op.list, bundleWith())).toEqual([]);
    });
  });
});

describe('performSubscribe, whatever the action', () => {
  const op = hookOperation('create_note');

  it('turns a numeric id into a string and prefers `id` when both come back', async () => {
    subscribeApi('create_note').reply(201, { id: 42 });
    expect(await appTester(op.subscribe, subscribeBundle())).toEqual({ id: '42' });
    subscribeApi('create_note').reply(201, { _id: 'old', id: 'new' });
    expect(await appTester(op.subscribe, subscribeBundle())).toEqual({
      _id: 'old',
      id: 'new',
    });
  });

  it.each([
    ['no id', { status: true }],
    ['a blank id', { id: '  ' }],
    ['a list', [{ id: 'x' }]],
  ])('an answer with %s is an error: the subscription was not confirmed', async (_what, body) => {
    subscribeApi('create_note').reply(201, body);
    const error = await failureOf(appTester(op.subscribe, subscribeBundle()));
    expect(error.name).toBe('AppError');
    expect(JSON.parse(error.message)).toEqual({
      message:
        'CRMGrow did not confirm the subscription: its answer carried no subscription id. Turn the ' +
        'Zap off and on again; if it keeps failing, contact CRMGrow support and mention that the ' +
        'webhook subscribe call answered without an id.',
      code: 'subscription_not_confirmed',
    });
  });

  it('a refused key surfaces through the shared error layer', async () => {
    subscribeApi('create_note').reply(401, { status: false, error: 'invalid signature' });
    const error = await failureOf(appTester(op.subscribe, subscribeBundle()));
    expect(error.name).toBe('ExpiredAuthError');
    expect(userMessage(error)).toContain('(HTTP 401: "invalid signature")');
  });

  it('uses the configured BASE_URL', async () => {
    process.env.BASE_URL = 'https://ecsbe.crmgrow.com';
    nock('https://ecsbe.crmgrow.com')
      .post('/api/outbound/subscribe', { hookUrl: TARGET_URL, action: 'create_note' })
      .reply(201, { id: 'abc' });
    expect(await appTester(op.subscribe, subscribeBundle())).toEqual({ id: 'abc' });
  });
});

describe('performUnsubscribe, whatever the action', () => {
  const op = hookOperation('add_contact');

  it('a numeric stored id is sent as its string form', async () => {
    unsubscribeApi('42').reply(201, { status: true });
    expect(await appTester(op.unsubscribe, unsubscribeBundle({ id: 42 }))).toEqual({
      id: '42',
      outcome: 'unsubscribed',
    });
  });

  it('an HTML 404 also counts as gone, so the Zap can still be turned off', async () => {
    unsubscribeApi('abc').reply(404, '<!DOCTYPE html><pre>Cannot DELETE</pre>', {
      'Content-Type': 'text/html',
    });
    expect(await appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' }))).toEqual({
      id: 'abc',
      outcome: 'already_gone',
    });
  });

  it.each([
    ['no subscribeData', undefined],
    ['no id', { status: true }],
    ['a blank id', { id: '' }],
  ])('with %s there is nothing to remove: it succeeds without a request', async (_what, data) => {
    const bundle = bundleWith({ targetUrl: TARGET_URL, subscribeData: data } as Partial<Bundle>);
    expect(await appTester(op.unsubscribe, bundle)).toEqual({
      outcome: 'nothing_to_remove',
    });
  });

  it('other failures surface through the shared error layer', async () => {
    unsubscribeApi('abc').reply(500, { status: false, error: 'internal_server_error' });
    const error = await failureOf(appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' })));
    expect(JSON.parse(error.message)).toMatchObject({ code: 'server_error', status: 500 });
    unsubscribeApi('abc').reply(403, { status: false, error: 'Forbidden' });
    const refused = await failureOf(appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' })));
    expect(JSON.parse(refused.message)).toMatchObject({ code: 'request_refused', status: 403 });
  });

  it('a 2xx that says status false is not taken as done', async () => {
    unsubscribeApi('abc').reply(201, { status: false, error: 'Unsubscribe error' });
    const error = await failureOf(appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' })));
    expect(userMessage(error)).toContain('"Unsubscribe error"');
  });
});

describe('samples for the Zap editor (meta.isLoadingSample)', () => {
  const contact = (n: number): string =>
    `[6512e4c1a9b3f2001e7d4a${n.toString(16).padStart(2, '0')},First${n},Last${n},c${n}@example.com,]`;
  const bulk = {
    num: 12,
    contacts: Array.from({ length: 12 }, (_, n) => contact(n)).join(','),
    removed_date: '2026-03-19T09:02:44.873Z',
  };

  it('are at most 10 items; other runs of performList get them all', async () => {
    performListApi('delete_contact').reply(201, [bulk]);
    performListApi('delete_contact').reply(201, [bulk]);
    const { list } = hookOperation('delete_contact');
    const ids = (items: unknown) => (items as { id: string }[]).map((i) => i.id);
    const all = Array.from(
      { length: 12 },
      (_, n) => `6512e4c1a9b3f2001e7d4a${n.toString(16).padStart(2, '0')}`,
    );
    expect(
      ids(await appTester(list, bundleWith({ meta: { isLoadingSample: true } as Bundle['meta'] }))),
    ).toEqual(all.slice(0, 10));
    expect(ids(await appTester(list, bundleWith()))).toEqual(all);
  });
});

describe('performList, whatever the action', () => {
  const op = hookOperation('create_note');

  it('normalises each sample and leaves out the empty ones', async () => {
    performListApi('create_note').reply(201, [
      {},
      NOTE_EVENT,
      { id: '', title: '', content: '', contact: '', create_at: '' },
    ]);
    expect(await appTester(op.list, bundleWith())).toEqual([NOTE_ITEM]);
  });

  it('an empty list gives []', async () => {
    performListApi('create_note').reply(201, []);
    expect(await appTester(op.list, bundleWith())).toEqual([]);
  });

  it('a service failure surfaces through the shared error layer', async () => {
    performListApi('create_note').reply(500, { status: false, error: 'internal_server_error' });
    const error = await failureOf(appTester(op.list, bundleWith()));
    expect(JSON.parse(error.message)).toMatchObject({ code: 'server_error', status: 500 });
  });
});

describe('perform', () => {
  const op = hookOperation('create_note');
  const run = (cleanedRequest: unknown): Promise<unknown> =>
    appTester(op.perform, bundleWith({ cleanedRequest }));

  it('turns the one delivered object into one item', async () => {
    expect(await run(NOTE_EVENT)).toEqual([NOTE_ITEM]);
  });

  it('keeps an array as an array of items, leaving out what is not an object', async () => {
    const second = { ...NOTE_EVENT, id: '6601a3f9c2d4e50013b7e9a2', contact: '' };
    expect(await run([NOTE_EVENT, second, 'noise'])).toEqual([
      NOTE_ITEM,
      { ...second, contacts: [] },
    ]);
  });

  it.each([
    ['an empty body', ''],
    ['no body', undefined],
    ['an empty object', {}],
    ['a string', 'add_contact'],
    ['a number', 7],
  ])('%s gives []', async (_what, body) => {
    expect(await run(body)).toEqual([]);
  });

  it('gives an event without an id a stable id', async () => {
    const payload = {
      num: 1,
      removed_task: '[t1,call,Call Jane',
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    const [first] = (await run(payload)) as { id: string }[];
    const [again] = (await run({ ...payload })) as { id: string }[];
    expect(first?.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(again?.id).toBe(first?.id);
  });
});
