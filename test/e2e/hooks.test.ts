// Every REST-hook trigger through a whole life, over real HTTP: the app
// subscribes a local receiver, the sandbox delivers the event as the service
// does, the app turns the delivered body into an item, and unsubscribes.
import type { Bundle } from 'zapier-platform-core';
import { HOOK_EVENTS, type ActionValue } from '../../src/hooks/events';
import { startReceiver, type ReceivedHook, type Receiver } from '../../sandbox/receiver';
import type { RecordedRequest, Sandbox } from '../../sandbox/server';
import { bundleFor, deliveredRequest, requestsDuring, run, useSandbox } from './helpers';
import { HOOK_CALLS, keysOf } from '../support/expectations';
import { rowOf } from '../support/rows';

const OBJECT_ID = /^[0-9a-f]{24}$/;

const sandbox = useSandbox();
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

function payloadOf(action: ActionValue): Readonly<Record<string, unknown>> {
  return rowOf({ HOOK_EVENTS }, action).payload;
}

function onlyRequest(sb: Sandbox, requests: RecordedRequest[]): RecordedRequest {
  expect(requests).toHaveLength(1);
  const [request] = requests;
  if (!request) throw new Error('no request');
  expect(request.headers.authorization).toBe(sb.apiKey);
  return request;
}

/** The bundle Zapier gives `perform` for a delivered webhook. */
const deliveredBundle = (
  sb: Sandbox,
  hook: ReceivedHook,
  subscribeData: { id: string },
  inputData: Bundle['inputData'] = {},
): Partial<Bundle> =>
  bundleFor(sb, {
    inputData,
    ...deliveredRequest(hook),
    targetUrl: receiver.url,
    subscribeData,
  });

async function subscribe(
  sb: Sandbox,
  action: ActionValue,
  inputData: Bundle['inputData'] = {},
): Promise<{ id: string }> {
  const { result, requests } = await requestsDuring(sb, () =>
    run(
      `triggers.${action}.operation.performSubscribe`,
      bundleFor(sb, { targetUrl: receiver.url, inputData }),
    ),
  );
  const request = onlyRequest(sb, requests);
  expect(request).toMatchObject({
    ...HOOK_CALLS.subscribe,
    body: { hookUrl: receiver.url, action },
    status: 201,
  });
  expect(request.headers['content-type']).toBe('application/json');
  return result as { id: string };
}

async function unsubscribe(
  sb: Sandbox,
  action: ActionValue,
  subscribeData: { id: string },
): Promise<unknown> {
  const { result, requests } = await requestsDuring(sb, () =>
    run(
      `triggers.${action}.operation.performUnsubscribe`,
      bundleFor(sb, { subscribeData, targetUrl: receiver.url }),
    ),
  );
  expect(onlyRequest(sb, requests)).toMatchObject({
    method: HOOK_CALLS.unsubscribe.method,
    path: HOOK_CALLS.unsubscribe.path,
    query: { id: subscribeData.id },
    status: 201,
  });
  return result;
}

/** The normalised item keeps every field as sent, has an id, and parses the contact strings. */
function expectNormalised(
  item: Record<string, unknown>,
  payload: Readonly<Record<string, unknown>>,
): void {
  expect(item).toEqual(
    expect.objectContaining({
      ...payload,
      id: typeof payload.id === 'string' ? payload.id : expect.stringMatching(/^evt_[0-9a-f]{24}$/),
    }),
  );
  if (typeof payload.contact === 'string' && payload.contact) {
    const contacts = item.contacts as Record<string, unknown>[];
    expect(contacts.length).toBeGreaterThan(0);
    for (const contact of contacts) {
      expect(contact).toEqual({
        id: expect.stringMatching(OBJECT_ID),
        first_name: expect.any(String),
        last_name: expect.any(String),
        email: expect.stringMatching(/^[^@\s]+@[^@\s]+$/),
        cell_phone: expect.any(String),
      });
      expect(payload.contact).toContain(String(contact.email));
    }
  }
}

