// The webhook path: what a delivery, or the service's sample, gives the Zap.
import nock from 'nock';
import type { Bundle } from 'zapier-platform-core';
import { HOOK_EVENTS } from '../../src/triggers/events';
import { SAMPLES } from '../../src/triggers/samples';
import App from '../../src/index';
import { BUDGET, LIST_BUDGET, sizeOf } from '../../src/lib/size';
import { bundleWith, HOST, logsOf, run } from '../support/app';
import { HOOKS } from '../support/live-zap-keys';

type Item = Record<string, unknown> & { id: string };
/** New Contact's one output field that is a function: the account's custom fields. */
const CUSTOM_OUTPUT_FIELDS = `triggers.add_contact.operation.outputFields.${(
  App.triggers?.add_contact?.operation.outputFields ?? []
).findIndex((field: unknown) => typeof field === 'function')}`;
const ID = '6512e4c1a9b3f2001e7d4a10';
const OTHER = '6512e4c1a9b3f2001e7d4a2b';
/** The i-th of many ids, all of equal length. */
const idOf = (i: number) => `6512e4c1a9b3f2${String(i).padStart(10, '0')}`;
const contact = (id: string, names = 'Jane,Cooper', email = 'jane@example.com') =>
  `[${id},${names},${email},+14155550123]`;

/** A delivery of `body` to a hook trigger's perform, as Zapier hands it over. */
const deliver = (action: string, body: unknown, extra: Partial<Bundle> = {}) =>
  run(
    `triggers.${action}.operation.perform`,
    bundleWith({ cleanedRequest: body, ...extra }),
  ) as Promise<Item[]>;
const delivered = (action: string, body: unknown, extra: Partial<Bundle> = {}) =>
  logsOf(() => deliver(action, body, extra));

describe('what a delivery is read from', () => {
  const note = {
    id: ID,
    title: 'Recap',
    content: 'Called',
    contact: '',
    create_at: '2026-03-15T10:42:03Z',
  };

  it.each([
    ['an object, as core parsed it', { cleanedRequest: note }],
    ['JSON text', { cleanedRequest: JSON.stringify(note) }],
    [
      'the raw request, when nothing was parsed',
      { cleanedRequest: {}, rawRequest: { content: JSON.stringify(note) } },
    ],
  ])('%s gives the same item', async (_case, bundle) => {
    const items = (await run(
      'triggers.create_note.operation.perform',
      bundleWith(bundle as Partial<Bundle>),
    )) as Item[];
    expect(items).toEqual([
      {
        ...note,
        first_contact_id: null,
        first_contact_first_name: null,
        first_contact_last_name: null,
        first_contact_email: null,
        first_contact_cell_phone: null,
        contact_count: 0,
        contacts: [],
      },
    ]);
  });

  it('a list gives an item per object in it', async () => {
    expect(await deliver('create_note', [note, 'x', { ...note, id: OTHER }])).toHaveLength(2);
  });

  it('a delivery with no object gives no item, and the log says what it held', async () => {
    const { result, logs } = await delivered('create_note', 'not json');
    expect(result).toEqual([]);
    expect(logs).toContainEqual(
      expect.stringContaining('held no JSON object, so it gave no item. It held: "not json"'),
    );
  });
});

