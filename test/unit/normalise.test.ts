// The normaliser on the payload shapes the real service sends (service-observed.md).
import {
  bulkContactsOf,
  canonicalJson,
  contactRecordOf,
  derivedId,
  isEmptyPayload,
  itemMaker,
  normalise,
  parseContacts,
  parseMaterials,
  parseRemovedTasks,
  removedTasksOf,
  typedBy,
} from '../../src/hooks/normalise';

const JANE_STRING = '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123]';
const OMAR_STRING = '[6512e4c1a9b3f2001e7d4a2b,Omar,Haddad,omar.haddad@example.net,+13125550187]';
const JANE = {
  id: '6512e4c1a9b3f2001e7d4a10',
  first_name: 'Jane',
  last_name: 'Cooper',
  email: 'jane.cooper@example.com',
  cell_phone: '+14155550123',
};
const OMAR = {
  id: '6512e4c1a9b3f2001e7d4a2b',
  first_name: 'Omar',
  last_name: 'Haddad',
  email: 'omar.haddad@example.net',
  cell_phone: '+13125550187',
};

const NOTE = {
  id: '6601a3f9c2d4e50013b7e9a1',
  title: 'Call recap',
  content: 'Wants a pre-approval letter, by Friday.',
  contact: JANE_STRING,
  create_at: '2026-03-15T10:42:03.118Z',
};

describe('contact strings', () => {
  it('parses one bracketed contact', () => {
    expect(parseContacts(JANE_STRING)).toEqual([JANE]);
  });

  it('parses several, joined by commas (with or without a space)', () => {
    expect(parseContacts(`${JANE_STRING},${OMAR_STRING}`)).toEqual([JANE, OMAR]);
    expect(parseContacts(`${JANE_STRING}, ${OMAR_STRING}`)).toEqual([JANE, OMAR]);
  });

  it("parses watch_material's unbracketed contact", () => {
    expect(
      parseContacts('6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123'),
    ).toEqual([JANE]);
  });

  it('tolerates a missing closing bracket, alone or at the end of a list', () => {
    expect(parseContacts(JANE_STRING.slice(0, -1))).toEqual([JANE]);
    expect(parseContacts(`${JANE_STRING},${OMAR_STRING.slice(0, -1)}`)).toEqual([JANE, OMAR]);
  });

  it('keeps the readable contacts of a list cut off mid-contact', () => {
    expect(parseContacts(`${JANE_STRING},[6512e4c1a9b3f2001e7d4a2b,Omar`)).toEqual([JANE]);
  });

  it('reads empty parts, and the "undefined" the service writes for a missing value, as ""', () => {
    expect(
      parseContacts('[6512e4c1a9b3f2001e7d4a10,Jane,,jane.cooper@example.com,undefined]'),
    ).toEqual([{ ...JANE, last_name: '', cell_phone: '' }]);
  });

  it('an empty string is no contacts; an unreadable one is undefined', () => {
    expect(parseContacts('')).toEqual([]);
    expect(parseContacts('   ')).toEqual([]);
    expect(parseContacts('n/a')).toBeUndefined();
    expect(parseContacts('[]')).toBeUndefined();
    expect(parseContacts('[,Jane,Cooper,jane@example.com,1]')).toBeUndefined();
  });
});