describe.each(keysOf('hook'))('%s', (action) => {
  it('subscribe → sample → deliver → perform → unsubscribe', async () => {
    const sb = sandbox();
    const payload = payloadOf(action);

    const subscribeData = await subscribe(sb, action);
    expect(subscribeData.id).toMatch(OBJECT_ID);
    expect(sb.subscriptions.get(subscribeData.id)).toEqual({
      id: subscribeData.id,
      hookUrl: receiver.url,
      action,
      createdAt: expect.any(String),
    });

    const list = await requestsDuring(sb, () =>
      run(`triggers.${action}.operation.performList`, bundleFor(sb)),
    );
    const listRequest = onlyRequest(sb, list.requests);
    expect(listRequest).toMatchObject({
      method: HOOK_CALLS.performList.method,
      path: HOOK_CALLS.performList.path,
      status: 201,
    });
    expect(listRequest.headers.action).toBe(action);
    const samples = list.result as Record<string, unknown>[];
    expect(samples).toHaveLength(1);

    const deliveries = await sb.fire(action);
    expect(deliveries.map((d) => [d.hookUrl, d.status])).toEqual([[receiver.url, 200]]);
    const delivered = await receiver.next();
    expect(delivered.method).toBe('POST');
    expect(delivered.headers['content-type']).toBe('application/json');
    expect(delivered.body).toEqual(payload);

    const before = sb.requests.length;
    const items = (await run(
      `triggers.${action}.operation.perform`,
      deliveredBundle(sb, delivered, subscribeData),
    )) as Record<string, unknown>[];
    expect(sb.requests.length).toBe(before);
    expect(items).toHaveLength(1);
    const [item = {}] = items;
    expectNormalised(item, payload);
    // The editor's sample has the shape of a live event (D006).
    expect(Object.keys(samples[0] ?? {}).sort()).toEqual(Object.keys(item).sort());

    await unsubscribe(sb, action, subscribeData);
    expect(sb.subscriptions.has(subscribeData.id)).toBe(false);
    expect(sb.subscriptions.size).toBe(0);
  });
});

describe('events the service fires by itself', () => {
  it('adding a note through the API reaches the create_note hook, and perform reads it', async () => {
    const sb = sandbox();
    const subscribeData = await subscribe(sb, 'create_note');
    await run(
      'creates.add_note.operation.perform',
      bundleFor(sb, { inputData: { email: 'omar@example.net', content: 'Asked for a callback' } }),
    );
    const delivered = await receiver.next();
    const note = sb.notes.at(-1);
    const contact = sb.data.contacts.at(-1);
    expect(delivered.body).toEqual({
      id: note?._id,
      title: '',
      content: 'Asked for a callback',
      contact: `[${contact?.id},omar,,omar@example.net,]`,
      create_at: note?.created_at,
    });
    const [item] = (await run(
      'triggers.create_note.operation.perform',
      deliveredBundle(sb, delivered, subscribeData),
    )) as Record<string, unknown>[];
    expect(item).toMatchObject({
      id: note?._id,
      content: 'Asked for a callback',
      contacts: [
        {
          id: contact?.id,
          first_name: 'omar',
          last_name: '',
          email: 'omar@example.net',
          cell_phone: '',
        },
      ],
    });
    await unsubscribe(sb, 'create_note', subscribeData);
  });
});

describe('a trigger with a filter', () => {
  it('Material Watched for PDFs only: the service delivers both, perform keeps the PDF', async () => {
    const sb = sandbox();
    const filter = { material_type: 'PDF' };
    // The subscription is the action alone (checked in subscribe()): the service knows no filter.
    const subscribeData = await subscribe(sb, 'watch_material', filter);
    expect(sb.subscriptions.get(subscribeData.id)).toMatchObject({ action: 'watch_material' });

    const video = payloadOf('watch_material');
    expect(video.material_type).toBe('VIDEO');
    const pdf = {
      ...video,
      material_id: '65e0c1d2b3a4f50012cd7810',
      material_type: 'PDF',
      material_title: 'Buyer Guide 2026',
      material_amount: '4',
    };
    await sb.fire('watch_material');
    await sb.fire('watch_material', pdf);
    const performed = [];
    for (const expected of [video, pdf]) {
      const delivered = await receiver.next();
      expect(delivered.body).toEqual(expected);
      performed.push(
        (await run(
          'triggers.watch_material.operation.perform',
          deliveredBundle(sb, delivered, subscribeData, filter),
        )) as Record<string, unknown>[],
      );
    }
    const [fromVideo, fromPdf] = performed;
    expect(fromVideo).toEqual([]);
    expect(fromPdf).toHaveLength(1);
    // Sent as the string "4"; the output field declares a number, so the item holds 4.
    expect(fromPdf?.[0]?.material_amount).toBe(4);
    expectNormalised(fromPdf?.[0] ?? {}, { ...pdf, material_amount: 4 });

    // The editor's samples go through the same filter: the sandbox's recent item is the PDF now.
    const samples = await run(
      'triggers.watch_material.operation.performList',
      bundleFor(sb, { inputData: filter }),
    );
    expect(samples).toEqual(fromPdf);
    const videosOnly = await run(
      'triggers.watch_material.operation.performList',
      bundleFor(sb, { inputData: { material_type: 'VIDEO' } }),
    );
    expect(videosOnly).toEqual([]);

    await unsubscribe(sb, 'watch_material', subscribeData);
  });
});