describe('an item', () => {
  it.each([
    ['VIDEO', 87.33333333333333, 87],
    [' video ', '12.5', 13],
    ['PDF', 12, null],
    ['IMAGE', 1, null],
    ['VIDEO', 'most', null],
  ])(
    "gives a %j watch of %j a rounded video percent of %j, as CRMGrow's amount is unrounded",
    async (type, amount, percent) => {
      const [item] = await deliver('watch_material', {
        material_type: type,
        material_amount: amount,
      });
      expect(item).toMatchObject({ video_percent: percent });
    },
  );

  it('has exactly the output fields, each of its type, blank where the event has none', async () => {
    const [item] = await deliver('watch_material', {
      contact: `${ID},Jane,Cooper,jane@example.com,+1415`,
      material_type: 'VIDEO',
      material_amount: ' 87.5 ',
      create_at: 1_710_000_000_000,
      extra: 'dropped',
    });
    expect(item).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      first_contact_id: ID,
      first_contact_first_name: 'Jane',
      first_contact_last_name: 'Cooper',
      first_contact_email: 'jane@example.com',
      first_contact_cell_phone: '+1415',
      contact_count: 1,
      contacts: [
        {
          id: ID,
          first_name: 'Jane',
          last_name: 'Cooper',
          email: 'jane@example.com',
          cell_phone: '+1415',
        },
      ],
      contact: `${ID},Jane,Cooper,jane@example.com,+1415`,
      material_id: null,
      material_type: 'VIDEO',
      material_title: null,
      material_amount: 87.5,
      video_percent: 88,
      create_at: '1710000000000',
    });
  });

  it.each([
    [true, true],
    [' TRUE ', true],
    ['false', false],
    [false, false],
    ['yes', null],
    ['__proto__', null],
  ])('Repeats %j is %j', async (given, read) => {
    const [item] = await deliver('create_task', {
      ...SAMPLES.newTask,
      set_recurrence: given,
    });
    expect(item?.set_recurrence).toBe(read);
  });

  it('an amount of "0x10" or "" is no number', async () => {
    const items = await deliver('watch_material', [
      { material_amount: '0x10' },
      { material_amount: '' },
    ]);
    expect(items.map((item) => item.material_amount)).toEqual([null, null]);
  });

  it('tags are a list of text, blanks left out; one tag is a list of one', async () => {
    const items = await deliver('add_contact', [
      { id: ID, tags: ['a', null, 3] },
      { id: OTHER, tags: 'b' },
    ]);
    expect(items.map((item) => item.tags)).toEqual([['a', '3'], ['b']]);
  });

  it('the same event gets the same derived id; another event another', async () => {
    const body = { contact: contact(ID), material_type: 'PDF' };
    const [a] = await deliver('watch_material', body);
    const [b, c] = await deliver('watch_material', [
      { ...body },
      { ...body, material_type: 'IMAGE' },
    ]);
    expect(a?.id).toBe(b?.id);
    expect(a?.id).not.toBe(c?.id);
  });
});

describe('the lists the service writes as text', () => {
  it('contacts: names may hold commas; a contact not in the form is kept and logged once a run', async () => {
    const { result, logs } = await delivered('create_note', [
      { id: ID, contact: contact(ID, 'John, Jr.,Smith') },
      { id: OTHER, contact: '[x,y],[z,w]' },
    ]);
    expect(result.map((item) => item.contacts)).toEqual([
      [
        {
          id: ID,
          first_name: 'John, Jr.',
          last_name: 'Smith',
          email: 'jane@example.com',
          cell_phone: '+14155550123',
        },
      ],
      [
        { id: 'x', first_name: 'y', last_name: '', email: '', cell_phone: '' },
        { id: 'z', first_name: 'w', last_name: '', email: '', cell_phone: '' },
      ],
    ]);
    expect(logs).toContainEqual(
      'create_note: A contact in "contact" was not in the form [id,first,last,email,phone]: kept, with what could be read. (2 times)',
    );
  });

  it('materials: videos, PDFs and images in one list; a text in no form is kept as sent only', async () => {
    const { result, logs } = await delivered('send_material', {
      video: `[${ID},VIDEO,Tour, part [1]],[${OTHER},VIDEO,Agent]`,
      pdf: `[${OTHER},PDF,Guide]`,
      image: 'undefined',
    });
    expect(result[0]?.materials).toEqual([
      { id: ID, type: 'VIDEO', title: 'Tour, part [1]' },
      { id: OTHER, type: 'VIDEO', title: 'Agent' },
      { id: OTHER, type: 'PDF', title: 'Guide' },
    ]);
    expect(logs).toContainEqual(expect.stringContaining('"image" was not a list of materials'));
  });

  it('custom fields: from additional_field, text or object; lists and objects as JSON text', async () => {
    const items = await deliver('add_contact', [
      { id: ID, additional_field: '{"Budget":"500k","Rooms":3,"Areas":["North"]}' },
      { id: OTHER, additional_field: { Budget: null } },
    ]);
    expect(items.map((item) => item.custom_fields)).toEqual([
      { Budget: '500k', Rooms: 3, Areas: '["North"]' },
      { Budget: null },
    ]);
  });

  it('an additional_field that is no JSON object gives no custom fields, and says so', async () => {
    const { result, logs } = await delivered('add_deal', { id: ID, additional_field: '[1]' });
    expect(result[0]?.custom_fields).toEqual({});
    expect(logs).toContainEqual(
      expect.stringContaining('"additional_field" was in no form of custom fields'),
    );
  });
});