describe('material strings', () => {
  it('parses several videos, and keeps commas inside titles', () => {
    expect(
      parseMaterials(
        '[65e0c1d2b3a4f50012cd7701,VIDEO,Virtual Tour - 1200 Market Street],' +
          '[65e0c1d2b3a4f50012cd7702,VIDEO,Meet Your Agent, Alex]',
      ),
    ).toEqual([
      { id: '65e0c1d2b3a4f50012cd7701', type: 'VIDEO', title: 'Virtual Tour - 1200 Market Street' },
      { id: '65e0c1d2b3a4f50012cd7702', type: 'VIDEO', title: 'Meet Your Agent, Alex' },
    ]);
  });

  it('tolerates a missing closing bracket; "" is none; garbage is undefined', () => {
    expect(parseMaterials('[65e0c1d2b3a4f50012cd7810,PDF,Buyer Guide 2026')).toEqual([
      { id: '65e0c1d2b3a4f50012cd7810', type: 'PDF', title: 'Buyer Guide 2026' },
    ]);
    expect(parseMaterials('')).toEqual([]);
    expect(parseMaterials('Buyer Guide 2026')).toBeUndefined();
    expect(parseMaterials('[65e0c1d2b3a4f50012cd7810]')).toBeUndefined();
  });
});

describe('normalise', () => {
  it('keeps every field as sent and adds the parsed contacts beside `contact`', () => {
    const payload = { ...NOTE, contact: `${JANE_STRING},${OMAR_STRING}` };
    expect(normalise(payload)).toEqual({ ...payload, contacts: [JANE, OMAR] });
  });

  it('a contact string that does not parse stays as it is and adds nothing', () => {
    const payload = { ...NOTE, contact: 'unknown contact' };
    expect(normalise(payload)).toEqual(payload);
  });

  it('an empty contact string gives an empty contacts list', () => {
    expect(normalise({ ...NOTE, contact: '' })).toEqual({ ...NOTE, contact: '', contacts: [] });
  });

  it('watch_material: the unbracketed contact, a numeric amount kept as a number, a derived id', () => {
    const payload = {
      contact: '6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123',
      material_id: '65e0c1d2b3a4f50012cd7701',
      material_type: 'VIDEO',
      material_title: 'Virtual Tour - 1200 Market Street',
      material_amount: 87,
      create_at: '2026-03-17T18:26:09.314Z',
    };
    const event = normalise(payload);
    expect(event).toEqual({
      ...payload,
      contacts: [JANE],
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
    });
  });

  it('send_material: videos, pdf and image strings become one materials list, in that order', () => {
    const payload = {
      subject: 'Your private tour',
      contact: JANE_STRING,
      video: '[65e0c1d2b3a4f50012cd7701,VIDEO,Virtual Tour]',
      pdf: '[65e0c1d2b3a4f50012cd7810,PDF,Buyer Guide 2026]',
      image: '[65e0c1d2b3a4f50012cd7901,IMAGE,Open House Flyer',
      create_at: '2026-03-17T16:02:40.771Z',
    };
    expect(normalise(payload)).toEqual({
      ...payload,
      id: expect.stringMatching(/^evt_/),
      contacts: [JANE],
      materials: [
        { id: '65e0c1d2b3a4f50012cd7701', type: 'VIDEO', title: 'Virtual Tour' },
        { id: '65e0c1d2b3a4f50012cd7810', type: 'PDF', title: 'Buyer Guide 2026' },
        { id: '65e0c1d2b3a4f50012cd7901', type: 'IMAGE', title: 'Open House Flyer' },
      ],
    });
  });

  it('send_material with only empty material strings has an empty materials list', () => {
    const event = normalise({ subject: 'Hi', contact: JANE_STRING, video: '', pdf: '', image: '' });
    expect(event.materials).toEqual([]);
  });

  it('send_material with an unreadable material string adds nothing for it', () => {
    const event = normalise({ subject: 'Hi', video: 'Virtual Tour', pdf: '', image: '' });
    expect(event.materials).toEqual([]);
    expect(event.video).toBe('Virtual Tour');
    expect(normalise({ subject: 'Hi', video: 'Virtual Tour' })).not.toHaveProperty('materials');
  });

  it('parses a valid additional_field into custom_fields and keeps the raw text', () => {
    const payload = { id: 'c1', additional_field: '{"Budget":"$750,000","Beds":3}' };
    expect(normalise(payload)).toEqual({
      ...payload,
      custom_fields: { Budget: '$750,000', Beds: 3 },
    });
  });

  it('an invalid additional_field stays as it is and adds nothing', () => {
    for (const additional_field of ['{"Budget":', 'Budget: 750k', '[1,2]', '42', 'null']) {
      expect(normalise({ id: 'c1', additional_field })).toEqual({ id: 'c1', additional_field });
    }
  });

  it('an empty additional_field means no custom fields', () => {
    expect(normalise({ id: 'c1', additional_field: '' })).toEqual({
      id: 'c1',
      additional_field: '',
      custom_fields: {},
    });
  });

  it('delete_contact, one contact: the contact record as sent', () => {
    const payload = {
      id: '6512e4c1a9b3f2001e7d4a10',
      first_name: 'Jane',
      last_name: 'Cooper',
      email: 'jane.cooper@example.com',
      tags: ['buyer'],
      label: '',
      additional_field: '{}',
      created_at: '2026-03-14T15:09:26.535Z',
    };
    expect(normalise(payload)).toEqual({ ...payload, custom_fields: {} });
  });

  it('delete_contact, several at once, as one payload: `contacts` kept as sent, nothing added', () => {
    // The trigger fans it out (bulkContactsOf); normalise alone keeps one object.
    const payload = {
      num: 2,
      contacts: `${JANE_STRING},${OMAR_STRING}`,
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    expect(normalise(payload)).toEqual({
      ...payload,
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
    });
  });

  it('delete_task: the unclosed removed_task is kept as sent', () => {
    const payload = {
      num: 1,
      removed_task: '[6601b4e2c2d4e50013b7ea07,call,Call Jane',
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    expect(normalise(payload)).toEqual({ ...payload, id: expect.stringMatching(/^evt_/) });
  });

  it('never fails on values of unexpected types', () => {
    const payload = { contact: 42, contacts: null, additional_field: null, video: [], id: {} };
    expect(() => normalise(payload)).not.toThrow();
    expect(normalise(payload)).toMatchObject({ contact: 42, contacts: null, video: [] });
  });
});

// sha256 of {"list":[1,2],"num":1,"removed_task":"[t1,call,Call Jane"}, first 24 hex digits.
const PINNED_ID = 'evt_e18beefed5ba4f1d7401e60a';

describe('ids', () => {
  it("keeps the payload's own id, as a string", () => {
    expect(normalise(NOTE).id).toBe('6601a3f9c2d4e50013b7e9a1');
    expect(normalise({ id: 1234, title: 'x' }).id).toBe('1234');
  });

  it('derives an id when the payload has none, or a blank one', () => {
    expect(normalise({ title: 'x' }).id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(normalise({ id: '', title: 'x' }).id).toMatch(/^evt_[0-9a-f]{24}$/);
  });

  it('the same delivery always gets the same id, whatever the key order', () => {
    const a = {
      num: 1,
      removed_task: '[t1,call,Call Jane',
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    const b = {
      removed_date: '2026-03-19T09:02:44.873Z',
      removed_task: '[t1,call,Call Jane',
      num: 1,
    };
    expect(normalise(a).id).toBe(normalise(a).id);
    expect(normalise(a).id).toBe(normalise(b).id);
    expect(derivedId({ x: { b: 1, a: 2 } })).toBe(derivedId({ x: { a: 2, b: 1 } }));
  });

  it('different payloads get different ids', () => {
    const base = {
      num: 1,
      removed_task: '[t1,call,Call Jane',
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    const ids = new Set([
      normalise(base).id,
      normalise({ ...base, removed_task: '[t2,call,Call Jane' }).id,
      normalise({ ...base, removed_date: '2026-03-19T09:02:44.874Z' }).id,
      normalise({ ...base, num: '1' }).id,
    ]);
    expect(ids.size).toBe(4);
  });

  it('canonical JSON sorts keys at every depth', () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: 'x' })).toBe('{"a":"x","b":[{"c":2,"d":1}]}');
  });

  it('canonical JSON is JSON: separators, nested lists and empty values as JSON.stringify writes them', () => {
    const value = { list: [1, 'two', [3, null], {}, []], flag: false, nothing: null };
    expect(canonicalJson(value)).toBe(
      '{"flag":false,"list":[1,"two",[3,null],{},[]],"nothing":null}',
    );
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });

  it('a key whose value is undefined counts as absent, as in JSON', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(derivedId({ a: undefined, b: 1 })).toBe(derivedId({ b: 1 }));
    expect(derivedId({ a: undefined })).not.toBe(derivedId({ a: null }));
  });

  it('payloads that differ only where separators go get different ids', () => {
    expect(derivedId({ x: [1, 23] })).not.toBe(derivedId({ x: [12, 3] }));
    expect(derivedId({ x: ['a', 'b'] })).not.toBe(derivedId({ x: ['a,b'] }));
    expect(derivedId({ a: 1, b: 2 })).not.toBe(derivedId({ a: '1,"b":2' }));
  });

  it('ids stay the same from one version of the app to the next', () => {
    // Changing how ids are derived would make Zapier see old deliveries as new.
    expect(derivedId({ num: 1, removed_task: '[t1,call,Call Jane', list: [1, 2] })).toBe(PINNED_ID);
  });
});