describe('one item per record', () => {
  it('deleting three contacts at once is three items, each a contact with its own id', async () => {
    const sb = sandbox();
    const subscribeData = await subscribe(sb, 'delete_contact');
    const [first, second] = sb.data.contacts;
    if (!first || !second) throw new Error('the sandbox has fewer than two contacts');
    const third = {
      id: '6512e4c1a9b3f2001e7d4a99',
      first_name: 'Ana',
      last_name: 'Ruiz',
      email: 'ana@example.org',
      cell_phone: 'undefined',
    };
    const contacts = [first, second, third];
    const bulk = {
      num: 3,
      contacts: contacts
        .map((c) => `[${c.id},${c.first_name},${c.last_name},${c.email},${c.cell_phone}]`)
        .join(','),
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    await sb.fire('delete_contact', bulk);
    const delivered = await receiver.next();
    expect(delivered.body).toEqual(bulk);

    const items = (await run(
      'triggers.delete_contact.operation.perform',
      deliveredBundle(sb, delivered, subscribeData),
    )) as Record<string, unknown>[];
    const single = payloadOf('delete_contact');
    expect(items).toEqual(
      contacts.map((c) => ({
        ...Object.fromEntries(Object.keys(single).map((key) => [key, ''])),
        tags: [],
        created_at: null,
        custom_fields: {},
        id: c.id,
        first_name: c.first_name,
        last_name: c.last_name,
        email: c.email,
        // The service writes a missing phone as "undefined".
        cell_phone: c.cell_phone === 'undefined' ? '' : c.cell_phone,
      })),
    );
    // Each has exactly the keys a single delete's item has: no `num`, no `removed_date`.
    const [singleItem] = (await run(
      'triggers.delete_contact.operation.perform',
      deliveredBundle(sb, { ...delivered, body: single }, subscribeData),
    )) as Record<string, unknown>[];
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(singleItem ?? {}).sort());
    }
    await unsubscribe(sb, 'delete_contact', subscribeData);
  });

  it('deleting two tasks at once is two items, each with the fields of a task', async () => {
    const sb = sandbox();
    const subscribeData = await subscribe(sb, 'delete_task');
    const [contact] = sb.data.contacts;
    if (!contact) throw new Error('the sandbox has no contact');
    const contactText = `[${contact.id},${contact.first_name},${contact.last_name},${contact.email},${contact.cell_phone}]`;
    const when = 'Fri Mar 20 2026 17:00:00 GMT+0000 (Coordinated Universal Time)';
    const bulk = {
      num: 2,
      removed_task:
        `[call,Call about the offer, today,${contactText},${when},true,WEEK,${when},` +
        `[email,Send the guide,${contactText},${when},false,undefined,${when}`,
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    await sb.fire('delete_task', bulk);
    const delivered = await receiver.next();
    const items = (await run(
      'triggers.delete_task.operation.perform',
      deliveredBundle(sb, delivered, subscribeData),
    )) as Record<string, unknown>[];
    const parsedContact = {
      id: contact.id,
      first_name: contact.first_name,
      last_name: contact.last_name,
      email: contact.email,
      cell_phone: contact.cell_phone,
    };
    const [first, second] = bulk.removed_task.split(',[email,');
    const task = {
      num: bulk.num,
      removed_date: bulk.removed_date,
      contact: contactText,
      contacts: [parsedContact],
      due_date: '2026-03-20T17:00:00.000Z',
      create_at: '2026-03-20T17:00:00.000Z',
    };
    expect(items).toEqual([
      {
        ...task,
        id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
        type: 'call',
        content: 'Call about the offer, today',
        set_recurrence: true,
        recurrence_mode: 'WEEK',
        // Each task's own part of the text.
        removed_task: first,
      },
      {
        ...task,
        id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
        type: 'email',
        content: 'Send the guide',
        set_recurrence: false,
        recurrence_mode: '',
        removed_task: `[email,${second ?? ''}`,
      },
    ]);
    expect(items[0]?.id).not.toBe(items[1]?.id);
    await unsubscribe(sb, 'delete_task', subscribeData);
  });
});

describe('unsubscribing', () => {
  it('succeeds for a subscription the service no longer holds', async () => {
    const sb = sandbox();
    const subscribeData = await subscribe(sb, 'add_deal');
    await unsubscribe(sb, 'add_deal', subscribeData);
    expect(await unsubscribe(sb, 'add_deal', subscribeData)).toEqual({
      id: subscribeData.id,
      outcome: 'unsubscribed',
    });
  });
});

describe('a service that answers subscribe with `_id`, as the interface document says', () => {
  const underscored = useSandbox({ subscribeIdKey: '_id' });

  it('keeps the id for unsubscribing', async () => {
    const sb = underscored();
    const subscribeData = await subscribe(sb, 'move_deal');
    // Only what unsubscribing needs is kept.
    expect(subscribeData).toEqual({ id: expect.stringMatching(OBJECT_ID) });
    expect(sb.subscriptions.has(subscribeData.id)).toBe(true);
    await unsubscribe(sb, 'move_deal', subscribeData);
    expect(sb.subscriptions.size).toBe(0);
  });
});