describe('one item per record', () => {
  it('a bulk delete of contacts gives one contact each, in the single delete’s shape', async () => {
    const items = await deliver('delete_contact', {
      num: 2,
      contacts: `${contact(ID)},${contact(OTHER, 'Omar,Haddad', 'omar@example.net')}`,
      removed_date: '2026-03-19T09:02:44.873Z',
    });
    // Each with the time of the delete, which a delete of one contact does not send.
    expect(items.map(({ id, email, removed_date }) => [id, email, removed_date])).toEqual([
      [ID, 'jane@example.com', '2026-03-19T09:02:44.873Z'],
      [OTHER, 'omar@example.net', '2026-03-19T09:02:44.873Z'],
    ]);
    expect(Object.keys(items[0] ?? {})).toEqual([
      ...Object.keys(HOOKS.delete_contact?.outputs ?? {}),
      'custom_fields',
    ]);
  });

  it('a bulk delete that names no contact gives no item, and says so', async () => {
    const { result, logs } = await delivered('delete_contact', { num: 0, contacts: '' });
    expect(result).toEqual([]);
    expect(logs).toContainEqual(expect.stringContaining('held none'));
  });

  it('delete_task gives one item per task; text in another form is kept as sent', async () => {
    const task = (content: string) =>
      `[call,${content},${contact(ID)},Fri Mar 20 2026 17:00:00 GMT+0000,true,WEEK,Sun Mar 15 2026 11:05:47 GMT+0000`;
    const items = await deliver('delete_task', {
      num: 2,
      removed_task: `${task('Call, then write')},${task('Visit')}`,
    });
    expect(items.map((item) => [item.content, item.due_date, item.set_recurrence])).toEqual([
      ['Call, then write', '2026-03-20T17:00:00.000Z', true],
      ['Visit', '2026-03-20T17:00:00.000Z', true],
    ]);
    const { result, logs } = await delivered('delete_task', { num: 1, removed_task: '[odd' });
    expect(result.map((item) => [item.removed_task, item.content])).toEqual([['[odd', null]]);
    expect(logs).toContainEqual(
      expect.stringContaining('"removed_task" was not in the service\'s form'),
    );
  });
});

describe('filters', () => {
  const watch = (material_type: string, material_amount: unknown) => ({
    contact: contact(ID),
    material_type,
    material_amount,
  });

  it.each([
    ['add_contact', { tag: ' BUYER ' }, [{ tags: ['Buyer'] }, { tags: ['seller'] }], 1],
    ['lead_source', { tag: 'café' }, [{ tags: ['CAFE'] }, { tags: [] }], 1],
    [
      'move_deal',
      { deal_target: 'under  contract' },
      [{ deal_target: 'Under Contract' }, { deal_target: 'Closed' }],
      1,
    ],
    [
      'send_material',
      { material_type: 'PDF' },
      [{ pdf: `[${ID},PDF,G]` }, { video: `[${ID},VIDEO,T]`, pdf: '' }],
      1,
    ],
    [
      'watch_material',
      { material_type: 'image', min_amount: '1' },
      [watch('IMAGE', ''), watch('PDF', 3)],
      1,
    ],
    [
      'watch_material',
      { min_amount: 50 },
      [watch('VIDEO', 49), watch('VIDEO', '50'), watch('VIDEO', '')],
      1,
    ],
    ['watch_material', { min_amount: '  ' }, [watch('VIDEO', '')], 1],
  ])('%s with %j keeps the events that match', async (action, inputData, bodies, kept) => {
    const { result, logs } = await delivered(action, bodies, { inputData });
    expect(result).toHaveLength(kept);
    if (kept < bodies.length)
      expect(logs).toContainEqual(expect.stringMatching(/filter .* left out an event/));
  });
});