describe('isEmptyPayload', () => {
  it('is true for {} and for a sample whose every value is empty', () => {
    expect(isEmptyPayload({})).toBe(true);
    expect(
      isEmptyPayload({ id: '', first_name: '', tags: [], additional_field: '', created_at: null }),
    ).toBe(true);
  });

  it('counts blank text, and lists and objects of empty values at any depth, as empty', () => {
    expect(
      isEmptyPayload({ id: ' \n ', tags: [' ', null, []], address: { city: '', zip: {} } }),
    ).toBe(true);
  });

  it('is false when a value deep inside carries something', () => {
    expect(isEmptyPayload({ id: '', address: { city: '', zip: { code: '10001' } } })).toBe(false);
    expect(isEmptyPayload({ id: '', tags: [[], [' x ']] })).toBe(false);
    expect(isEmptyPayload({ id: '', amount: Number.NaN })).toBe(false);
  });

  it('is false as soon as one value carries something, 0 and false included', () => {
    expect(isEmptyPayload({ id: '', title: 'Call recap' })).toBe(false);
    expect(isEmptyPayload({ id: '', num: 0 })).toBe(false);
    expect(isEmptyPayload({ id: '', set_recurrence: false })).toBe(false);
    expect(isEmptyPayload({ id: '', tags: ['buyer'] })).toBe(false);
  });
});

