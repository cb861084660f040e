// Every REST-hook trigger through a whole life, over real HTTP: the app
// subscribes a local receiver, the sandbox delivers the event as the service
// does, the app turns the delivered body into an item, and unsubscribes.
import type { Bundle } from 'zapier-platform-core';
import { HOOK_EVENTS, type ActionValue } from '../../src/hooks/events';
import { startReceiver, type ReceivedHook, type Receiver } from '../../sandbox/receiver';
import type { RecordedRequest, Sandbox } from '../../sandbox/server';
import { bundleFor, deliveredRequest, requestsDuring, run, useSandbox } from './helpers';
import { DELIVERY, HOOK_CALLS, IMAGE_ID, keysOf } from '../support/expectations';
import { BLANK_CONTACT_ITEM } from '../support/expected';
import { invoke, unpackZip, type Outcome } from '../support/lambda';
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
    // Core echoes the run's log to the console: kept here, and read at the end.
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
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
    const lines = log.mock.calls.map((args) => args.map(String).join(' ').trim());
    log.mockRestore();
    const dropped = (value: string): string =>
      `The "Material Type" filter ("${value}") dropped an event that does not match it: it starts no Zap run.`;
    expect(lines.filter((line) => line.includes('filter'))).toEqual([
      dropped('PDF'),
      dropped('VIDEO'),
    ]);
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