describe('samples', () => {
  const recent = (action: string, body: unknown) =>
    nock(HOST, { reqheaders: { action } })
      .get('/api/outbound/perform')
      .reply(201, body as nock.Body);
  const sample = (action: string, meta: Partial<Bundle['meta']> = {}, inputData = {}) =>
    run(
      `triggers.${action}.operation.performList`,
      bundleWith({ meta, inputData } as Partial<Bundle>),
    ) as Promise<Item[]>;

  it.each([[[{}]], [[{ id: '', title: '', contact: null }]], [{ data: [] }]])(
    'the service’s placeholder %j is no sample',
    async (body) => {
      recent('create_note', body);
      await expect(sample('create_note')).resolves.toEqual([]);
    },
  );

  it('come through the same path as deliveries, filters and all, at most 10 in the editor', async () => {
    const bodies = Array.from({ length: 12 }, (_, i) => ({
      ...SAMPLES.movedDeal,
      id: `deal${i}`,
    }));
    recent('move_deal', { data: bodies });
    const items = await sample(
      'move_deal',
      { isLoadingSample: true },
      { deal_target: 'under contract' },
    );
    expect(items).toHaveLength(10);
    recent('move_deal', bodies);
    expect(await sample('move_deal', {}, { deal_target: 'Closed' })).toEqual([]);
  });

  it("an account's custom fields become output fields, from its sample", async () => {
    recent('add_contact', [{ ...SAMPLES.newContact, additional_field: '{"Budget":1," ":2}' }]);
    const fields = (await run(CUSTOM_OUTPUT_FIELDS)) as unknown;
    expect(fields).toEqual([{ key: 'custom_fields__Budget', label: 'Budget (Custom Field)' }]);
  });

  it('keep the static output fields when the sample cannot be read', async () => {
    nock(HOST).get('/api/outbound/perform').reply(500, '');
    await expect(run(CUSTOM_OUTPUT_FIELDS)).resolves.toEqual([]);
  });
});

describe('a delivery larger than a result can carry', () => {
  it('keeps the contacts that fit within 5 MiB, in order, and counts the rest in the log', async () => {
    // About 2,000 contacts of 2 KB fill 5 MiB.
    const many = Array.from({ length: 3_000 }, (_, i) =>
      contact(`${ID.slice(0, 18)}${String(i).padStart(6, '0')}`, `Jane${'x'.repeat(2_400)},C`),
    );
    const { result, logs } = await delivered('delete_contact', {
      num: 3_000,
      contacts: many.join(','),
    });
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(5 * 1024 * 1024);
    const left = 3_000 - result.length;
    expect(left).toBeGreaterThan(0);
    expect(result.at(-1)?.id).toBe(
      `${ID.slice(0, 18)}${String(result.length - 1).padStart(6, '0')}`,
    );
    const line = `delete_contact: ${left} of 3000 items of delete_contact were left out`;
    expect(logs).toEqual([expect.stringContaining(line)]);
  });

  it('cuts one item too large on its own, never its id, email or names', async () => {
    const huge = 'y'.repeat(3 * 1024 * 1024);
    const body = {
      id: ID,
      first_name: 'Jane',
      email: 'jane@example.com',
      address: huge,
      additional_field: JSON.stringify({ Notes: huge }),
    };
    const [item] = await deliver('add_contact', body);
    expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(item).toMatchObject({ id: ID, first_name: 'Jane', email: 'jane@example.com' });
    expect(String(item?.address).length).toBeLessThan(huge.length);
    expect(String((item?.custom_fields as { Notes: string }).Notes)).toMatch(/^y+…$/);
  });
});

describe('what a delivery gives, more closely', () => {
  const note = { id: ID, title: 'Recap', content: 'Called', contact: '' };
  const task = (content: string) =>
    `[call,${content},${contact(ID)},Fri Mar 20 2026 17:00:00 GMT+0000,true,WEEK,Sun Mar 15 2026 11:05:47 GMT+0000`;
  const bulk = `${contact(ID)},${contact(OTHER)}`;

  it('an empty object gives no item, and the log says it held nothing', async () => {
    const { result, logs } = await delivered('create_note', {});
    expect(result).toEqual([]);
    expect(logs).toContainEqual(expect.stringContaining('gave no item. It held: "".'));
  });

  it('a list holding an object gives its items with no complaint; an empty object in it is none', async () => {
    const { result, logs } = await delivered('create_note', [note, 'x', {}]);
    expect(result).toHaveLength(1);
    expect(logs).toEqual([]);
  });

  it('the parsed body wins over the raw text', async () => {
    const items = await deliver('create_note', note, {
      rawRequest: { content: 'title=Recap' } as Bundle['rawRequest'],
    });
    expect(items.map((item) => item.title)).toEqual(['Recap']);
  });

  it.each([
    ['add_contact', { id: ID, contacts: bulk }],
    ['create_task', { id: ID, content: 'Call', removed_task: `${task('a')},${task('b')}` }],
    ['delete_task', { num: 1, removed_date: '2026-03-19T09:02:44.873Z' }],
  ])('%s %j is one item, with no complaint', async (action, body) => {
    const { result, logs } = await delivered(action, body);
    expect(result).toHaveLength(1);
    expect(logs).toEqual([]);
  });

  it('a contact of a bulk delete not in the form is logged as one of "contacts"', async () => {
    const { result, logs } = await delivered('delete_contact', { num: 1, contacts: '[x,y]' });
    expect(result).toHaveLength(1);
    expect(logs).toContainEqual(expect.stringContaining('A contact in "contacts" was not'));
  });

  it('materials: spaces around a list, a blank one and a missing closing bracket are read', async () => {
    const { result, logs } = await delivered('send_material', {
      video: ` [${ID},VIDEO,Tour `,
      pdf: `[${OTHER},PDF,Guide]`,
      image: '  ',
    });
    expect(result[0]?.materials).toEqual([
      { id: ID, type: 'VIDEO', title: 'Tour' },
      { id: OTHER, type: 'PDF', title: 'Guide' },
    ]);
    // Materials are no contacts: a send with no contact text has none.
    expect(result[0]?.contacts).toEqual([]);
    expect(logs).toEqual([]);
  });
});

