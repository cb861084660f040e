// The webhook item path on the payload shapes the real service sends
// (docs/service-api.md): the list strings, the records and their ids, the
// declared keys and types, and the one result each run gives.
import { createHash } from 'node:crypto';
import { resultMaker } from '../../src/hooks/deliveries';
import { HOOK_EVENTS, type ActionValue, type HookEvent } from '../../src/hooks/events';
import {
  bulkContactsOf,
  contactRecordOf,
  derivedId,
  isEmptyPayload,
  normalise,
  removedTasksOf,
  type Payload,
} from '../../src/hooks/records';
import { numberOf, type Item, type ItemShape, type TypedField } from '../../src/hooks/shape';
import {
  contactOf,
  materialOf,
  parseRemovedTasks,
  readGroups,
  type Log,
} from '../../src/hooks/strings';
import { fitItem, RESULT_BUDGET_BYTES } from '../../src/result';
import { BLANK_CONTACT_ITEM, BLANK_CONTACT_RECORD, JANE_CONTACT } from '../support/expected';
import { rowOf } from '../support/rows';

const JANE_STRING = '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123]';
const OMAR_STRING = '[6512e4c1a9b3f2001e7d4a2b,Omar,Haddad,omar.haddad@example.net,+13125550187]';
const JANE = JANE_CONTACT;
const OMAR = {
  id: '6512e4c1a9b3f2001e7d4a2b',
  first_name: 'Omar',
  last_name: 'Haddad',
  email: 'omar.haddad@example.net',
  cell_phone: '+13125550187',
};

/** Every record a payload lists, or undefined when it is one record. */
const recordsOf = (records: Iterable<Payload> | undefined): Payload[] | undefined =>
  records && [...records];

/** Every item of one payload, each line it logged going to `log`. */
const itemMaker =
  (shape: ItemShape) =>
  (payload: Payload, log: (line: string) => void = () => undefined): Item[] =>
    resultMaker(shape)([payload], log);

const ignore = (): void => undefined;

/** The contacts of a contact string, read as normalise reads them. */
const parseContacts = (
  text: string,
  log: Log = ignore,
  where = 'contact',
  budget = RESULT_BUDGET_BYTES,
) => readGroups(text, contactOf, budget, log, where);

/** The materials of a material string, read as normalise reads them. */
const parseMaterials = (
  text: string,
  log: Log = ignore,
  where = 'video',
  budget = RESULT_BUDGET_BYTES,
) => readGroups(text, materialOf, budget, log, where);