describe('one item per record', () => {
  const BULK = {
    num: 2,
    contacts: `${JANE_STRING},${OMAR_STRING}`,
    removed_date: '2026-03-19T09:02:44.873Z',
  };
  const BLANK_CONTACT = {
    address: '',
    city: '',
    state: '',
    zip: '',
    country: '',
    source: '',
    company: '',
    label: '',
    tags: [],
    secondary_email: '',
    secondary_phone: '',
    website: '',
    additional_field: '',
    created_at: null,
  };

  it('a bulk delete_contact gives one contact record per contact, each with its own id', () => {
    expect(bulkContactsOf(BULK)).toEqual([
      { num: 2, removed_date: BULK.removed_date, ...BLANK_CONTACT, ...JANE },
      { num: 2, removed_date: BULK.removed_date, ...BLANK_CONTACT, ...OMAR },
    ]);
  });

  it("a contact record has a single delete's keys, known values from the contact string", () => {
    expect(contactRecordOf(JANE)).toEqual({ ...BLANK_CONTACT, ...JANE });
  });

  it('a single delete, or a bulk one with no readable contact, is not split', () => {
    expect(bulkContactsOf({ id: JANE.id, email: JANE.email })).toBeUndefined();
    expect(bulkContactsOf({ ...BULK, contacts: 'n/a' })).toBeUndefined();
    expect(bulkContactsOf({ ...BULK, contacts: '' })).toBeUndefined();
    expect(bulkContactsOf({ ...BULK, contacts: 2 })).toBeUndefined();
  });

  const DUE = 'Fri Mar 20 2026 17:00:00 GMT+0000 (Coordinated Universal Time)';
  const CREATED = 'Sun Mar 15 2026 11:05:47 GMT+0000 (Coordinated Universal Time)';
  const CALL = `[call,Call Jane, then e-mail her,${JANE_STRING},${DUE},true,WEEK,${CREATED}`;
  const CALL_TASK = {
    type: 'call',
    content: 'Call Jane, then e-mail her',
    contact: JANE_STRING,
    due_date: '2026-03-20T17:00:00.000Z',
    set_recurrence: 'true',
    recurrence_mode: 'WEEK',
    create_at: '2026-03-15T11:05:47.000Z',
  };
  const EMAIL = `[email,Send the guide,${OMAR_STRING},${DUE},false,undefined,${CREATED}`;
  const EMAIL_TASK = {
    ...CALL_TASK,
    type: 'email',
    content: 'Send the guide',
    contact: OMAR_STRING,
    set_recurrence: 'false',
    recurrence_mode: '',
  };

  it('removed_task: one task, or several joined by commas; content may hold commas', () => {
    expect(parseRemovedTasks(CALL)).toEqual([CALL_TASK]);
    expect(parseRemovedTasks(`${CALL},${EMAIL}`)).toEqual([CALL_TASK, EMAIL_TASK]);
  });

  it("removed_task: the service's sample form without the leading bracket", () => {
    expect(parseRemovedTasks(CALL.slice(1))).toEqual([CALL_TASK]);
  });

  it('removed_task: missing or unreadable dates are null', () => {
    const text = `[call,Call,${JANE_STRING},undefined,true,WEEK,soon`;
    expect(parseRemovedTasks(text)).toEqual([
      { ...CALL_TASK, content: 'Call', due_date: null, create_at: null },
    ]);
  });

  it.each([
    ['no contact string', '[call,Call Jane,2026,true,WEEK,2026'],
    ['no content before the contact', `[call${JANE_STRING.replace('[', ',[')},x,true,WEEK,y`],
    ['too few fields after the contact', `[call,Call,${JANE_STRING},${DUE},true`],
    ['too many fields after the contact', `[call,Call,${JANE_STRING},${DUE},true,WEEK,x,y`],
    ['an unclosed contact', `[call,Call,${JANE_STRING.slice(0, -1)}`],
    ['the old made-up shape', '[6601b4e2c2d4e50013b7ea07,call,Call Jane'],
    ['nothing', ''],
  ])('removed_task: %s is not a task shape', (_what, text) => {
    expect(parseRemovedTasks(text)).toBeUndefined();
  });

  it('removed_task takes time linear in its length (a long text of near-misses)', () => {
    const nearMiss = `,[${'a'.repeat(23)}`.repeat(50_000);
    const started = process.hrtime.bigint();
    expect(parseRemovedTasks(`[call,x${nearMiss}`)).toBeUndefined();
    // Quadratic scanning of 1.3 MB would take minutes; linear takes milliseconds.
    expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(5);
  });

  it('delete_task: one item per task, beside num, removed_task and removed_date as sent', () => {
    const payload = { num: 2, removed_task: `${CALL},${EMAIL}`, removed_date: BULK.removed_date };
    expect(removedTasksOf(payload)).toEqual([
      { ...payload, ...CALL_TASK },
      { ...payload, ...EMAIL_TASK },
    ]);
    expect(removedTasksOf({ ...payload, removed_task: 'n/a' })).toBeUndefined();
    expect(removedTasksOf({ num: 1 })).toBeUndefined();
  });
});