describe("the service's samples, as its source builds them", () => {
  const sampleOf = async (action: string, body: object) => {
    nock(HOST).get('/api/outbound/perform').reply(201, [body]);
    return (await run(`triggers.${action}.operation.performList`)) as Item[];
  };
  const JANE = `${ID},Jane,Cooper,jane@example.com,+14155550123`;

  it('a bulk delete with contacts in no brackets gives the contact, as a delivery does', async () => {
    const [item] = await sampleOf('delete_contact', {
      num: 1,
      contacts: JANE,
      removed_date: '2026-03-19T09:02:44.873Z',
    });
    expect([item?.id, item?.first_name, item?.email]).toEqual([ID, 'Jane', 'jane@example.com']);
  });

  it('a send with its video as id,title and no create_at gives the material', async () => {
    const [item] = await sampleOf('send_material', {
      subject: 'Tour',
      contact: JANE,
      video: `${OTHER},Tour, part 1`,
      pdf: '',
      image: '',
    });
    expect([item?.materials, item?.first_contact_id, item?.create_at]).toEqual([
      [{ id: OTHER, type: 'VIDEO', title: 'Tour, part 1' }],
      ID,
      null,
    ]);
  });

  it('a material with spaces around its id is read; one in no form is kept and logged', async () => {
    const { result, logs } = await delivered('send_material', {
      video: `  ${OTHER}  ,Tour`,
      pdf: `Guide ${ID},x`,
      image: '[x,IMAGE,Odd]',
    });
    expect(result[0]?.materials).toEqual([
      { id: OTHER, type: 'VIDEO', title: 'Tour' },
      { id: 'x', type: 'IMAGE', title: 'Odd' },
    ]);
    expect(logs).toEqual([
      'send_material: "pdf" was not a list of materials: kept as sent only.',
      'send_material: A material in "materials" was not in the form [id,type,title]: kept, with what could be read.',
    ]);
  });

  it('a deleted task with no opening bracket gives the task', async () => {
    const [item] = await sampleOf('delete_task', {
      num: 1,
      removed_task: `call,Call Jane,[${JANE}],Fri Mar 20 2026 17:00:00 GMT+0000,true,WEEK,Sun Mar 15 2026 11:05:47 GMT+0000`,
      removed_date: '2026-03-19T09:02:44.873Z',
    });
    expect([item?.type, item?.content, item?.first_contact_id]).toEqual(['call', 'Call Jane', ID]);
  });
});

it("an automation's deal text gives its deals; a deal that is no text gives none", async () => {
  const items = await deliver('assigned_automation', [
    { id: ID, deal: `[${OTHER},Market St,${contact(ID)}]` },
    { id: OTHER, deal: null },
  ]);
  expect(items.map((item) => item.deals)).toEqual([[{ id: OTHER, title: 'Market St' }], []]);
});

it('a contact event gives the label read into its name and color', async () => {
  const [item] = await deliver('add_contact', { id: ID, label: 'name: Hot, Warm,color: #ef5350' });
  expect([item?.label_name, item?.label_color, item?.label]).toEqual([
    'Hot, Warm',
    '#ef5350',
    'name: Hot, Warm,color: #ef5350',
  ]);
});

