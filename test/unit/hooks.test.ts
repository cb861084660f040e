// The REST-hook operations of every hook trigger, through the real request pipeline.
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { hookTriggers } from '../../src/hooks/trigger';
import { derivedId } from '../../src/hooks/records';
import { hookTrigger } from '../../src/hooks/trigger';
import { ACTION_VALUES, HOOK_EVENTS, type ActionValue } from '../../src/hooks/events';
import { API_KEY, appTester, bundleWith, failureOf, userMessage } from '../support/app';
import { DELIVERY, HOOK_CALLS, keysOf } from '../support/expectations';
import { rowOf } from '../support/rows';
import { JANE_CONTACT } from '../support/expected';

const HOST = 'https://api.crmgrow.com';
const TARGET_URL = 'https://hooks.zapier.com/hooks/standard/1234567/abcdef0123456789/';

type Operation = (z: ZObject, bundle: Bundle) => Promise<unknown>;

/** The four functions of a hook trigger, checked to be functions (not request shorthands). */
function hookOperation(
  action: ActionValue,
): Record<'subscribe' | 'unsubscribe' | 'list' | 'perform', Operation> {
  const { operation } = rowOf({ hookTriggers }, action);
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
  }).post(HOOK_CALLS.subscribe.path, { hookUrl: TARGET_URL, action });

const unsubscribeApi = (id: string): nock.Interceptor =>
  nock(HOST, { reqheaders: { Authorization: API_KEY }, badheaders: ['Content-Type'] })
    .delete(HOOK_CALLS.unsubscribe.path)
    .query({ id });

const performListApi = (action: ActionValue): nock.Interceptor =>
  nock(HOST, { reqheaders: { Authorization: API_KEY, action } }).get(HOOK_CALLS.performList.path);

/**
 * The lines the app logged through z.console while `act` ran (the unit setup's
 * spy on console.log receives core's echo of each line).
 */
async function logsOf(act: () => Promise<unknown>): Promise<string[]> {
  const spy = jest.spyOn(console, 'log');
  const before = spy.mock.calls.length;
  await act();
  return spy.mock.calls.slice(before).map((args) => args.map(String).join(' ').trim());
}

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
  contacts: [JANE_CONTACT],
};

describe('the hook triggers', () => {
  it('are the action values written out, in the order of the interface', () => {
    expect(Object.keys(hookTriggers)).toEqual(keysOf('hook'));
    expect([...ACTION_VALUES]).toEqual(Object.keys(hookTriggers));
    expect(HOOK_EVENTS.map((event) => event.action)).toEqual([...ACTION_VALUES]);
  });
});