/** The id derived from a record whose JSON, keys sorted, is `text`. */
const idOfJson = (text: string): string =>
  `evt_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;

/** What a reader logs, collected. */
function notesOf<T>(parse: (notes: (line: string) => void) => T): { result: T; notes: string[] } {
  const notes: string[] = [];
  const result = parse((line) => notes.push(line));
  return { result, notes };
}

const NOT_A_CONTACT = (where: string): string =>
  `A contact in "${where}" was not in the form [id,first,last,email,phone]: kept, with what could be read.`;

/** A value nested `levels` deep: `levels` arrays around "x". Built without recursion. */
function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let level = 0; level < levels; level++) value = [value];
  return value;
}

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

  it('keeps a contact cut off mid-contact, with what could be read, and says so', () => {
    expect(
      notesOf((notes) => parseContacts(`${JANE_STRING},[6512e4c1a9b3f2001e7d4a2b,Omar`, notes)),
    ).toEqual({
      result: [JANE, { id: OMAR.id, first_name: 'Omar', last_name: '', email: '', cell_phone: '' }],
      notes: [NOT_A_CONTACT('contact')],
    });
  });

  it('a group with fewer parts is kept, with a note naming the field', () => {
    const noPhone = '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com]';
    expect(notesOf((notes) => parseContacts(noPhone, notes, 'contacts'))).toEqual({
      result: [{ ...JANE, cell_phone: '' }],
      notes: [NOT_A_CONTACT('contacts')],
    });
  });

  it('a name with a comma and no phone: the address, not the position, places the parts', () => {
    const noPhone = '[6512e4c1a9b3f2001e7d4a10,John, Jr.,Smith,john@x.com]';
    expect(notesOf((notes) => parseContacts(noPhone, notes, 'contacts'))).toEqual({
      result: [
        {
          id: '6512e4c1a9b3f2001e7d4a10',
          first_name: 'John, Jr.',
          last_name: 'Smith',
          email: 'john@x.com',
          cell_phone: '',
        },
      ],
      notes: [],
    });
  });

  it('a short group finds its address from the third part on: no last name, no phone', () => {
    const short = '[6512e4c1a9b3f2001e7d4a10,Jane,jane.cooper@example.com]';
    expect(notesOf((notes) => parseContacts(short, notes, 'contacts'))).toEqual({
      result: [{ ...JANE, last_name: '', cell_phone: '' }],
      notes: [NOT_A_CONTACT('contacts')],
    });
  });

  it('a name may hold commas: a part that starts with a space continues the one before', () => {
    const text =
      '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane@x.com,+1],' +
      '[6512e4c1a9b3f2001e7d4a11,John, Jr.,Smith,john@x.com,+2],' +
      '[6512e4c1a9b3f2001e7d4a12,Ann,Lee,ann@x.com,+3]';
    expect(notesOf((notes) => parseContacts(text, notes))).toEqual({
      result: [
        {
          id: JANE.id,
          first_name: 'Jane',
          last_name: 'Cooper',
          email: 'jane@x.com',
          cell_phone: '+1',
        },
        {
          id: '6512e4c1a9b3f2001e7d4a11',
          first_name: 'John, Jr.',
          last_name: 'Smith',
          email: 'john@x.com',
          cell_phone: '+2',
        },
        {
          id: '6512e4c1a9b3f2001e7d4a12',
          first_name: 'Ann',
          last_name: 'Lee',
          email: 'ann@x.com',
          cell_phone: '+3',
        },
      ],
      // Certain: the address places the names, and the space tells them apart.
      notes: [],
    });
  });

  it('a last name may hold a comma too', () => {
    const text = `[6512e4c1a9b3f2001e7d4a10,Jane,Cooper, PhD,jane@x.com,+1],${OMAR_STRING}`;
    expect(notesOf((notes) => parseContacts(text, notes))).toEqual({
      result: [
        {
          id: JANE.id,
          first_name: 'Jane',
          last_name: 'Cooper, PhD',
          email: 'jane@x.com',
          cell_phone: '+1',
        },
        OMAR,
      ],
      notes: [],
    });
  });

  it('names joined by a bare comma are parted by a guess, and the log says so', () => {
    const text = '[6512e4c1a9b3f2001e7d4a10,Mary,Ann,Lee,mary@x.com,+1]';
    expect(notesOf((notes) => parseContacts(text, notes, 'contacts'))).toEqual({
      result: [
        {
          id: JANE.id,
          first_name: 'Mary',
          last_name: 'Ann,Lee',
          email: 'mary@x.com',
          cell_phone: '+1',
        },
      ],
      notes: [
        'A contact name in "contacts" holds commas: where the first name ends and the last starts is a guess.',
      ],
    });
  });

  describe('where the parts go', () => {
    const ID = JANE.id;
    const contact = (first: string, last: string, email: string, phone: string): object => ({
      id: ID,
      first_name: first,
      last_name: last,
      email,
      cell_phone: phone,
    });
    const GUESS =
      'A contact name in "contact" holds commas: where the first name ends and the last starts is a guess.';
    it.each([
      [
        'a first name after a space',
        `[${ID}, Jane,Cooper,jane@x.com,+1]`,
        [contact('Jane', 'Cooper', 'jane@x.com', '+1')],
        [],
      ],
      [
        '"null" for a missing value',
        `[${ID},Jane,null,jane@x.com,null]`,
        [contact('Jane', '', 'jane@x.com', '')],
        [],
      ],
      [
        'a phone holding a comma',
        `[${ID},Jane,Cooper,jane@x.com,+1,555]`,
        [contact('Jane', 'Cooper', 'jane@x.com', '+1,555')],
        [],
      ],
      [
        'three names, an address and no phone',
        `[${ID},Mary,Ann,Lee,mary@x.com]`,
        [contact('Mary', 'Ann,Lee', 'mary@x.com', '')],
        [GUESS],
      ],
      [
        'a name continued after a space, and no last name',
        `[${ID},John, Jr,john@x.com,+1]`,
        [contact('John, Jr', '', 'john@x.com', '+1')],
        [],
      ],
      [
        'six parts, no address: the last two are the address and the phone',
        `[${ID},Mary,Ann,Lee,n/a,+1]`,
        [contact('Mary', 'Ann,Lee', 'n/a', '+1')],
        [GUESS],
      ],
      [
        'four parts, no address: the fourth is the address',
        `[${ID},Jane,Cooper,n/a]`,
        [contact('Jane', 'Cooper', 'n/a', '')],
        [NOT_A_CONTACT('contact')],
      ],
      ['two contacts with no comma between', `${JANE_STRING}${OMAR_STRING}`, [JANE, OMAR], []],
      [
        'a space before the comma after a closing bracket',
        `${JANE_STRING} , ${OMAR_STRING}`,
        [JANE, OMAR],
        [],
      ],
    ])('%s', (_name, text, contacts, notes) => {
      expect(notesOf((note) => parseContacts(text, note))).toEqual({ result: contacts, notes });
    });
  });

  it('reads empty parts, and the "undefined" the service writes for a missing value, as ""', () => {
    expect(
      parseContacts('[6512e4c1a9b3f2001e7d4a10,Jane,,jane.cooper@example.com,undefined]'),
    ).toEqual([{ ...JANE, last_name: '', cell_phone: '' }]);
  });

  it('an empty string, or empty brackets, is no contacts, and nothing is noted', () => {
    for (const text of ['', '   ', '[]', '[ ]', '[ ],[]']) {
      expect(notesOf((notes) => parseContacts(text, notes))).toEqual({ result: [], notes: [] });
    }
  });

  it('any other text is a contact, never dropped: what could be read, and a note', () => {
    const blank = { id: '', first_name: '', last_name: '', email: '', cell_phone: '' };
    expect(notesOf((notes) => parseContacts('n/a', notes))).toEqual({
      result: [{ ...blank, id: 'n/a' }],
      notes: [NOT_A_CONTACT('contact')],
    });
    expect(notesOf((notes) => parseContacts('[,Jane,Cooper,jane@example.com,1]', notes))).toEqual({
      result: [
        {
          id: '',
          first_name: 'Jane',
          last_name: 'Cooper',
          email: 'jane@example.com',
          cell_phone: '1',
        },
      ],
      notes: [NOT_A_CONTACT('contact')],
    });
  });

  // Jane and Omar take 136 bytes of JSON each, 137 with a comma; "[" and "]" take 2.
  const HOLDS_MORE = (where: string, read: number, unread: number): string =>
    `"${where}" holds more than a result can carry: the first ${read} were read, ` +
    `${unread} more were not.`;

  it('past its budget, the rest is counted and logged, not read', () => {
    const text = `${JANE_STRING},${OMAR_STRING},${JANE_STRING}`;
    // 2 + 137 is 139: a budget of 139 is not passed yet, so Omar is read; one of 138 is.
    expect(notesOf((notes) => parseContacts(text, notes, 'contacts', 139))).toEqual({
      result: [JANE, OMAR],
      notes: [HOLDS_MORE('contacts', 2, 1)],
    });
    expect(notesOf((notes) => parseContacts(text, notes, 'contacts', 138))).toEqual({
      result: [JANE],
      notes: [HOLDS_MORE('contacts', 1, 2)],
    });
  });

  it('a contact larger than the whole budget is read but not counted: those after it are read', () => {
    const long = `[6512e4c1a9b3f2001e7d4a11,${'L'.repeat(200)},Lee,lee@x.com,+1]`;
    const text = `${long},${JANE_STRING},${OMAR_STRING},${JANE_STRING}`;
    const { result, notes } = notesOf((log) => parseContacts(text, log, 'contacts', 139));
    expect(result.map((contact) => contact.first_name)).toEqual(['L'.repeat(200), 'Jane', 'Omar']);
    expect(notes).toEqual([HOLDS_MORE('contacts', 3, 1)]);
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

  it('tolerates a missing closing bracket; "" or blank is none', () => {
    expect(parseMaterials('[65e0c1d2b3a4f50012cd7810,PDF,Buyer Guide 2026')).toEqual([
      { id: '65e0c1d2b3a4f50012cd7810', type: 'PDF', title: 'Buyer Guide 2026' },
    ]);
    expect(parseMaterials('')).toEqual([]);
    expect(parseMaterials('   ')).toEqual([]);
  });

  it('a group with no type or title is kept, with a note naming the field', () => {
    expect(notesOf((notes) => parseMaterials('[65e0c1d2b3a4f50012cd7810]', notes, 'pdf'))).toEqual({
      result: [{ id: '65e0c1d2b3a4f50012cd7810', type: '', title: '' }],
      notes: [
        'A material in "pdf" was not in the form [id,type,title]: kept, with what could be read.',
      ],
    });
  });

  const MATERIAL = '65e0c1d2b3a4f50012cd7701';
  const NOT_A_MATERIAL =
    'A material in "video" was not in the form [id,type,title]: kept, with what could be read.';
  it.each([
    [
      'spaces around each part',
      `[ ${MATERIAL} , VIDEO , Tour, 2 ]`,
      [{ id: MATERIAL, type: 'VIDEO', title: 'Tour, 2' }],
      [],
    ],
    [
      'spaces around the list',
      ` [${MATERIAL},VIDEO,Tour] `,
      [{ id: MATERIAL, type: 'VIDEO', title: 'Tour' }],
      [],
    ],
    [
      'a "[", an id and "," inside a title, after a space',
      `[${MATERIAL},VIDEO,Tour [${MATERIAL},x]]`,
      [{ id: MATERIAL, type: 'VIDEO', title: `Tour [${MATERIAL},x]` }],
      [],
    ],
    [
      'a "[" and an id inside a title, after a comma, with no comma after the id',
      `[${MATERIAL},VIDEO,A,[${MATERIAL}] B]`,
      [{ id: MATERIAL, type: 'VIDEO', title: `A,[${MATERIAL}] B` }],
      [],
    ],
    [
      'groups whose ids are not ObjectIds, with no comma between',
      '[m-1,VIDEO,A][m-2,PDF,B]',
      [
        { id: 'm-1', type: 'VIDEO', title: 'A' },
        { id: 'm-2', type: 'PDF', title: 'B' },
      ],
      [NOT_A_MATERIAL, NOT_A_MATERIAL],
    ],
    [
      'ids that are not ObjectIds: a "[" after a comma starts a record, even with no "]" before it',
      '[m-1,VIDEO,A,[m-2,PDF,B]',
      [
        { id: 'm-1', type: 'VIDEO', title: 'A' },
        { id: 'm-2', type: 'PDF', title: 'B' },
      ],
      [NOT_A_MATERIAL, NOT_A_MATERIAL],
    ],
    [
      'an id and a type with no title after them',
      `[${MATERIAL},VIDEO]`,
      [{ id: MATERIAL, type: 'VIDEO', title: '' }],
      [NOT_A_MATERIAL],
    ],
    [
      'an upper-case id, which is an ObjectId too',
      `[${MATERIAL.toUpperCase()},VIDEO,Tour]`,
      [{ id: MATERIAL.toUpperCase(), type: 'VIDEO', title: 'Tour' }],
      [],
    ],
  ])('%s', (_name, text, materials, notes) => {
    expect(notesOf((note) => parseMaterials(text, note))).toEqual({ result: materials, notes });
  });

  it('a title may hold "],[": Tour [A],[B] stays one title', () => {
    expect(
      notesOf((notes) =>
        parseMaterials(
          '[65e0c1d2b3a4f50012cd7701,VIDEO,Tour [A],[B]],[65e0c1d2b3a4f50012cd7702,VIDEO,Meet]',
          notes,
        ),
      ),
    ).toEqual({
      result: [
        { id: '65e0c1d2b3a4f50012cd7701', type: 'VIDEO', title: 'Tour [A],[B]' },
        { id: '65e0c1d2b3a4f50012cd7702', type: 'VIDEO', title: 'Meet' },
      ],
      notes: [],
    });
    expect(parseMaterials('[65e0c1d2b3a4f50012cd7701,VIDEO,Tour [A],[B]')).toEqual([
      { id: '65e0c1d2b3a4f50012cd7701', type: 'VIDEO', title: 'Tour [A],[B' },
    ]);
  });

  // A record counts its JSON's bytes and a comma, after the 2 bytes of "[" and "]"; a record
  // is read while the count has not passed the budget. One larger than the budget is not counted.
  const TOUR = { id: MATERIAL, type: 'VIDEO', title: 'Tour' }; // 63 bytes of JSON
  it.each([
    ['64 bytes each, larger than a budget of 63: none is counted, all are read', 63, 12, 12],
    ['64 bytes each, as large as a budget of 64: 2 + 64 passes it after one', 64, 3, 1],
    ['2 + 16 × 64 is 1026, not past a budget of 1026, so one more is read', 1026, 18, 17],
    ['a list that fits, with no line logged', 1026, 17, 17],
  ])('past its budget: %s', (_name, budget, listed, read) => {
    const text = Array.from({ length: listed }, () => `[${MATERIAL},VIDEO,Tour]`).join(',');
    expect(notesOf((notes) => parseMaterials(text, notes, 'video', budget))).toEqual({
      result: Array.from({ length: read }, () => TOUR),
      notes:
        read < listed
          ? [
              `"video" holds more than a result can carry: the first ${read} were read, ` +
                `${listed - read} more were not.`,
            ]
          : [],
    });
  });
});

describe('normalise', () => {
  it('past its budget, each list is read while it fits, the kinds of materials in one budget', () => {
    // 642 is 2 + 10 × 64: the 11th video (64 bytes with its comma) is read, the 12th not, and
    // the PDF has no room left. The custom fields have the whole budget again: ["f1","x"] is
    // 10 bytes, 11 with its comma, and f10 on 12, so 2 + 9 × 11 + 45 × 12 is 641 after 54.
    const video = '[65e0c1d2b3a4f50012cd7701,VIDEO,Tour]';
    const fields = Array.from({ length: 60 }, (_, i) => [`f${i + 1}`, 'x'] as const);
    const payload = {
      ...NOTE,
      video: Array(12).fill(video).join(','),
      pdf: '[65e0c1d2b3a4f50012cd7810,PDF,Buyer Guide 2026]',
      additional_field: JSON.stringify(Object.fromEntries(fields)),
    };
    const holdsMore = (key: string, read: number, unread: number): string =>
      `"${key}" holds more than a result can carry: the first ${read} were read, ${unread} more were not.`;
    expect(notesOf((notes) => normalise(payload, notes, 642))).toEqual({
      result: {
        ...payload,
        contacts: [JANE],
        materials: Array(11).fill({ id: '65e0c1d2b3a4f50012cd7701', type: 'VIDEO', title: 'Tour' }),
        custom_fields: Object.fromEntries(fields.slice(0, 55)),
      },
      notes: [
        holdsMore('video', 11, 1),
        holdsMore('pdf', 0, 1),
        holdsMore('additional_field', 55, 5),
      ],
    });
  });

  it('reads each list within a quarter of a result by default: the item holds its text beside it', () => {
    // A quarter of 5 MiB is 1,310,720 bytes: 2 + 64 × 20,479 is not past it, so 20,480 are read.
    const video = '[65e0c1d2b3a4f50012cd7701,VIDEO,Tour]';
    const payload = { video: Array(20_481).fill(video).join(',') };
    const { result, notes } = notesOf((log) => normalise(payload, log));
    expect(result.materials).toHaveLength(20_480);
    expect(notes).toEqual([
      '"video" holds more than a result can carry: the first 20480 were read, 1 more were not.',
    ]);
  });

  it('keeps every field as sent and adds the parsed contacts beside `contact`', () => {
    const payload = { ...NOTE, contact: `${JANE_STRING},${OMAR_STRING}` };
    expect(normalise(payload)).toEqual({ ...payload, contacts: [JANE, OMAR], custom_fields: {} });
  });

  it('a contact string that does not parse stays as it is, and gives a contact, with a note', () => {
    const payload = { ...NOTE, contact: 'unknown contact' };
    expect(notesOf((notes) => normalise(payload, notes))).toEqual({
      result: {
        ...payload,
        contacts: [
          { id: 'unknown contact', first_name: '', last_name: '', email: '', cell_phone: '' },
        ],
        custom_fields: {},
      },
      notes: [NOT_A_CONTACT('contact')],
    });
  });

  it('an empty contact string gives an empty contacts list', () => {
    expect(normalise({ ...NOTE, contact: '' })).toEqual({
      ...NOTE,
      contact: '',
      contacts: [],
      custom_fields: {},
    });
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
      custom_fields: {},
      id: derivedId(payload),
    });
    expect(event.id).toMatch(/^evt_[0-9a-f]{24}$/);
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
      id: derivedId(payload),
      contacts: [JANE],
      custom_fields: {},
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

  it('send_material with an unreadable material string adds nothing for it, and says so', () => {
    const { result: event, notes } = notesOf((log) =>
      normalise({ subject: 'Hi', video: 'Virtual Tour', pdf: '', image: '' }, log),
    );
    expect(event.materials).toEqual([]);
    expect(event.video).toBe('Virtual Tour');
    expect(notes).toEqual(['"video" was not a bracketed list of materials: kept as sent only.']);
    expect(notesOf((log) => normalise({ video: '   ' }, log))).toEqual({
      result: { video: '   ', materials: [], custom_fields: {}, id: derivedId({ video: '   ' }) },
      notes: [],
    });
    // Any one of the three keys gives the list, empty or not; none gives none.
    expect(normalise({ subject: 'Hi', video: 'Virtual Tour' }).materials).toEqual([]);
    expect(normalise({ subject: 'Hi', image: null }).materials).toEqual([]);
    expect(normalise({ subject: 'Hi' })).not.toHaveProperty('materials');
  });

  it('parses a valid additional_field into custom_fields and keeps the raw text', () => {
    const payload = { id: 'c1', additional_field: '{"Budget":"$750,000","Beds":3}' };
    expect(normalise(payload)).toEqual({
      ...payload,
      custom_fields: { Budget: '$750,000', Beds: 3 },
    });
    // JSON's white space around the object and its parts, as JSON.parse reads it.
    const spaced = { id: 'c1', additional_field: ' \n{ "Beds" :\t3 ,\r"Pool": false }\n ' };
    expect(notesOf((notes) => normalise(spaced, notes))).toEqual({
      result: { ...spaced, custom_fields: { Beds: 3, Pool: false } },
      notes: [],
    });
  });

  it('an invalid additional_field stays as it is, with no custom fields and a note', () => {
    const invalid = ['{"Budget":', 'Budget: 750k', '[1,2]', '42', 'null', 7, null];
    // Text before or after the object, no colon, a "]" for its "}", a string left open.
    const malformed = [
      '{"Bed',
      '{"Beds":"3',
      '{"Beds":3} x',
      '{"Beds":3}}',
      'x"Beds":3}',
      '{"Beds"=3}',
      '{"Beds":3]',
      '{"Rooms":["den',
    ];
    for (const additional_field of [...invalid, ...malformed]) {
      expect(notesOf((notes) => normalise({ id: 'c1', additional_field }, notes))).toEqual({
        result: { id: 'c1', additional_field, custom_fields: {} },
        notes: ['"additional_field" was not a JSON object: no custom fields were read.'],
      });
    }
  });

  it('past its budget, a text that is no object is still refused whole, not counted as unread', () => {
    // A budget of 1 byte reads no field: each is only scanned for its end.
    const read = (additional_field: string) =>
      notesOf((notes) => normalise({ id: 'c1', additional_field }, notes, 1));
    expect(read('{"Beds":3}')).toEqual({
      result: { id: 'c1', additional_field: '{"Beds":3}', custom_fields: {} },
      notes: [
        '"additional_field" holds more than a result can carry: the first 0 were read, 1 more were not.',
      ],
    });
    for (const additional_field of ['{:3}', '{Beds":3}']) {
      expect(read(additional_field)).toEqual({
        result: { id: 'c1', additional_field, custom_fields: {} },
        notes: ['"additional_field" was not a JSON object: no custom fields were read.'],
      });
    }
  });

  it('custom fields hold scalars: a list or an object as its JSON text, blank past 32 levels', () => {
    const additional_field = JSON.stringify({
      Beds: 3,
      Pool: false,
      Notes: null,
      Rooms: ['den', 'loft'],
      Agent: { name: 'Alex' },
      Deep: nested(32),
    });
    expect(
      notesOf((notes) => normalise({ id: 'c1', additional_field }, notes).custom_fields),
    ).toEqual({
      result: {
        Beds: 3,
        Pool: false,
        Notes: null,
        Rooms: '["den","loft"]',
        Agent: '{"name":"Alex"}',
        Deep: JSON.stringify(nested(32)),
      },
      notes: [],
    });
    const tooDeep = { id: 'c1', additional_field: { Deep: nested(33) } };
    expect(notesOf((notes) => normalise(tooDeep, notes).custom_fields)).toEqual({
      result: { Deep: null },
      notes: ['A custom field nested too deep to show was left blank.'],
    });
  });

  it('an empty or blank additional_field means no custom fields, and nothing is noted', () => {
    for (const text of ['', '  ']) {
      expect(notesOf((notes) => normalise({ id: 'c1', additional_field: text }, notes))).toEqual({
        result: { id: 'c1', additional_field: text, custom_fields: {} },
        notes: [],
      });
    }
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
    expect(normalise(payload)).toEqual({ ...payload, id: derivedId(payload), custom_fields: {} });
  });

  it('delete_task: the unclosed removed_task is kept as sent', () => {
    const payload = {
      num: 1,
      removed_task: '[6601b4e2c2d4e50013b7ea07,call,Call Jane',
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    expect(normalise(payload)).toEqual({ ...payload, id: derivedId(payload), custom_fields: {} });
  });

  it('custom_fields come from additional_field alone: one the delivery holds is replaced', () => {
    expect(normalise({ id: 'c1', custom_fields: { Budget: 'forged' } })).toEqual({
      id: 'c1',
      custom_fields: {},
    });
    expect(
      normalise({ id: 'c1', custom_fields: { Budget: 'forged' }, additional_field: '{"Beds":3}' }),
    ).toEqual({ id: 'c1', additional_field: '{"Beds":3}', custom_fields: { Beds: 3 } });
  });

  it('never fails on values of unexpected types', () => {
    const payload = { contact: 42, contacts: null, additional_field: null, video: [], id: {} };
    expect(normalise(payload)).toEqual({
      ...payload,
      id: derivedId(payload),
      materials: [],
      custom_fields: {},
    });
  });

  it('never fails on a value nested 100,000 deep', () => {
    const payload = { title: 'Deep', content: nested(100_000), contact: JANE_STRING };
    const event = normalise(payload);
    expect(event.id).toBe(derivedId(payload));
    expect(event.contacts).toEqual([JANE]);
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

  it('derives from the JSON of the record with its keys sorted at every depth', () => {
    expect(derivedId({ b: [{ d: 1, c: 2 }], a: 'x' })).toBe(
      idOfJson('{"a":"x","b":[{"c":2,"d":1}]}'),
    );
  });

  it('derives from JSON: separators, nested lists and empty values as JSON.stringify writes them', () => {
    const value = { list: [1, 'two', [3, null], {}, []], flag: false, nothing: null };
    expect(derivedId(value)).toBe(
      idOfJson('{"flag":false,"list":[1,"two",[3,null],{},[]],"nothing":null}'),
    );
  });

  it('a key whose value is undefined counts as absent, as in JSON', () => {
    expect(derivedId({ a: undefined, b: 1 })).toBe(idOfJson('{"b":1}'));
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
  it('reads an object of a million values, as a sample of custom fields already parsed may be', () => {
    const million = Object.fromEntries(Array.from({ length: 1_000_000 }, (_, n) => [`f${n}`, '']));
    expect(isEmptyPayload({ id: '', additional_field: million })).toBe(true);
  });

  it('is true for {} and for a sample whose every value is empty', () => {
    expect(isEmptyPayload({})).toBe(true);
    expect(isEmptyPayload({ id: '', zip: undefined })).toBe(true);
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

  it("a bulk delete_contact gives one contact record per contact, in the single delete's shape only", () => {
    // No num, no removed_date: they are not output fields of Deleted Contact.
    expect(recordsOf(bulkContactsOf(BULK, ignore))).toEqual([
      { ...BLANK_CONTACT_RECORD, ...JANE },
      { ...BLANK_CONTACT_RECORD, ...OMAR },
    ]);
  });

  it("a contact record has a single delete's keys, known values from the contact string", () => {
    expect(contactRecordOf(JANE)).toEqual({ ...BLANK_CONTACT_RECORD, ...JANE });
  });

  it('a single delete, or contacts that are not text, is not split', () => {
    expect(recordsOf(bulkContactsOf({ id: JANE.id, email: JANE.email }, ignore))).toBeUndefined();
    expect(recordsOf(bulkContactsOf({ ...BULK, contacts: 2 }, ignore))).toBeUndefined();
    expect(recordsOf(bulkContactsOf({ ...BULK, contacts: null }, ignore))).toBeUndefined();
  });

  it('a bulk delete with an unreadable contact keeps it, with a note', () => {
    expect(
      notesOf((notes) => recordsOf(bulkContactsOf({ ...BULK, contacts: 'n/a' }, notes))),
    ).toEqual({
      result: [
        {
          ...BLANK_CONTACT_RECORD,
          id: 'n/a',
          first_name: '',
          last_name: '',
          email: '',
          cell_phone: '',
        },
      ],
      notes: [NOT_A_CONTACT('contacts')],
    });
  });

  it('a bulk delete listing no contact gives no item, and a note', () => {
    for (const contacts of ['', '  ', '[]']) {
      expect(notesOf((notes) => recordsOf(bulkContactsOf({ ...BULK, contacts }, notes)))).toEqual({
        result: [],
        notes: ['A delete of several contacts held none: it gave no item.'],
      });
    }
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

  it('removed_task: one task, or several joined by commas, each with its own part of the text', () => {
    expect(parseRemovedTasks(CALL)).toEqual([{ ...CALL_TASK, removed_task: CALL }]);
    expect(parseRemovedTasks(`${CALL},${EMAIL}`)).toEqual([
      { ...CALL_TASK, removed_task: CALL },
      { ...EMAIL_TASK, removed_task: EMAIL },
    ]);
  });

  it("removed_task: the service's sample form without the leading bracket", () => {
    expect(parseRemovedTasks(CALL.slice(1))).toEqual([
      { ...CALL_TASK, removed_task: CALL.slice(1) },
    ]);
  });

  it('removed_task: missing or unreadable dates are null', () => {
    const text = `[call,Call,${JANE_STRING},undefined,true,WEEK,soon`;
    expect(parseRemovedTasks(text)).toEqual([
      { ...CALL_TASK, content: 'Call', due_date: null, create_at: null, removed_task: text },
    ]);
  });

  it.each([
    [
      'a bracket that opens no contact string',
      `[call,Call Jane,[urgent] today,${JANE_STRING},${DUE},true,WEEK,${CREATED}`,
      'Call Jane,[urgent] today',
    ],
    [
      'spaces around it',
      `[call,  Call Jane  ,${JANE_STRING},${DUE},true,WEEK,${CREATED}`,
      'Call Jane',
    ],
    [
      // The contact string is found after a comma, even where an id follows a short type.
      'an id first, after a one-letter type',
      `[x,${JANE.id},Call,${JANE_STRING},${DUE},true,WEEK,${CREATED}`,
      `${JANE.id},Call`,
    ],
  ])('removed_task: content with %s', (_what, text, content) => {
    const type = text.slice(1, text.indexOf(','));
    expect(parseRemovedTasks(text)).toEqual([{ ...CALL_TASK, type, content, removed_task: text }]);
  });

  it.each([
    ['no contact string', '[call,Call Jane,2026,true,WEEK,2026'],
    ['no contact string, five parts after the type', '[c,x,y,z,w'],
    [
      'text between the contact and its comma',
      `[call,Call,${JANE_STRING}x,${DUE},true,WEEK,${CREATED}`,
    ],
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

  it("delete_task: one record per task, beside num and removed_date, with its own task's text", () => {
    const payload = { num: 2, removed_task: `${CALL},${EMAIL}`, removed_date: BULK.removed_date };
    expect(recordsOf(removedTasksOf(payload, ignore))).toEqual([
      { ...payload, ...CALL_TASK, removed_task: CALL },
      { ...payload, ...EMAIL_TASK, removed_task: EMAIL },
    ]);
    expect(removedTasksOf({ num: 1 }, ignore)).toBeUndefined();
    expect(removedTasksOf({ num: 1, removed_task: '  ' }, ignore)).toBeUndefined();
  });

  it('delete_task: an unreadable removed_task is not split, and the log says so', () => {
    const payload = { num: 1, removed_task: 'n/a', removed_date: BULK.removed_date };
    expect(notesOf((notes) => removedTasksOf(payload, notes))).toEqual({
      result: undefined,
      notes: [
        '"removed_task" was not in the service\'s task form: kept as sent, the task fields blank.',
      ],
    });
  });
});

describe('values of the types their output fields declare', () => {
  const FIELDS: readonly TypedField[] = [
    { key: 'amount', type: 'number' },
    { key: 'pages', type: 'integer' },
    { key: 'repeats', type: 'boolean' },
    { key: 'name', type: 'string' },
    { key: 'when', type: 'datetime' },
    { key: 'items[]count', type: 'number' },
    { key: 'items[]label', type: 'string' },
    { key: 'scores', type: 'number', list: true },
    { key: 'tags', list: true },
  ];
  const make = itemMaker({ outputFields: FIELDS });
  /** The one item a payload with id "x" gives. */
  const itemOf = (fields: Record<string, unknown>): Item | undefined =>
    make({ id: 'x', ...fields })[0];
  const BLANK = {
    id: 'x',
    amount: null,
    pages: null,
    repeats: null,
    name: null,
    when: null,
    items: [],
    scores: [],
    tags: [],
  };

  it('an item has exactly the declared keys: missing ones blank, undeclared ones dropped', () => {
    expect(itemOf({})).toEqual(BLANK);
    expect(itemOf({ other: '7', custom_fields: { a: 1 }, contacts: [] })).toEqual(BLANK);
    expect(Object.keys(itemOf({ other: '7' }) ?? {})).toEqual([
      'amount',
      'pages',
      'repeats',
      'name',
      'when',
      'items',
      'scores',
      'tags',
      'id',
    ]);
  });

  it('numbers and booleans sent as text get their type; blank ones are null', () => {
    expect(itemOf({ amount: '4', pages: ' 12 ', repeats: 'TRUE' })).toEqual({
      ...BLANK,
      amount: 4,
      pages: 12,
      repeats: true,
    });
    expect(itemOf({ amount: '87.5', repeats: 'false' })).toEqual({
      ...BLANK,
      amount: 87.5,
      repeats: false,
    });
    expect(itemOf({ amount: '', pages: '  ', repeats: '' })).toEqual(BLANK);
  });

  it('a number is decimal text only: "0x10", "Infinity", "" and "2.5" pages are null', () => {
    expect(numberOf('0x10')).toBeUndefined();
    expect(itemOf({ amount: '0x10', pages: '0x10' })).toEqual(BLANK);
    expect(itemOf({ amount: 'Infinity', pages: '2.5' })).toEqual(BLANK);
    expect(itemOf({ amount: Number.NaN, pages: 2.5 })).toEqual(BLANK);
    expect(itemOf({ amount: '-1e2', pages: 3 })).toEqual({ ...BLANK, amount: -100, pages: 3 });
  });

  it('a boolean is true, false, or "true"/"false" in any case; anything else is null', () => {
    for (const repeats of ['yes', 1, 0, 'constructor', '__proto__', 'toString', {}, []]) {
      expect(itemOf({ repeats })).toEqual(BLANK);
    }
    expect(itemOf({ repeats: ' False ' })).toEqual({ ...BLANK, repeats: false });
    expect(itemOf({ repeats: true })).toEqual({ ...BLANK, repeats: true });
    expect(itemOf({ repeats: false })).toEqual({ ...BLANK, repeats: false });
  });

  it('text holds text: numbers and booleans written out, lists and objects as JSON', () => {
    expect(itemOf({ name: 42, when: true })).toEqual({ ...BLANK, name: '42', when: 'true' });
    const lines: string[] = [];
    expect(
      make({ id: 'x', name: ['a', 1], when: { at: 'noon' } }, (line) => lines.push(line)),
    ).toEqual([{ ...BLANK, name: '["a",1]', when: '{"at":"noon"}' }]);
    // Shallow enough to show: nothing to tell the log.
    expect(lines).toEqual([]);
    expect(itemOf({ name: '', when: '  ' })).toEqual({ ...BLANK, name: '', when: '  ' });
  });

  it('text nested past 32 levels is blank, and the log says so once per payload', () => {
    expect(itemOf({ name: nested(32) })).toEqual({ ...BLANK, name: JSON.stringify(nested(32)) });
    const lines: string[] = [];
    expect(
      make({ id: 'x', name: nested(33), when: nested(100_000) }, (line) => lines.push(line)),
    ).toEqual([BLANK]);
    expect(lines).toEqual(['A value nested too deep to show was left blank. (2 times)']);
  });

  it('a flat list or object is its JSON text at any size; one with a list or object inside is walked', () => {
    const wide = Object.fromEntries(Array.from({ length: 200_000 }, (_, n) => [`f${n}`, n]));
    expect(itemOf({ name: wide })?.name).toBe(JSON.stringify(wide));
    const flat = { a: 'x', b: 1, c: true, d: null };
    expect(itemOf({ name: flat, when: [1, 'x', false, null] })).toEqual({
      ...BLANK,
      name: JSON.stringify(flat),
      when: '[1,"x",false,null]',
    });
    // An inherited key, which JSON leaves out, is no reason to refuse the text.
    const inherited = Object.assign(Object.create({ hidden: [1] }) as object, { a: 1 });
    expect(itemOf({ name: inherited })).toEqual({ ...BLANK, name: '{"a":1}' });
    const lines: string[] = [];
    expect(
      make({ id: 'x', name: { a: 1, deep: nested(32) }, when: [1, nested(32)] }, (line) =>
        lines.push(line),
      ),
    ).toEqual([BLANK]);
    expect(lines).toEqual(['A value nested too deep to show was left blank. (2 times)']);
    expect(itemOf({ name: { a: 1, deep: nested(31) } })).toEqual({
      ...BLANK,
      name: JSON.stringify({ a: 1, deep: nested(31) }),
    });
  });

  it('a list field: each value of its type, blanks left out; one value is a list of one', () => {
    expect(itemOf({ scores: ['1', '', 2, null, 'x'], tags: ['buyer', 7, null, true] })).toEqual({
      ...BLANK,
      scores: [1, 2],
      tags: ['buyer', '7', 'true'],
    });
    expect(itemOf({ scores: '4', tags: 'buyer' })).toEqual({
      ...BLANK,
      scores: [4],
      tags: ['buyer'],
    });
    expect(itemOf({ scores: null, tags: null })).toEqual(BLANK);
  });

  it('a list of records: exactly the child keys, each of its type; what is no record is left out', () => {
    expect(
      itemOf({
        items: [{ count: '1', label: 'a', extra: true }, { count: 2 }, 'x', null, [{ count: 3 }]],
      }),
    ).toEqual({
      ...BLANK,
      items: [
        { count: 1, label: 'a' },
        { count: 2, label: null },
      ],
    });
    expect(itemOf({ items: 'not a list' })).toEqual(BLANK);
    expect(itemOf({ items: { count: 1 } })).toEqual(BLANK);
  });

  it('the payload given is not changed', () => {
    const payload = { id: 'x', amount: '4', tags: 'buyer', other: 1 };
    make(payload);
    expect(payload).toEqual({ id: 'x', amount: '4', tags: 'buyer', other: 1 });
  });

  it('the id is always text: the own id when non-blank text or a safe integer, else derived', () => {
    expect(make({ id: 'abc' })[0]?.id).toBe('abc');
    expect(make({ id: 42 })[0]?.id).toBe('42');
    for (const id of ['', '  ', 2 ** 53, 1.5, null, {}, ['a']]) {
      expect(make({ id, name: 'n' })[0]?.id).toBe(derivedId({ id, name: 'n' }));
    }
  });

  it('custom_fields only where the sample payload has additional_field: always an object', () => {
    const withCustom = itemMaker({
      outputFields: [{ key: 'name' }],
      payload: { name: '', additional_field: '' },
    });
    expect(withCustom({ id: 'x', name: 'n', additional_field: '{"Beds":3}' })).toEqual([
      { id: 'x', name: 'n', custom_fields: { Beds: 3 } },
    ]);
    expect(withCustom({ id: 'x' })).toEqual([{ id: 'x', name: null, custom_fields: {} }]);
    expect(withCustom({ id: 'x', additional_field: '{"Beds":' })).toEqual([
      { id: 'x', name: null, custom_fields: {} },
    ]);
    expect(
      itemMaker({ outputFields: [{ key: 'name' }], payload: { name: '' } })({
        id: 'x',
        additional_field: '{"Beds":3}',
      }),
    ).toEqual([{ id: 'x', name: null }]);
  });
});

describe("the hook triggers' items", () => {
  const eventOf = (action: ActionValue): HookEvent => rowOf({ HOOK_EVENTS }, action);
  /** The items of `action` for `payload`, and the lines they logged. */
  const itemsOf = (
    action: ActionValue,
    payload: Record<string, unknown>,
  ): { items: Item[]; lines: string[] } => {
    const lines: string[] = [];
    const items = itemMaker(eventOf(action))(payload, (line) => lines.push(line));
    return { items, lines };
  };

  it("a bulk delete_contact: one item per contact, in the single delete's shape, names with commas kept", () => {
    const payload = {
      num: 3,
      contacts:
        `${JANE_STRING},[6512e4c1a9b3f2001e7d4a11,John, Jr.,Smith,john@x.com,+2],` +
        '[6512e4c1a9b3f2001e7d4a12,Ann',
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    const { items, lines } = itemsOf('delete_contact', payload);
    expect(items).toEqual([
      { ...BLANK_CONTACT_ITEM, ...JANE },
      {
        ...BLANK_CONTACT_ITEM,
        id: '6512e4c1a9b3f2001e7d4a11',
        first_name: 'John, Jr.',
        last_name: 'Smith',
        email: 'john@x.com',
        cell_phone: '+2',
      },
      {
        ...BLANK_CONTACT_ITEM,
        id: '6512e4c1a9b3f2001e7d4a12',
        first_name: 'Ann',
        last_name: '',
        email: '',
        cell_phone: '',
      },
    ]);
    // The single delete's keys exactly: no num, no removed_date.
    const single = itemsOf('delete_contact', eventOf('delete_contact').payload).items[0];
    for (const item of items)
      expect(Object.keys(item).sort()).toEqual(Object.keys(single ?? {}).sort());
    expect(lines).toEqual([NOT_A_CONTACT('contacts')]);
  });

  const DUE = 'Fri Mar 20 2026 17:00:00 GMT+0000 (Coordinated Universal Time)';
  const CREATED = 'Sun Mar 15 2026 11:05:47 GMT+0000 (Coordinated Universal Time)';
  const TASK_BLANK = {
    type: null,
    content: null,
    due_date: null,
    set_recurrence: null,
    recurrence_mode: null,
    contacts: [],
    contact: null,
    create_at: null,
  };

  it('delete_task: one item per task, each with its own part of removed_task', () => {
    const call = `[call,Call Jane, then e-mail her,${JANE_STRING},${DUE},true,WEEK,${CREATED}`;
    const email = `[email,Send the guide,${OMAR_STRING},${DUE},false,undefined,${CREATED}`;
    const payload = {
      num: '2',
      removed_task: `${call},${email}`,
      removed_date: '2026-03-19T09:02:44.873Z',
    };
    const { items, lines } = itemsOf('delete_task', payload);
    const [first, second] = items;
    expect(items).toEqual([
      {
        id: first?.id,
        type: 'call',
        content: 'Call Jane, then e-mail her',
        due_date: '2026-03-20T17:00:00.000Z',
        set_recurrence: true,
        recurrence_mode: 'WEEK',
        contacts: [JANE],
        contact: JANE_STRING,
        create_at: '2026-03-15T11:05:47.000Z',
        num: 2,
        removed_task: call,
        removed_date: '2026-03-19T09:02:44.873Z',
      },
      {
        id: second?.id,
        type: 'email',
        content: 'Send the guide',
        due_date: '2026-03-20T17:00:00.000Z',
        set_recurrence: false,
        recurrence_mode: '',
        contacts: [OMAR],
        contact: OMAR_STRING,
        create_at: '2026-03-15T11:05:47.000Z',
        num: 2,
        removed_task: email,
        removed_date: '2026-03-19T09:02:44.873Z',
      },
    ]);
    expect(first?.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(second?.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(first?.id).not.toBe(second?.id);
    expect(lines).toEqual([]);
  });

  it('delete_task: an unreadable removed_task is one item, the raw text kept, the task fields null', () => {
    const payload = { num: 1, removed_task: 'n/a', removed_date: '2026-03-19T09:02:44.873Z' };
    expect(itemsOf('delete_task', payload)).toEqual({
      items: [{ id: derivedId(payload), ...TASK_BLANK, ...payload }],
      lines: [
        '"removed_task" was not in the service\'s task form: kept as sent, the task fields blank.',
      ],
    });
  });

  it.each(['constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'a task whose set_recurrence is %j has null there, and keeps every key',
    (setRecurrence) => {
      const payload = {
        id: '6601b4e2c2d4e50013b7ea07',
        type: 'call',
        set_recurrence: setRecurrence,
      };
      expect(itemsOf('create_task', payload)).toEqual({
        items: [{ ...TASK_BLANK, id: payload.id, type: 'call' }],
        lines: [],
      });
    },
  );

  it('a line logged for several records is said once, with how often', () => {
    const payload = { id: '6601a3f9c2d4e50013b7e9a1', contact: '[a,b],[c,d],[e,f]' };
    const { items, lines } = itemsOf('create_note', payload);
    expect(items[0]?.contacts).toEqual([
      { id: 'a', first_name: 'b', last_name: '', email: '', cell_phone: '' },
      { id: 'c', first_name: 'd', last_name: '', email: '', cell_phone: '' },
      { id: 'e', first_name: 'f', last_name: '', email: '', cell_phone: '' },
    ]);
    expect(lines).toEqual([`${NOT_A_CONTACT('contact')} (3 times)`]);
  });

  it('lines are counted per payload: the next payload starts afresh', () => {
    const make = itemMaker(eventOf('create_note'));
    const lines: string[] = [];
    make({ id: 'n1', contact: 'n/a' }, (line) => lines.push(line));
    make({ id: 'n2', contact: 'n/a' }, (line) => lines.push(line));
    expect(lines).toEqual([NOT_A_CONTACT('contact'), NOT_A_CONTACT('contact')]);
  });

  it('tasks without ids get distinct, stable ids', () => {
    const make = itemMaker(eventOf('delete_task'));
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

  it('a payload that lists nothing to split is one item', () => {
    expect(itemMaker({ outputFields: [] })(NOTE)).toEqual([{ id: NOTE.id }]);
    expect(itemMaker({ outputFields: [], expand: removedTasksOf })(NOTE)).toEqual([
      { id: NOTE.id },
    ]);
  });
});

describe('ids of values nested past any stack', () => {
  it('derives from the JSON of a value 100,000 levels deep', () => {
    expect(derivedId({ deep: nested(100_000) })).toBe(
      idOfJson(`{"deep":${'['.repeat(100_000)}"x"${']'.repeat(100_000)}}`),
    );
    let objects: unknown = 1;
    for (let level = 0; level < 100_000; level++) objects = { b: objects, a: level % 2 };
    const text = `${'{"a":1,"b":{"a":0,"b":'.repeat(50_000)}1${'}'.repeat(100_000)}`;
    expect(derivedId({ x: objects })).toBe(idOfJson(`{"x":${text}}`));
  });

  it('derivedId of a payload holding one is stable, and differs from a shallower one', () => {
    const id = derivedId({ deep: nested(100_000) });
    expect(id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(derivedId({ deep: nested(100_000) })).toBe(id);
    expect(derivedId({ deep: nested(99_999) })).not.toBe(id);
  });

  it('isEmptyPayload reads one too', () => {
    expect(isEmptyPayload({ deep: nested(100_000) })).toBe(false);
    let empty: unknown = '';
    for (let level = 0; level < 100_000; level++) empty = [empty];
    expect(isEmptyPayload({ deep: empty })).toBe(true);
  });
});

describe('one result: items in order, within the budget', () => {
  const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
  const SHAPE: ItemShape = { outputFields: [{ key: 'text' }] };
  const resultOf = resultMaker(SHAPE);
  /** A payload, and the item it gives: the declared `text`, then its id. */
  const payload = (id: string, text = 'x'.repeat(100)): Payload => ({ id, text });
  const ITEM_BYTES = bytesOf(payload('a'));
  /** The size of a result of `count` items like payload('a'): "[", the items, the commas, "]". */
  const resultBytes = (count: number): number => 2 + count * ITEM_BYTES + (count - 1);
  /** The items of `payloads` within `budget`, and the lines logged. */
  const run = (payloads: readonly Payload[], budget: number): [Item[], string[]] => {
    const lines: string[] = [];
    return [resultOf(payloads, (line) => lines.push(line), { budget }), lines];
  };
  const LEFT_OUT = (count: number, of: number, first: string, last: string): string =>
    `${count} of ${of} items were left out: with them the result would pass Zapier's 6 MiB ` +
    `limit, and no item would start the Zap. The first left out is ${first}, the last ${last}.`;

  it("is 5 MiB by default: under Zapier's 6 MiB, with room for core's envelope", () => {
    expect(RESULT_BUDGET_BYTES).toBe(5 * 1024 * 1024);
  });

  it('keeps every item that fits, in order, and logs nothing', () => {
    const payloads = ['a', 'b', 'c'].map((id) => payload(id));
    // The budget is exact: a result of just that many bytes is whole.
    expect(run(payloads, resultBytes(3))).toEqual([payloads, []]);
    expect(run([payload('a')], resultBytes(1))).toEqual([[payload('a')], []]);
    expect(run([], 10)).toEqual([[], []]);
  });

  it('leaves out the items past the budget, and logs one line with their count and first and last ids', () => {
    const payloads = ['a', 'b', 'c', 'd', 'e'].map((id) => payload(id));
    const [kept, lines] = run(payloads, resultBytes(4) - 1);
    expect(kept).toEqual(payloads.slice(0, 3));
    expect(bytesOf(kept)).toBe(resultBytes(3));
    expect(lines).toEqual([LEFT_OUT(2, 5, 'd', 'e')]);
  });

  it('names the last left out by its derived id when it has none: it is counted, not made', () => {
    const payloads = [payload('a'), payload('b'), { text: 'no id' }];
    expect(run(payloads, resultBytes(1))).toEqual([
      [payload('a')],
      [LEFT_OUT(2, 3, 'b', derivedId({ text: 'no id' }))],
    ]);
  });

  it('logs the lines of the records made into items only: those left out are counted, not made', () => {
    const bulk = resultMaker({ outputFields: [{ key: 'id' }], expand: bulkContactsOf });
    const lines: string[] = [];
    const kept = bulk([{ contacts: '[a1],[a2],[a3],[a4]' }], (line) => lines.push(line), {
      budget: bytesOf([{ id: 'a1' }]),
    });
    expect(kept).toEqual([{ id: 'a1' }]);
    // a2 is made, to be measured, before it is left out; a3 and a4 are not.
    expect(lines).toEqual([`${NOT_A_CONTACT('contacts')} (2 times)`, LEFT_OUT(3, 4, 'a2', 'a4')]);
  });

  it('at most `most` items, counted after the filters', () => {
    const payloads = ['a', 'b', 'c', 'd'].map((id) => payload(id));
    const keep = (item: Item): boolean => item.id !== 'a';
    expect(resultOf(payloads, ignore, { most: 2 })).toEqual(payloads.slice(0, 2));
    expect(resultOf(payloads, ignore, { keep, most: 2 })).toEqual(payloads.slice(1, 3));
    expect(resultOf(payloads, ignore, { keep })).toEqual(payloads.slice(1));
  });

  it('counts only the items that pass the filters among those left out', () => {
    const payloads = ['a', 'b', 'c', 'd', 'e'].map((id) => payload(id));
    const keep = (item: Item): boolean => item.id !== 'e';
    const lines: string[] = [];
    expect(
      resultOf(payloads, (line) => lines.push(line), { keep, budget: resultBytes(2) }),
    ).toEqual(payloads.slice(0, 2));
    expect(lines).toEqual([LEFT_OUT(2, 4, 'c', 'd')]);
  });

  it('cuts the first item if too large alone, and leaves out what then passes the budget', () => {
    const big = { id: 'big', text: 'x'.repeat(1000) };
    const [kept, lines] = run([big, payload('next')], 300);
    // 1000 characters, then 500 and "…", then 250 and "…": 272 bytes of JSON, 274 as a result.
    expect(kept).toEqual([{ id: 'big', text: `${'x'.repeat(250)}…` }]);
    expect(bytesOf(kept)).toBeLessThanOrEqual(300);
    expect(lines).toEqual([
      'Item big was larger than Zapier takes: "text" cut short.',
      LEFT_OUT(1, 2, 'next', 'next'),
    ]);
    expect(big.text).toBe('x'.repeat(1000));
  });

  it('an item cut to fit is kept, its brackets counted too, whatever size the cut lands on', () => {
    for (let budget = 20; budget <= 400; budget++) {
      const [kept] = run([{ id: 'big', text: 'x'.repeat(1000) }], budget);
      // Below about 40 bytes only the id is left, which is never cut.
      if (budget >= 40) expect({ budget, kept: kept.length }).toEqual({ budget, kept: 1 });
      expect(bytesOf(kept)).toBeLessThanOrEqual(budget);
    }
  });

  it("logs each payload's lines first, then what was cut or left out", () => {
    const lines: string[] = [];
    const notes = resultMaker({ outputFields: [{ key: 'contacts[]id' }, { key: 'text' }] });
    notes(
      [
        { id: 'n1', contact: 'n/a', text: 'x'.repeat(400) },
        { id: 'n2', contact: 'n/a' },
      ],
      (line) => lines.push(line),
      { budget: 300 },
    );
    // n2 is made, to be measured, before it is left out: its line is logged too.
    expect(lines).toEqual([
      NOT_A_CONTACT('contact'),
      NOT_A_CONTACT('contact'),
      'Item n1 was larger than Zapier takes: "text" cut short.',
      LEFT_OUT(1, 2, 'n2', 'n2'),
    ]);
  });
});

describe('fitItem: an item too large alone', () => {
  const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
  /** What `budget` keeps of one item, and the lines it logs. */
  const fitted = (item: Record<string, unknown>, budget: number): [unknown, string[]] => {
    const lines: string[] = [];
    return [fitItem(item, (line) => lines.push(line), budget), lines];
  };
  const CUT_SHORT = (id: string, keys: string): string =>
    `Item ${id} was larger than Zapier takes: ${keys} cut short.`;

  it('is 5 MiB by default, and returns an item that fits as it is, logging nothing', () => {
    const item = { id: 'a', text: 'x'.repeat(RESULT_BUDGET_BYTES - 20) };
    expect(bytesOf(item)).toBe(RESULT_BUDGET_BYTES);
    const lines: string[] = [];
    expect(fitItem(item, (line) => lines.push(line))).toBe(item);
    expect(lines).toEqual([]);
    // One byte more: the text, 5,242,861 characters, is cut to its first 2,621,430 and "…".
    const over = { ...item, text: `${item.text}x` };
    const { id, text } = fitItem(over, (line) => lines.push(line));
    expect({ id, length: text.length, end: text.slice(-2) }).toEqual({
      id: 'a',
      length: 2_621_431,
      end: 'x…',
    });
    expect(lines).toEqual([CUT_SHORT('a', '"text"')]);
  });

  it('cuts no further than the budget: a cut that lands on it exactly is the last', () => {
    const big = { id: 'big', content: 'x'.repeat(1000) };
    const once = { id: 'big', content: `${'x'.repeat(500)}…` };
    expect(fitted(big, bytesOf(once))).toEqual([once, [CUT_SHORT('big', '"content"')]]);
    expect(fitted(big, bytesOf(big))).toEqual([big, []]);
  });

  it('cuts the largest value first, the first of equals, and names every key it cut', () => {
    const big = { id: 'big', a: 'a'.repeat(400), b: 'b'.repeat(400), c: 'c'.repeat(10) };
    const cut = { ...big, a: `${'a'.repeat(200)}…`, b: `${'b'.repeat(200)}…` };
    expect(fitted(big, bytesOf(cut))).toEqual([cut, [CUT_SHORT('big', '"a", "b"')]]);
  });

  it('never cuts the id: an item whose id alone passes the budget is as small as it gets', () => {
    const id = 'i'.repeat(300);
    // 100 characters, then 50, 25, 12, 6, 3 and 2 with "…", then "x…", which cannot be cut.
    expect(fitted({ id, content: 'x'.repeat(100) }, 200)).toEqual([
      { id, content: 'x…' },
      [CUT_SHORT(id, '"content"')],
    ]);
  });

  it('cuts text of three characters when that makes it smaller: "中文字" is "中…"', () => {
    const cut = { id: 'a', t: '中…' };
    expect(fitted({ id: 'a', t: '中文字' }, bytesOf(cut))).toEqual([cut, [CUT_SHORT('a', '"t"')]]);
  });

  it('an empty list, a number, null, an empty object or short text is not cut, and nothing is logged', () => {
    const one = { id: 'a', list: [], n: 123456789, t: 'ab', custom_fields: {}, blank: null };
    expect(fitted(one, 20)).toEqual([one, []]);
  });

  it('names an item without an id as "An item"', () => {
    expect(fitted({ text: 'x'.repeat(100) }, 40)).toEqual([
      { text: `${'x'.repeat(25)}…` },
      ['An item was larger than Zapier takes: "text" cut short.'],
    ]);
  });

  it('an object of small values loses its last keys, as a list its last items', () => {
    // An object is cut by its keys even with a "length" (a custom field may be named so).
    const custom = Object.fromEntries(Array.from({ length: 40 }, (_, n) => [`f${n}`, n]));
    const big = { id: 'big', custom_fields: { ...custom, length: 3 } };
    const half = Object.fromEntries(Object.entries(big.custom_fields).slice(0, 20));
    expect(fitted(big, bytesOf({ id: 'big', custom_fields: half }))).toEqual([
      { id: 'big', custom_fields: half },
      [CUT_SHORT('big', '"custom_fields"')],
    ]);
    const list = { id: 'big', contacts: Array.from({ length: 40 }, (_, n) => ({ n })) };
    expect(fitted(list, 200)).toEqual([
      { id: 'big', contacts: list.contacts.slice(0, 20) },
      [CUT_SHORT('big', '"contacts"')],
    ]);
  });

  it('cuts inside a value where a part is large: a custom field, a contact', () => {
    // JSON.parse makes "__proto__" an own key, as a delivery's custom field named so is.
    const custom = JSON.parse(
      `{"notes":"${'n'.repeat(1000)}","score":7,"__proto__":"${'p'.repeat(1000)}"}`,
    ) as Record<string, unknown>;
    const big = {
      id: 'c1',
      custom_fields: custom,
      contacts: [{ id: 'x', first_name: 'f'.repeat(400) }],
    };
    // The largest value, then the largest of its parts, halved in turn until the item fits.
    const cutCustom = JSON.parse(
      `{"notes":"${'n'.repeat(125)}…","score":7,"__proto__":"${'p'.repeat(250)}…"}`,
    ) as Record<string, unknown>;
    const cut = {
      id: 'c1',
      custom_fields: cutCustom,
      contacts: [{ id: 'x', first_name: `${'f'.repeat(200)}…` }],
    };
    const [kept, lines] = fitted(big, 814);
    expect(bytesOf(kept)).toBe(689);
    expect(kept).toEqual(cut);
    expect(lines).toEqual([
      CUT_SHORT('c1', '"custom_fields.notes", "custom_fields.__proto__", "contacts.0.first_name"'),
    ]);
    // A key named "__proto__" stays an own key, copied as it is.
    expect(Object.keys((kept as typeof big).custom_fields)).toEqual([
      'notes',
      'score',
      '__proto__',
    ]);
    expect(custom.notes).toHaveLength(1000);
  });

  it('halves an object of small values key by key: a key "__proto__" stays its own', () => {
    const custom = JSON.parse('{"a":1,"__proto__":2,"b":3,"c":4}') as Record<string, unknown>;
    const half = JSON.parse('{"a":1,"__proto__":2}') as Record<string, unknown>;
    const [kept] = fitted(
      { id: 'x', custom_fields: custom },
      bytesOf({ id: 'x', custom_fields: half }),
    );
    const { custom_fields: cut } = kept as { custom_fields: Record<string, unknown> };
    expect(Object.keys(cut)).toEqual(['a', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(cut, '__proto__')).toEqual({
      value: 2,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.getPrototypeOf(cut)).toBe(Object.prototype);
  });

  it('cuts inside one entry of a list, keeping the others as they are', () => {
    const small = { id: 's', first_name: 'Ann' };
    const big = { id: 'list', contacts: [small, { id: 'b', first_name: 'f'.repeat(400) }, small] };
    const cut = {
      ...big,
      contacts: [small, { id: 'b', first_name: `${'f'.repeat(200)}…` }, small],
    };
    expect(fitted(big, bytesOf(cut))).toEqual([
      cut,
      [CUT_SHORT('list', '"contacts.1.first_name"')],
    ]);
  });

  it("never cuts an item's id, e-mail address or names, however large", () => {
    const identity = {
      id: 'i1',
      email: 'e'.repeat(300),
      first_name: 'f'.repeat(300),
      last_name: 'l'.repeat(300),
    };
    const big = { ...identity, city: 'c'.repeat(2000) };
    const [kept, lines] = fitted(big, 1400);
    expect(kept).toEqual({ ...identity, city: expect.stringMatching(/^c+…$/) as string });
    expect(bytesOf(kept)).toBeLessThanOrEqual(1400);
    expect(lines).toEqual([CUT_SHORT('i1', '"city"')]);
    expect(fitted(big, 800)).toEqual([{ ...identity, city: 'c…' }, [CUT_SHORT('i1', '"city"')]]);
  });
});