// What a Zap receives of the text fields an event offers, read from one delivery that holds them all.
it.each(
  HOOK_EVENTS.filter(({ itemPerEntryOf }) => !itemPerEntryOf).map(
    (event) => [event.action, event] as const,
  ),
)(
  '%s gives the contacts, materials, deals, label and custom fields it offers, read',
  async (action, event) => {
    const [item = {}] = await deliver(action, {
      contact: contact(ID),
      video: `[${ID},VIDEO,Tour]`,
      deal: `[${OTHER},Smith Home,${contact(ID)}]`,
      label: 'name: Hot,color: #f00',
      additional_field: '["Budget":"5"]',
    });
    const offers = (key: string) => event.outputFields.some((field) => field.key.startsWith(key));
    const read = {
      first_contact_email: 'jane@example.com',
      materials: [{ id: ID, type: 'VIDEO', title: 'Tour' }],
      deals: [{ id: OTHER, title: 'Smith Home' }],
      label_name: 'Hot',
      custom_fields: { Budget: '5' },
    };
    const offered = Object.entries(read).filter(([key]) =>
      offers(key === 'custom_fields' ? 'additional_field' : key),
    );
    expect(offered.length).toBeGreaterThan(0);
    expect(item).toMatchObject(Object.fromEntries(offered));
  },
);

describe('results that pass the budget', () => {
  it('items: once the result is full, the rest are counted, not made', async () => {
    const { result, logs } = await delivered('create_note', [
      { id: ID, content: 'y'.repeat(5_000_000) },
      { id: OTHER, content: 'z'.repeat(300_000) },
      { id: OTHER, contact: '[x,y]' },
    ]);
    expect(result.map((item) => item.id)).toEqual([ID]);
    expect(logs).toEqual([expect.stringContaining('2 of 3 items of create_note were left out')]);
  });

  // One record's list read out of text keeps the entries that fit LIST_BUDGET, in order.
  const numbered = (i: number) => String(i).padStart(5, '0');
  it.each([
    ['create_note', 'contact', 'contacts', (i: number) => contact(idOf(i))],
    [
      'send_material',
      'video',
      'materials',
      (i: number) => `[${idOf(i)},VIDEO,Tour ${numbered(i)}]`,
    ],
    ['assigned_automation', 'deal', 'deals', (i: number) => `[${idOf(i)},Deal ${numbered(i)},]`],
  ])(
    '%s: a %s text of 30,000 keeps the %s that fit LIST_BUDGET',
    async (action, key, list, entry) => {
      const text = Array.from({ length: 30_000 }, (_, i) => entry(i)).join(',');
      const { result, logs } = await delivered(action, { id: ID, [key]: text });
      const kept = result[0]?.[list] as object[];
      const fits = Math.floor((LIST_BUDGET - 1) / (sizeOf(kept[0]) + 1));
      expect(kept).toHaveLength(fits);
      expect(kept.at(-1)).toEqual(expect.objectContaining({ id: idOf(fits - 1) }));
      expect(logs).toContainEqual(
        `${action}: ${30_000 - fits} of 30000 ${list} were left out: with them the result would pass Zapier's limit.`,
      );
    },
  );

  it('the worked example (docs/behaviour.md): a 7 MiB custom field is cut, the contact kept', async () => {
    const notes = 'n'.repeat(7 * 1024 * 1024);
    const { result, logs } = await delivered('add_contact', {
      ...SAMPLES.newContact,
      additional_field: JSON.stringify({ Notes: notes }),
    });
    const [item] = result;
    expect(result).toHaveLength(1);
    expect([item?.id, item?.email, item?.first_name, item?.last_name]).toEqual([
      SAMPLES.newContact.id,
      SAMPLES.newContact.email,
      SAMPLES.newContact.first_name,
      SAMPLES.newContact.last_name,
    ]);
    const cut = (item?.custom_fields as { Notes: string }).Notes;
    expect([cut.length, (item?.additional_field as string).length]).toEqual([917_504, 3_670_022]);
    expect(sizeOf(result)).toBeLessThanOrEqual(BUDGET);
    expect(logs).toEqual([
      'add_contact: The first of the custom fields was too large alone: its largest values were cut.',
      'add_contact: The first of the items of add_contact was too large alone: its largest values were cut.',
    ]);
  });
});