describe('deliveries as Zapier hands them, through build.zip in a fresh process', () => {
  let dir = '';
  let remove = (): void => undefined;
  beforeAll(() => {
    ({ dir, remove } = unpackZip());
  });
  afterAll(() => remove());

  const JSON_TYPE = { 'Content-Type': 'application/json' };
  /** perform's event for a bundle, as the Lambda gets it. */
  const performEvent = (action: ActionValue, bundle: Partial<Bundle>): object => ({
    command: 'execute',
    method: `triggers.${action}.operation.perform`,
    bundle: { authData: { api_key: sandbox().apiKey }, inputData: {}, ...bundle },
    environment: { BASE_URL: sandbox().baseUrl, ALT_BASE_URL: sandbox().altBaseUrl },
  });
  /** A delivery of `body` as Zapier hands it most often: parsed, and as the raw request. */
  const delivery = (action: ActionValue, body: object, inputData: Bundle['inputData'] = {}) =>
    performEvent(action, {
      inputData,
      cleanedRequest: body,
      rawRequest: {
        method: 'POST',
        querystring: '',
        headers: JSON_TYPE,
        content: JSON.stringify(body),
      },
    });
  /** Runs named events in one process; each outcome by its name. */
  async function outcomesOf(events: Record<string, object>): Promise<Record<string, Outcome>> {
    const names = Object.keys(events);
    const outcomes = await invoke(dir, Object.values(events));
    expect(outcomes).toHaveLength(names.length);
    return Object.fromEntries(names.map((name, i) => [name, outcomes[i] ?? { ok: false }]));
  }
  const itemsOf = (outcome: Outcome | undefined): Record<string, unknown>[] => {
    expect(outcome).toMatchObject({ ok: true });
    return outcome?.results as Record<string, unknown>[];
  };
  const resultBytes = (outcome: Outcome | undefined): number =>
    Buffer.byteLength(JSON.stringify(outcome?.results));

  describe('a delivery handed over as text (issue 38, item 6)', () => {
    const note = payloadOf('create_note');
    const text = JSON.stringify(note);
    let outcomes: Record<string, Outcome> = {};
    beforeAll(async () => {
      outcomes = await outcomesOf({
        parsed: delivery('create_note', note),
        cleanedText: performEvent('create_note', {
          cleanedRequest: text,
          rawRequest: { method: 'POST', querystring: '', headers: JSON_TYPE, content: text },
        }),
        rawOnly: performEvent('create_note', {
          rawRequest: { method: 'POST', querystring: '', headers: JSON_TYPE, content: text },
        }),
        emptyCleaned: performEvent('create_note', {
          cleanedRequest: {},
          rawRequest: { content: `\uFEFF${text}` },
        }),
        cleanedTextAlone: performEvent('create_note', { cleanedRequest: text }),
        nothing: performEvent('create_note', {
          cleanedRequest: 'name=Jane',
          rawRequest: { method: 'POST', querystring: '', headers: {}, content: 'name=Jane' },
        }),
        empty: performEvent('create_note', {}),
      });
    });

    it('cleanedRequest as JSON text, or missing with the JSON in rawRequest.content, gives the same item', () => {
      const [item] = itemsOf(outcomes.parsed);
      expect(item).toMatchObject({ id: note.id, content: note.content });
      for (const name of ['cleanedText', 'rawOnly', 'emptyCleaned', 'cleanedTextAlone']) {
        expect({ name, items: itemsOf(outcomes[name]) }).toEqual({ name, items: [item] });
        expect({ name, logs: outcomes[name]?.logs }).toEqual({ name, logs: [] });
      }
    });

    it('a delivery with no JSON anywhere gives no item, and a log line says so', () => {
      expect(itemsOf(outcomes.nothing)).toEqual([]);
      expect(outcomes.nothing?.logs).toEqual([
        'create_note: The delivery held no JSON object, parsed or as text: it gave no item. ' +
          'What it held: name=Jane.',
      ]);
      expect(itemsOf(outcomes.empty)).toEqual([]);
      expect(outcomes.empty?.logs).toEqual([
        'create_note: The delivery held no JSON object, parsed or as text: it gave no item. ' +
          'What it held: nothing.',
      ]);
    });
  });

  describe('filters read what the item shows (items 7 and 10)', () => {
    const send = payloadOf('send_material');
    const watch = payloadOf('watch_material');
    const move = payloadOf('move_deal');
    const image = {
      ...watch,
      material_id: IMAGE_ID,
      material_type: 'IMAGE',
      material_title: 'Open House Flyer',
      material_amount: '',
    };
    let outcomes: Record<string, Outcome> = {};
    beforeAll(async () => {
      const videosOnly = { ...send, pdf: '', image: 'undefined' };
      /** A send of videos with this image string, filtered to images. */
      const images = (image: string): object =>
        delivery('send_material', { ...videosOnly, image }, { material_type: 'IMAGE' });
      outcomes = await outcomesOf({
        undefinedImage: images('undefined'),
        emptyListImage: images('[]'),
        nullImage: images('null'),
        videos: delivery('send_material', videosOnly, { material_type: 'Video' }),
        anImage: images(`[${IMAGE_ID},IMAGE,Open House Flyer]`),
        stage: delivery(
          'move_deal',
          { ...move, deal_target: 'Under   Contract' },
          { deal_target: ' under contract' },
        ),
        otherStage: delivery('move_deal', move, { deal_target: 'Under Contracts' }),
        imageBlank: delivery('watch_material', image, { min_amount: '1' }),
        imageOfTwo: delivery('watch_material', image, { min_amount: '2' }),
        videoBlank: delivery(
          'watch_material',
          { ...watch, material_amount: '' },
          { min_amount: '1' },
        ),
      });
    });

    it('Material Type Image: "undefined", "[]" or "null" as the image string names no image', () => {
      for (const name of ['undefinedImage', 'emptyListImage', 'nullImage']) {
        expect({ name, items: itemsOf(outcomes[name]) }).toEqual({ name, items: [] });
      }
      const [videos] = itemsOf(outcomes.videos);
      expect((videos?.materials as { type: string }[]).map((m) => m.type)).toEqual([
        'VIDEO',
        'VIDEO',
      ]);
      const [withImage] = itemsOf(outcomes.anImage);
      expect(withImage?.materials).toContainEqual({
        id: IMAGE_ID,
        type: 'IMAGE',
        title: 'Open House Flyer',
      });
    });

    it('New Stage: trimmed, in any case, inner spaces collapsed', () => {
      expect(itemsOf(outcomes.stage)).toEqual([
        expect.objectContaining({ deal_target: 'Under   Contract' }),
      ]);
      expect(itemsOf(outcomes.otherStage)).toEqual([]);
    });

    it('Minimum Amount: an image with a blank amount counts as 1; a video does not count', () => {
      expect(itemsOf(outcomes.imageBlank)).toEqual([
        expect.objectContaining({ material_type: 'IMAGE', material_amount: null }),
      ]);
      expect(itemsOf(outcomes.imageOfTwo)).toEqual([]);
      expect(itemsOf(outcomes.videoBlank)).toEqual([]);
    });
  });

  describe('very large deliveries keep their items, cut to fit (items 5 and 9)', () => {
    const contact = payloadOf('add_contact');
    const identity = (item: Record<string, unknown> | undefined) =>
      Object.fromEntries(DELIVERY.identityKeys.map((key) => [key, item?.[key]]));
    /** Bodies of nearly 10 MB, Zapier's limit for a webhook. */
    const fill = (part: (i: number) => string, bytes: number): string[] => {
      const parts: string[] = [];
      for (let i = 0, size = 0; size < bytes; i++) {
        parts.push(part(i));
        size += (parts.at(-1)?.length ?? 0) + 1;
      }
      return parts;
    };
    const tinyFields = fill((i) => `"f${i.toString(36)}":0`, 7_500_000);
    const groups = fill(() => '[a]', 9_900_000);
    const ids = fill((i) => `[6512e4c1a9b3f200${i.toString(16).padStart(8, '0')}]`, 9_900_000);
    let outcomes: Record<string, Outcome> = {};
    beforeAll(async () => {
      outcomes = await outcomesOf({
        oneField: delivery('add_contact', {
          ...contact,
          additional_field: JSON.stringify({ notes: 'n'.repeat(7 * 1024 * 1024), score: 7 }),
        }),
        tinyFields: delivery('add_contact', {
          ...contact,
          additional_field: `{${tinyFields.join(',')}}`,
        }),
        groups: delivery('send_material', {
          ...payloadOf('send_material'),
          video: groups.join(','),
        }),
        idsOnly: delivery('delete_contact', {
          num: ids.length,
          contacts: ids.join(','),
          removed_date: '2026-03-19T09:02:44.873Z',
        }),
      });
      // Four deliveries of up to 10 MB each, in one fresh process.
    }, 60_000);

    it('a 7 MiB custom field: the contact is kept whole but for that field and its raw JSON, cut short', () => {
      const items = itemsOf(outcomes.oneField);
      expect(items).toHaveLength(1);
      const [item] = items;
      expect(identity(item)).toEqual(identity(contact));
      expect(item).toMatchObject({
        city: contact.city,
        tags: contact.tags,
        custom_fields: { score: 7 },
      });
      expect((item?.custom_fields as { notes: string }).notes).toMatch(/^n+…$/);
      expect(item?.additional_field).toMatch(/^\{"notes":"n+…$/);
      expect(resultBytes(outcomes.oneField)).toBeLessThanOrEqual(DELIVERY.resultBudgetBytes);
      expect(outcomes.oneField?.logs).toEqual([
        `add_contact: Item ${contact.id} was larger than Zapier takes: ` +
          '"additional_field", "custom_fields.notes" cut short.',
      ]);
    });

    it('hundreds of thousands of tiny custom fields: the contact is kept, with the first of them', () => {
      const [item, ...more] = itemsOf(outcomes.tinyFields);
      expect(more).toEqual([]);
      expect(identity(item)).toEqual(identity(contact));
      const kept = Object.entries(item?.custom_fields as Record<string, unknown>);
      expect(kept.length).toBeGreaterThan(1000);
      expect(kept.slice(0, 2)).toEqual([
        ['f0', 0],
        ['f1', 0],
      ]);
      expect(resultBytes(outcomes.tinyFields)).toBeLessThanOrEqual(DELIVERY.resultBudgetBytes);
      const [, read = ''] =
        /"additional_field" holds more than a result can carry: the first (\d+) were read/.exec(
          outcomes.tinyFields?.logs?.join('\n') ?? '',
        ) ?? [];
      // Read while they fit a quarter of a result, beside the raw text: then only the raw text is cut.
      expect(kept).toHaveLength(Number(read));
      expect(outcomes.tinyFields?.logs).toEqual([
        `add_contact: "additional_field" holds more than a result can carry: the first ${read} were read, ` +
          `${tinyFields.length - Number(read)} more were not.`,
        `add_contact: Item ${contact.id} was larger than Zapier takes: "additional_field" cut short.`,
      ]);
    });

    it('millions of bare "[a]" groups: one item, its materials read while they fit a quarter of a result', () => {
      const [item, ...more] = itemsOf(outcomes.groups);
      expect(more).toEqual([]);
      const materials = item?.materials as unknown[];
      expect(materials.length).toBeGreaterThan(1000);
      expect(materials[0]).toEqual({ id: 'a', type: '', title: '' });
      expect(resultBytes(outcomes.groups)).toBeLessThanOrEqual(DELIVERY.resultBudgetBytes);
      const [, read = '', unread = ''] =
        /"video" holds more than a result can carry: the first (\d+) were read, (\d+) more were not/.exec(
          outcomes.groups?.logs?.join('\n') ?? '',
        ) ?? [];
      // Each group read is one material, each told as not in the form; the rest only counted.
      expect(Number(read) + Number(unread)).toBe(groups.length);
      expect(materials).toHaveLength(Number(read));
      expect(outcomes.groups?.logs).toEqual([
        'send_material: A material in "video" was not in the form [id,type,title]: kept, with ' +
          `what could be read. (${read} times)`,
        `send_material: "video" holds more than a result can carry: the first ${read} were read, ` +
          `${unread} more were not.`,
        // The videos took the room of the list: the PDF after them is counted, not read.
        'send_material: "pdf" holds more than a result can carry: the first 0 were read, 1 more were not.',
        expect.stringMatching(
          /^send_material: Item evt_[0-9a-f]{24} was larger than Zapier takes: "video" cut short\.$/,
        ),
      ]);
    });

    it('a bulk delete of ids alone: the contacts that fit, the rest counted and named', () => {
      const items = itemsOf(outcomes.idsOnly);
      expect(items.length).toBeGreaterThan(1000);
      expect(items[0]).toEqual({
        ...BLANK_CONTACT_ITEM,
        id: '6512e4c1a9b3f20000000000',
        first_name: '',
        last_name: '',
        email: '',
        cell_phone: '',
      });
      expect(resultBytes(outcomes.idsOnly)).toBeLessThanOrEqual(DELIVERY.resultBudgetBytes);
      const lastId = `6512e4c1a9b3f200${(ids.length - 1).toString(16).padStart(8, '0')}`;
      const firstLeftOut = `6512e4c1a9b3f200${items.length.toString(16).padStart(8, '0')}`;
      expect(outcomes.idsOnly?.logs).toEqual([
        'delete_contact: A contact in "contacts" was not in the form [id,first,last,email,phone]: ' +
          `kept, with what could be read. (${items.length + 1} times)`,
        `delete_contact: ${ids.length - items.length} of ${ids.length} items were left out: with ` +
          "them the result would pass Zapier's 6 MiB limit, and no item would start the Zap. " +
          `The first left out is ${firstLeftOut}, the last ${lastId}.`,
      ]);
    });
  });
});
