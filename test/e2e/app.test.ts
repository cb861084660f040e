// The compiled app through core's app tester, against the sandbox over real HTTP: every operation
// of the app's definition once, each webhook's whole life with what its Zap receives checked
// against the sandbox's records, five Zaps built from a trigger's fields, and a poll past a
// result's limit.
import type { Bundle } from 'zapier-platform-core';
import { pointAppAt } from '../../sandbox/harness';
import { automationData } from '../../sandbox/outbound';
import { startReceiver, type Receiver } from '../../sandbox/receiver';
import {
  itemsOf,
  objectId,
  type Contact,
  type ListKey,
  type Material,
  type SeedData,
  type Task,
} from '../../sandbox/seed';
import {
  inputDataFor,
  operationKeysOf,
  searchInputFor,
  searchListsOf,
} from '../../scripts/lib/operations';
import { answers, startHostileServer, type HostileServer } from '../support/hostile-server';
import { app, run, useSandbox } from './helpers';

const keys = operationKeysOf(app);
const byId = (items: unknown): Material[] =>
  [...(items as Material[])].sort((a, b) => a.id.localeCompare(b.id));

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

type Item = Record<string, unknown>;
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown;
/** A contact read from a contact string. */
const line = (c: Contact) => ({
  ...{ id: c.id, first_name: c.first_name ?? '', last_name: c.last_name, email: c.email },
  cell_phone: c.cell_phone ?? '',
});
/** The contacts an item's `contact` text names: line items, the count and the first's fields. */
const contactsOf = (...contacts: Contact[]): Item => ({
  contacts: contacts.map(line),
  contact_count: contacts.length,
  ...Object.fromEntries(
    Object.entries(contacts[0] ? line(contacts[0]) : {}).map(([k, v]) => [`first_contact_${k}`, v]),
  ),
});
/** A contact event's item: the record's fields, its label's name and color, its custom fields. */
function recordOf(d: SeedData, c: Contact): Item {
  const label = d.labels.find(({ id }) => id === c.label);
  const optional = ['address', 'city', 'state', 'zip', 'source', 'website'] as const;
  return {
    ...{ id: c.id, first_name: c.first_name, last_name: c.last_name, email: c.email },
    ...{ cell_phone: c.cell_phone, company: c.brokerage ?? null, tags: c.tags },
    ...Object.fromEntries(optional.map((key) => [key, c[key] ?? null])),
    ...{ label_name: label?.name ?? null, label_color: label?.color ?? null },
    ...{ custom_fields: c.additional_field ?? {}, created_at: c.created_at ?? null },
  };
}
/** What a Zap receives for each action, and its sample: about the records the sandbox fired
 * and sampled (sandbox/outbound.ts), read as the app reads them. */
function expectedOf(d: SeedData): Record<string, [Item[], Item[]]> {
  // Contacts 1 Jane, 2 Omar, 3 Luis, 4 Nguyen, 5 Priya (sandbox/seed.ts).
  const c = (n: number) => d.contacts[n - 1] as Contact;
  const [t1, t2] = d.tasks as [Task, Task];
  const [deal, note, sent] = [d.deals[0], d.notes[0], d.activities[0]];
  const [from, to] = d.stages.map(({ title }) => title);
  const { id, title, type } = d.automations[0] ?? {};
  const [v1, v2] = d.video;
  const material = (m: Material | undefined, kind: string) => ({ ...m, type: kind });
  const dealItem = {
    ...{ id: deal?.id, title: deal?.title, ...contactsOf(c(1), c(2)) },
    ...{
      user: d.users[0]?.user_name,
      pipe_line: d.pipelines[0]?.title,
      create_at: deal?.created_at,
    },
  };
  const watch = {
    ...{ ...contactsOf(c(1)), material_id: v1?.id },
    ...{ material_type: 'VIDEO', material_title: v1?.title },
  };
  const sample = { subject: sent?.subject, materials: [material(v1, 'VIDEO')], create_at: null };
  const noteItem = {
    ...{ id: note?._id, title: note?.title, content: note?.content },
    ...{ ...contactsOf(c(3), c(4)), create_at: note?.created_at },
  };
  const task = {
    ...{ id: t1._id, type: 'call', content: t1.content, due_date: t1.due_date },
    ...{ set_recurrence: false, recurrence_mode: null, ...contactsOf(c(1)) },
    create_at: t1.created_at,
  };
  // removed_task's text: each task's own fields, its dates to the second (Date#toString).
  const removed = (t: Task, contact: Contact) => ({
    ...{ type: t.type ?? '', content: t.content, due_date: t.due_date ?? null, num: 2 },
    ...{ set_recurrence: t.set_recurrence, recurrence_mode: t.recurrence_mode ?? '' },
    ...{ ...contactsOf(contact), create_at: t.created_at.replace(/\.\d+Z$/, '.000Z') },
    removed_date: ISO,
  });
  const assigned = { id, title, type, deals: [], create_at: ISO };
  const added = { ...dealItem, deal_stage: from, custom_fields: deal?.additional_field };
  return {
    add_contact: [[recordOf(d, c(1))], [recordOf(d, c(1))]],
    update_contact: [[recordOf(d, c(3))], [recordOf(d, c(1))]],
    delete_contact: [
      [2, 3, 4].map((n) => ({ ...line(c(n)), removed_date: ISO })),
      [{ ...line(c(1)), removed_date: ISO }],
    ],
    add_deal: [[added], [added]],
    move_deal: [
      [{ ...dealItem, deal_source: from, deal_target: to }],
      [{ ...dealItem, deal_source: from, deal_target: from }],
    ],
    send_material: [
      [
        {
          ...{ subject: 'Your private tour of 1200 Market Street', ...contactsOf(c(1), c(3)) },
          materials: [material(v1, 'VIDEO'), material(v2, 'VIDEO'), material(d.pdf[0], 'PDF')],
          create_at: ISO,
        },
      ],
      [{ ...sample, ...contactsOf(c(1)) }],
    ],
    watch_material: [
      [{ ...watch, material_amount: 87.5, video_percent: 88, create_at: ISO }],
      [{ ...watch, material_amount: 100, video_percent: 100, create_at: null }],
    ],
    assigned_automation: [
      [{ ...assigned, ...contactsOf(c(1), c(2)) }],
      [{ ...assigned, ...contactsOf(c(2)) }],
    ],
    // CRMGrow's samples of notes and tasks are its blank placeholders: none.
    ...Object.fromEntries(
      ['create', 'update', 'delete'].map((a) => [`${a}_note`, [[noteItem], []]]),
    ),
    create_task: [[task], []],
    update_task: [[task], []],
    delete_task: [[removed(t1, c(1)), removed(t2, c(3))], []],
    lead_source: [[recordOf(d, c(5))], [recordOf(d, c(1))]],
  };
}