describe('filters, more closely', () => {
  it.each([
    ['watch_material', { min_amount: 50 }, [{ material_amount: 60 }], 1],
    ['watch_material', { min_amount: 1 }, [{ material_type: 'AUDIO', material_amount: '' }], 0],
    ['move_deal', { deal_target: 'Closed' }, [{ id: ID }, { id: OTHER, deal_target: 'Lost' }], 0],
    ['add_deal', { pipe_line: 'buyers' }, [{ pipe_line: 'Buyers' }, { pipe_line: 'Sellers' }], 1],
    [
      'move_deal',
      { pipe_line: 'Buyers', deal_target: 'Closed' },
      [{ pipe_line: 'Buyers', deal_target: 'Closed' }, { pipe_line: 'Buyers' }],
      1,
    ],
    ['update_contact', { tag: 'Buyer' }, [{ tags: ['buyer'] }, { tags: ['seller'] }], 1],
    [
      'watch_material',
      { material_title: 'virtual tour' },
      [{ material_title: 'Virtual Tour' }, { material_title: 'Virtual Tour 2' }],
      1,
    ],
    [
      'send_material',
      { material_title: 'Guide' },
      [{ pdf: `[${ID},PDF,Guide]` }, { pdf: `[${ID},PDF,Guide 2]` }],
      1,
    ],
  ])(
    '%s with %j on %j keeps %i, logging the filter once',
    async (action, inputData, bodies, kept) => {
      const { result, logs } = await delivered(action, bodies, { inputData });
      expect(result).toHaveLength(kept);
      expect(logs.filter((line) => line.includes('left out an event'))).toHaveLength(
        kept < bodies.length ? 1 : 0,
      );
    },
  );
});

describe('subscribing, unsubscribing and samples, more closely', () => {
  it('any 2xx that passes the success check is unsubscribed', async () => {
    nock(HOST)
      .delete('/api/outbound/unsubscribe')
      .query({ id: 'sub_1' })
      .reply(299, { status: true });
    await expect(
      run(
        'triggers.add_contact.operation.performUnsubscribe',
        bundleWith({ subscribeData: { id: 'sub_1' } } as Partial<Bundle>),
      ),
    ).resolves.toEqual({ id: 'sub_1', outcome: 'unsubscribed' });
  });

  it.each([
    ['one object', { data: SAMPLES.newNote }],
    ['a list with no object beside it', ['x', SAMPLES.newNote]],
  ])('a sample of %s gives one item', async (_case, body) => {
    nock(HOST).get('/api/outbound/perform').reply(201, body);
    const items = await run('triggers.create_note.operation.performList');
    expect(items).toHaveLength(1);
  });

  it('a sample logs what it reads with the "sample:" prefix', async () => {
    nock(HOST)
      .get('/api/outbound/perform')
      .reply(201, [{ ...SAMPLES.newNote, contact: '[x,y]' }]);
    const { logs } = await logsOf(() => run('triggers.create_note.operation.performList'));
    expect(logs).toContainEqual(
      expect.stringContaining('create_note sample: A contact in "contact" was not in the form'),
    );
  });

  it('custom field labels are trimmed', async () => {
    nock(HOST)
      .get('/api/outbound/perform')
      .reply(201, [{ ...SAMPLES.newContact, additional_field: '{" Budget ":1}' }]);
    const fields = (await run(CUSTOM_OUTPUT_FIELDS)) as unknown;
    expect(fields).toEqual([{ key: 'custom_fields__ Budget ', label: 'Budget (Custom Field)' }]);
  });
});

it('the worked example of the size rule (docs/behaviour.md): a bulk delete of 20,000 contacts keeps 11,548', async () => {
  const contacts = Array.from(
    { length: 20_000 },
    (_, i) =>
      `[6512e4c1a9b3f2${String(i).padStart(10, '0')},Jane,Cooper,jane${String(i).padStart(5, '0')}@example.com,+14155550123]`,
  ).join(',');
  const { result, logs } = await delivered('delete_contact', {
    num: 20_000,
    contacts,
    removed_date: '2026-03-19T09:02:44.873Z',
  });
  expect(result).toHaveLength(11_548);
  expect(sizeOf(result[0])).toBe(453);
  expect(logs).toContainEqual(expect.stringContaining('8452 of 20000 items of delete_contact'));
});