describe('values of the types their output fields declare', () => {
  const typed = typedBy([
    { key: 'amount', type: 'number' },
    { key: 'pages', type: 'integer' },
    { key: 'repeats', type: 'boolean' },
    { key: 'name', type: 'string' },
    { key: 'when', type: 'datetime' },
    { key: 'items[]count', type: 'number' },
    { key: 'deal__size', type: 'number' },
    { key: 'scores', type: 'number', list: true },
  ]);
  const item = (fields: Record<string, unknown>) => ({ id: 'x', ...fields });

  it('numbers and booleans sent as strings get their type; blank ones are null', () => {
    expect(typed(item({ amount: '4', pages: ' 12 ', repeats: 'TRUE' }))).toEqual(
      item({ amount: 4, pages: 12, repeats: true }),
    );
    expect(typed(item({ amount: '87.5', repeats: 'false' }))).toEqual(
      item({ amount: 87.5, repeats: false }),
    );
    expect(typed(item({ amount: '', pages: '  ', repeats: '' }))).toEqual(
      item({ amount: null, pages: null, repeats: null }),
    );
  });

  it('values already of their type, text that holds no value of it, and other fields stay as sent', () => {
    const sent = item({
      amount: 4,
      pages: '2.5',
      repeats: 'yes',
      name: '42',
      when: '2026-03-17T18:26:09.314Z',
      other: '7',
    });
    expect(typed(sent)).toEqual(sent);
    expect(typed(item({ amount: 'many', repeats: true }))).toEqual(
      item({ amount: 'many', repeats: true }),
    );
  });

  it('follows list[]child and parent__child keys, and types each value of a list field', () => {
    expect(
      typed(
        item({
          items: [{ count: '1' }, { count: 2 }, 'x'],
          deal: { size: '3' },
          scores: ['1', '', 2],
        }),
      ),
    ).toEqual(
      item({ items: [{ count: 1 }, { count: 2 }, 'x'], deal: { size: 3 }, scores: [1, null, 2] }),
    );
  });

  it('a missing field stays missing, and the item given is not changed', () => {
    const sent = item({ items: 'not a list', deal: 'not an object' });
    expect(typed(sent)).toEqual(sent);
    const original = item({ amount: '4' });
    typed(original);
    expect(original).toEqual(item({ amount: '4' }));
  });
});