describe.each(keysOf('hook'))('%s', (action) => {
  const op = hookOperation(action);

  describe('performSubscribe', () => {
    it('posts the target URL and action, and keeps the `id` the service answers', async () => {
      subscribeApi(action).reply(201, { id: '6613c0ffee0000000000a001' });
      const result = await appTester(op.subscribe, subscribeBundle());
      expect(result).toEqual({ id: '6613c0ffee0000000000a001' });
    });

    it('accepts the `_id` of the interface and stores it as `id` only', async () => {
      subscribeApi(action).reply(201, { _id: '6613c0ffee0000000000a002' });
      const result = await appTester(op.subscribe, subscribeBundle());
      expect(result).toEqual({ id: '6613c0ffee0000000000a002' });
    });

    it("is the factory's: a trigger built from its row in this test subscribes and unsubscribes alike", async () => {
      // Built here, so that the factory runs inside a test (a mutation run counts only that).
      const { operation } = hookTrigger(rowOf({ HOOK_EVENTS }, action));
      if (operation.type !== 'hook') throw new Error(`${action} is not a REST-hook trigger`);
      subscribeApi(action).reply(201, { id: '6613c0ffee0000000000a003' });
      expect(await appTester(operation.performSubscribe as Operation, subscribeBundle())).toEqual({
        id: '6613c0ffee0000000000a003',
      });
      unsubscribeApi('6613c0ffee0000000000a003').reply(201, { status: true });
      expect(
        await appTester(
          operation.performUnsubscribe as Operation,
          unsubscribeBundle({ id: '6613c0ffee0000000000a003' }),
        ),
      ).toEqual({ id: '6613c0ffee0000000000a003', outcome: 'unsubscribed' });
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
      expect(result).toEqual({ id: '6613c0ffee0000000000a001', outcome: 'already_deleted' });
    });
  });

  describe('performList', () => {
    const event = rowOf({ HOOK_EVENTS }, action);
    const sample = rowOf({ hookTriggers }, action).operation.sample;

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

    it('reads a { "data": [...] } envelope, as the lists do', async () => {
      performListApi(action).reply(200, { status: true, data: [event.payload] });
      expect(await appTester(op.list, bundleWith())).toEqual([sample]);
    });

    it('leaves out what is not an object', async () => {
      performListApi(action).reply(201, [null, 'x', 5, [], event.payload]);
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
    expect(await appTester(op.subscribe, subscribeBundle())).toEqual({ id: 'new' });
  });

  it('keeps only the id: whatever else the answer holds is not stored', async () => {
    subscribeApi('create_note').reply(201, {
      status: true,
      data: { _id: 'inner', hookUrl: TARGET_URL },
      _id: '6613c0ffee0000000000a003',
      user: '6512e4c1a9b3f2001e7d4a10',
    });
    expect(await appTester(op.subscribe, subscribeBundle())).toEqual({
      id: '6613c0ffee0000000000a003',
    });
  });

  /** The message for an answer with no usable id: `shown` is the answer's first 200 characters. */
  const unconfirmed = (status: number, shown: string): unknown => ({
    message:
      'CRMGrow answered POST /api/outbound/subscribe without confirming it (no usable id; ' +
      `its answer: ${shown}). The subscription may exist in CRMGrow all the ` +
      'same, and Zapier could not remove it when the Zap is turned off. Contact CRMGrow support ' +
      'with this message before you turn the Zap on again, so events are not delivered twice.',
    code: 'subscription_unconfirmed',
    status,
  });

  it.each([
    ['no id', 201, '{"status":true}', '{"status":true}'],
    ['a blank id', 201, '{"id":"  "}', '{"id":"  "}'],
    ['a list', 201, '[{"id":"x"}]', '[{"id":"x"}]'],
    [
      'an object id',
      200,
      '{"id":{"$oid":"6613c0ffee0000000000a004"}}',
      '{"id":{"$oid":"6613c0ffee0000000000a004"}}',
    ],
    [
      'an id past 2^53, which JSON rounds',
      200,
      '{"id":9007199254740993}',
      '{"id":9007199254740993}',
    ],
    ['a fraction for an id', 200, '{"id":1.5}', '{"id":1.5}'],
  ])(
    'a JSON answer with %s is an error: the subscription is unconfirmed',
    async (_what, status, body, shown) => {
      subscribeApi('create_note').reply(status, body, { 'Content-Type': 'application/json' });
      const error = await failureOf(appTester(op.subscribe, subscribeBundle()));
      expect(error.name).toBe('AppError');
      expect(JSON.parse(error.message)).toEqual(unconfirmed(status, shown));
    },
  );

  it('a 204 with no body is an error naming the empty body', async () => {
    subscribeApi('create_note').reply(204);
    const error = await failureOf(appTester(op.subscribe, subscribeBundle()));
    expect(JSON.parse(error.message)).toEqual(unconfirmed(204, 'an empty body'));
  });

  it('an HTML 200 is an error quoting its first 200 characters, trimmed', async () => {
    const page = `<!DOCTYPE html><html><body><p>${'Welcome back to CRMGrow. '.repeat(10)}</p></body></html>`;
    subscribeApi('create_note').reply(200, `\n  ${page}`, { 'Content-Type': 'text/html' });
    const error = await failureOf(appTester(op.subscribe, subscribeBundle()));
    expect(error.name).toBe('AppError');
    expect(JSON.parse(error.message)).toEqual(unconfirmed(200, `${page.slice(0, 199)}…`));
  });

  it.each([
    ['a data envelope with _id', { status: true, data: { _id: '6613c0ffee0000000000a005' } }],
    ['a data envelope with id', { data: { id: '6613c0ffee0000000000a005', hookUrl: TARGET_URL } }],
  ])('reads the id from %s, as the lists read theirs', async (_what, answer) => {
    subscribeApi('create_note').reply(201, answer);
    expect(await appTester(op.subscribe, subscribeBundle())).toEqual({
      id: '6613c0ffee0000000000a005',
    });
  });

  it.each([
    ['an error beside the id', { id: 'abc', error: 'Invalid action' }, 'Invalid action'],
    ['"success": false', { _id: 'abc', success: false, message: 'Quota' }, 'Quota'],
    ['"status": false', { id: 'abc', status: false, error: 'Bad hookUrl' }, 'Bad hookUrl'],
  ])('an answer with %s stores nothing and fails quoting the service', async (_w, answer, said) => {
    subscribeApi('create_note').reply(201, answer);
    const error = await failureOf(appTester(op.subscribe, subscribeBundle()));
    expect(JSON.parse(error.message)).toEqual({
      message: `CRMGrow answered that the request failed (CRMGrow said "${said}"). Nothing was reported as done. If it keeps happening, contact CRMGrow support with this message.`,
      code: 'service_failure',
      status: 201,
    });
  });

  it('an answer echoing the key shows it as [API key]', async () => {
    subscribeApi('create_note').reply(201, { status: true, token: API_KEY });
    const error = await failureOf(appTester(op.subscribe, subscribeBundle()));
    expect(JSON.parse(error.message)).toEqual(
      unconfirmed(201, '{"status":true,"token":"[API key]"}'),
    );
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

  it.each([
    [404, { status: false, error: 'Not found' }],
    [410, { status: false }],
    [410, {}],
    [200, { status: false, error: 'Subscription not found' }],
    [400, { status: false, error: 'Subscription not found' }],
    [400, { message: 'No such subscription' }],
    [404, { msg: 'Webhook does not exist' }],
    [201, { status: true, message: 'subscription NOT FOUND' }],
  ])('a JSON %i answering %j is "already deleted", and logged', async (status, body) => {
    unsubscribeApi('abc').reply(status, body);
    let result: unknown;
    const logs = await logsOf(async () => {
      result = await appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' }));
    });
    expect(result).toEqual({ id: 'abc', outcome: 'already_deleted' });
    expect(logs).toEqual([
      `CRMGrow answered HTTP ${status} to unsubscribing abc: the subscription was already deleted.`,
    ]);
  });

  it('an HTML 404 is a missing endpoint, not a subscription gone: the Zap is not turned off', async () => {
    unsubscribeApi('abc').reply(
      404,
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n' +
        '</head>\n<body>\n<pre>Cannot DELETE /api/outbound/unsubscribe</pre>\n</body>\n</html>\n',
      { 'Content-Type': 'text/html; charset=utf-8' },
    );
    const error = await failureOf(appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' })));
    expect(error.name).toBe('AppError');
    expect(JSON.parse(error.message)).toEqual({
      message:
        'CRMGrow has no endpoint at DELETE /api/outbound/unsubscribe (HTTP 404). Contact CRMGrow ' +
        'support and mention this method and path.',
      code: 'endpoint_not_found',
      status: 404,
    });
  });

  // Never "gone": Zapier would forget a subscription the service keeps posting to.
  it.each([
    [401, { status: false, error: 'invalid signature' }, 'ExpiredAuthError', undefined],
    [500, { msg: 'Webhook does not exist' }, 'AppError', 'server_error'],
    [404, { message: 'Not Found' }, 'AppError', 'endpoint_not_found'],
    [404, { error: 'Cannot DELETE /api/outbound/unsubscribe' }, 'AppError', 'endpoint_not_found'],
    [404, {}, 'AppError', 'request_refused'],
    [400, { status: false, error: 'NotFoundError' }, 'AppError', 'request_refused'],
    [200, { success: false, error: 'could not delete' }, 'AppError', 'service_failure'],
    [200, { status: 'false' }, 'AppError', 'service_failure'],
    [200, { status: 'TRUE' }, 'AppError', 'unconfirmed'],
  ])('a %i answering %j is no removal: %s %s', async (status, body, name, code) => {
    unsubscribeApi('abc').reply(status, body);
    const error = await failureOf(appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' })));
    expect(error.name).toBe(name);
    if (code) expect(JSON.parse(error.message)).toMatchObject({ code, status });
  });

  it('a 200 page is no removal: it is not taken as done', async () => {
    unsubscribeApi('abc').reply(200, '<html><body>OK</body></html>', {
      'Content-Type': 'text/html',
    });
    const error = await failureOf(appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' })));
    expect(JSON.parse(error.message)).toEqual({
      message:
        'CRMGrow answered DELETE /api/outbound/unsubscribe without confirming it (no "status": ' +
        'true; its answer: <html><body>OK</body></html>), so it is not taken as done. Try again ' +
        'in a few minutes; if it keeps happening, contact CRMGrow support with this message.',
      code: 'unconfirmed',
      status: 200,
    });
  });

  it('a plain-text 404 or 410 is not taken as gone either', async () => {
    unsubscribeApi('abc').reply(410, 'Gone', { 'Content-Type': 'text/plain' });
    const error = await failureOf(appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' })));
    expect(JSON.parse(error.message)).toEqual({
      message:
        'CRMGrow refused DELETE /api/outbound/unsubscribe (HTTP 410: "Gone"). If it keeps ' +
        'happening, contact CRMGrow support with this message.',
      code: 'request_refused',
      status: 410,
    });
  });

  it('a "not found" that is not the text of error, message or msg is not taken as gone', async () => {
    unsubscribeApi('abc').reply(400, { error: ['Subscription not found'], note: 'not found' });
    const error = await failureOf(appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' })));
    expect(JSON.parse(error.message)).toMatchObject({ code: 'request_refused', status: 400 });
  });

  it('a JSON error that does not say "not found" is not taken as gone', async () => {
    unsubscribeApi('abc').reply(400, { status: false, error: 'Subscription locked' });
    const error = await failureOf(appTester(op.unsubscribe, unsubscribeBundle({ id: 'abc' })));
    expect(JSON.parse(error.message)).toEqual({
      message:
        'CRMGrow refused DELETE /api/outbound/unsubscribe (HTTP 400: "Subscription locked"). If ' +
        'it keeps happening, contact CRMGrow support with this message.',
      code: 'request_refused',
      status: 400,
    });
  });

  it.each([
    ['no subscribeData', undefined],
    ['no id', { status: true }],
    ['a blank id', { id: '' }],
  ])('with %s there is nothing to remove: it succeeds without a request', async (_what, data) => {
    const bundle = bundleWith({ targetUrl: TARGET_URL, subscribeData: data } as Partial<Bundle>);
    let result: unknown;
    const logs = await logsOf(async () => {
      result = await appTester(op.unsubscribe, bundle);
    });
    expect(result).toEqual({ outcome: 'nothing_to_remove' });
    expect(logs).toEqual([
      'CRMGrow unsubscribe skipped: the stored subscription has no id, so there is nothing to remove.',
    ]);
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

  const CONTACT_LINE =
    'A contact in "contact" was not in the form [id,first,last,email,phone]: kept, with what could be read.';

  it('logs what it could not read, after the action, each line once with its count', async () => {
    let items: unknown;
    const logs = await logsOf(async () => {
      items = await run({ ...NOTE_EVENT, contact: '[a,Jane],[b,Omar]' });
    });
    expect(items).toEqual([
      {
        ...NOTE_EVENT,
        contact: '[a,Jane],[b,Omar]',
        contacts: [
          { id: 'a', first_name: 'Jane', last_name: '', email: '', cell_phone: '' },
          { id: 'b', first_name: 'Omar', last_name: '', email: '', cell_phone: '' },
        ],
      },
    ]);
    expect(logs).toEqual([`create_note: ${CONTACT_LINE} (2 times)`]);
  });

  it('performList logs the same lines as the sample of the action', async () => {
    performListApi('create_note').reply(201, [{ ...NOTE_EVENT, contact: 'n/a' }]);
    const logs = await logsOf(() => appTester(op.list, bundleWith()));
    expect(logs).toEqual([`create_note sample: ${CONTACT_LINE}`]);
  });

  const SIX_NOTES = Array.from({ length: 6 }, (_, n) => ({
    ...NOTE_EVENT,
    id: `n${n + 1}`,
    content: 'x'.repeat(1_000_000),
  }));

  it.each([
    ['a delivery', 'create_note', () => run(SIX_NOTES)],
    [
      'the samples',
      'create_note sample',
      () => {
        performListApi('create_note').reply(201, SIX_NOTES);
        return appTester(op.list, bundleWith());
      },
    ],
  ] as const)(
    '%s past 5 MiB: the items that fit, and a log line naming the ones left out',
    async (_what, prefix, act) => {
      let items: unknown;
      const logs = await logsOf(async () => {
        items = await act();
      });
      expect(items).toEqual(
        SIX_NOTES.slice(0, 5).map((note) => ({ ...note, contacts: NOTE_ITEM.contacts })),
      );
      expect(logs).toEqual([
        `${prefix}: 1 of 6 items were left out: with them the result would pass Zapier's 6 MiB ` +
          'limit, and no item would start the Zap. The first left out is n6, the last n6.',
      ]);
    },
  );

  describe('a contact with a 7 MiB custom field', () => {
    const contactOp = hookOperation('add_contact');
    const contact = rowOf({ HOOK_EVENTS }, 'add_contact').payload;
    const big = {
      ...contact,
      additional_field: JSON.stringify({ notes: 'n'.repeat(7 * 1024 * 1024), score: 7 }),
    };

    it.each([
      [
        'delivered',
        'add_contact',
        () => appTester(contactOp.perform, bundleWith({ cleanedRequest: big })),
      ],
      [
        'sampled',
        'add_contact sample',
        () => {
          performListApi('add_contact').reply(201, [big]);
          return appTester(contactOp.list, bundleWith());
        },
      ],
    ] as const)(
      '%s: is kept, its identity whole, the field and its raw JSON cut',
      async (_how, prefix, act) => {
        let items: Record<string, unknown>[] = [];
        const logs = await logsOf(async () => {
          items = (await act()) as Record<string, unknown>[];
        });
        const [item] = items;
        expect(items).toHaveLength(1);
        const { additional_field: raw, custom_fields: custom, ...rest } = item ?? {};
        expect({ ...rest, additional_field: contact.additional_field }).toEqual(contact);
        expect(custom).toEqual({ notes: expect.stringMatching(/^n+…$/) as string, score: 7 });
        expect(raw).toMatch(/^\{"notes":"n+…$/);
        expect(Buffer.byteLength(JSON.stringify(items))).toBeLessThanOrEqual(
          DELIVERY.resultBudgetBytes,
        );
        // Cut by halves: no further than the budget needs.
        expect(Buffer.byteLength(JSON.stringify(items))).toBeGreaterThan(
          DELIVERY.resultBudgetBytes / 2,
        );
        expect(logs).toEqual([
          `${prefix}: Item ${String(contact.id)} was larger than Zapier takes: ` +
            '"additional_field", "custom_fields.notes" cut short.',
        ]);
      },
    );
  });

  describe('the delivered body', () => {
    const blank = { content: null, contacts: [], contact: null, create_at: null };
    const deliver = (request: Partial<Bundle>): Promise<unknown> =>
      appTester(op.perform, bundleWith(request));
    const NO_JSON = (held: string): string =>
      'create_note: The delivery held no JSON object, parsed or as text: it gave no item. ' +
      `What it held: ${held}.`;

    it("is Zapier's parse when it holds a record, not the raw text", async () => {
      const items = await deliver({
        cleanedRequest: { id: 5, title: 'As parsed' },
        rawRequest: { content: '{"id":5,"title":"As sent"}' },
      } as Partial<Bundle>);
      expect(items).toEqual([{ ...blank, id: '5', title: 'As parsed' }]);
    });

    it.each([
      ['cleanedRequest as JSON text', { cleanedRequest: '[{"id":"a","title":"A"},{"id":"b"}]' }],
      [
        'rawRequest.content, cleanedRequest empty',
        { cleanedRequest: {}, rawRequest: { content: '{"id":"a","title":"A"}' } },
      ],
      [
        'rawRequest.content with a byte-order mark',
        { rawRequest: { content: '\uFEFF{"id":"a","title":"A"}' } },
      ],
      [
        'rawRequest.content after text that is no JSON',
        { cleanedRequest: 'add_contact', rawRequest: { content: '{"id":"a","title":"A"}' } },
      ],
    ])('is read from %s', async (_where, request) => {
      const items = (await deliver(request as Partial<Bundle>)) as Record<string, unknown>[];
      expect(items[0]).toEqual({ ...blank, id: 'a', title: 'A' });
    });

    it.each([
      ['text that is no JSON', { cleanedRequest: ' add_contact ' }, 'add_contact'],
      ['JSON that holds no object', { rawRequest: { content: '[1,"x"]' } }, '[1,"x"]'],
      ['nothing', { cleanedRequest: {} }, 'nothing'],
      ['a long text, cut', { cleanedRequest: 'x'.repeat(100) }, `${'x'.repeat(79)}…`],
    ])('holding %s gives no item, and the log says what it held', async (_what, request, held) => {
      let items: unknown;
      const logs = await logsOf(async () => {
        items = await deliver(request as Partial<Bundle>);
      });
      expect(items).toEqual([]);
      expect(logs).toEqual([NO_JSON(held)]);
    });

    it('an id past 2^53, which JSON rounds, is no id: the item gets one derived from its content', async () => {
      const payload = JSON.parse('{"id":9007199254740993,"title":"A"}') as Record<string, unknown>;
      const [item] = (await deliver({ cleanedRequest: payload })) as { id: string }[];
      expect(item?.id).toBe(derivedId(payload));
    });
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