describe('webhooks: a delivery through the sandbox', () => {
  const sandbox = useSandbox();
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  const authData = () => ({ api_key: sandbox().apiKey });

  /** A Zap's life: subscribe, the editor's sample, one event delivered and performed, unsubscribe. */
  async function life(action: string, inputData = {}, payload?: Item) {
    const op = `triggers.${action}.operation`;
    const subscribeData = (await run(`${op}.performSubscribe`, {
      authData: authData(),
      targetUrl: receiver.url,
    })) as { id: string };
    const subscription = sandbox().subscriptions.get(subscribeData.id);
    const sample = await run(`${op}.performList`, { authData: authData(), inputData });
    const fired = await sandbox().fire(action, payload);
    expect(fired).toEqual([{ hookUrl: receiver.url, status: 200 }]);
    const { body, rawBody } = receiver.next();
    const items = (await run(`${op}.perform`, {
      authData: authData(),
      inputData,
      subscribeData,
      cleanedRequest: body as Bundle['cleanedRequest'],
      rawRequest: { method: 'POST', querystring: '', headers: {}, content: rawBody },
    })) as Item[];
    await run(`${op}.performUnsubscribe`, { authData: authData(), subscribeData });
    const after = sandbox().subscriptions.has(subscribeData.id);
    return { subscription, sample, items, after };
  }

  it.each(keys.hooks)(
    '%s: subscribe → sample → deliver → perform → unsubscribe; each item holds the records',
    async (action) => {
      const { subscription, sample, items, after } = await life(action);
      expect(subscription).toMatchObject({ hookUrl: receiver.url, action });
      expect(items.every(({ id }) => typeof id === 'string' && id !== '')).toBe(true);
      const [delivered, sampled] = expectedOf(sandbox().data)[action] ?? [[{ id: 'none' }], []];
      expect(items).toMatchObject(delivered);
      expect(sample).toMatchObject(sampled);
      expect(after).toBe(false);
    },
  );

  it("Automation Assigned to a deal, as the serializer writes it without contacts: the deal's id and title", async () => {
    const { data } = sandbox();
    const [deal] = data.deals;
    const body = automationData(data, objectId('automation', 3), { deals: [deal?.id ?? ''] });
    const { items } = await life('assigned_automation', {}, body);
    expect(items).toMatchObject([
      {
        type: 'deal',
        deals: [{ id: deal?.id, title: deal?.title }],
        contacts: [],
        contact_count: 0,
      },
    ]);
  });

  // Zaps as a Zap builder builds them: a trigger's output fields mapped into an action's inputs.
  const [VIDEO, PDF, IMAGE, TEMPLATE] = (['video', 'pdf', 'image', 'template'] as const).map(
    (list) => objectId(list, 1),
  );
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
      'Automation Assigned → Add Note naming the automation, to its first contact',
      'assigned_automation',
      {},
      (automation) => [
        'add_note',
        { email: automation.first_contact_email, content: `Started ${String(automation.title)}` },
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