describe('itemMaker', () => {
  it('normalises, fans out and types: a bulk delete gives typed items with their own ids', () => {
    const make = itemMaker({
      outputFields: [{ key: 'num', type: 'number' }],
      expand: bulkContactsOf,
    });
    const items = make({
      num: '2',
      contacts: `${JANE_STRING},${OMAR_STRING}`,
      removed_date: '2026-03-19T09:02:44.873Z',
    });
    expect(items.map((i) => [i.id, i.email, i.num, i.custom_fields])).toEqual([
      [JANE.id, JANE.email, 2, {}],
      [OMAR.id, OMAR.email, 2, {}],
    ]);
  });

  it('a payload that is not split is one normalised item', () => {
    expect(itemMaker({ outputFields: [] })(NOTE)).toEqual([normalise(NOTE)]);
    expect(itemMaker({ outputFields: [], expand: removedTasksOf })(NOTE)).toEqual([
      normalise(NOTE),
    ]);
  });

  it('tasks without ids get distinct, stable ids', () => {
    const make = itemMaker({ outputFields: [], expand: removedTasksOf });
    const due = 'Fri Mar 20 2026 17:00:00 GMT+0000';
    const payload = {
      num: 2,
      removed_task: `[call,A,${JANE_STRING},${due},true,WEEK,${due},[call,B,${JANE_STRING},${due},true,WEEK,${due}`,
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    const [first, second] = make(payload);
    expect(first?.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(second?.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(first?.id).not.toBe(second?.id);
    expect(make({ ...payload }).map((i) => i.id)).toEqual([first?.id, second?.id]);
  });
});
