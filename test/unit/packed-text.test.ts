// The grammar of the lists the service writes into one text field: groups, contacts, materials,
// deleted tasks, an automation's deals and a contact's label, read through src/triggers/packed-text.ts.
import {
  contactOf,
  dealsOf,
  groupsOf,
  labelOf,
  materialOf,
  removedTasksOf,
  additionalFieldOf,
} from '../../src/triggers/packed-text';

const ID = '6512e4c1a9b3f2001e7d4a10';
const OTHER = '6512e4c1a9b3f2001e7d4a2b';

describe('groupsOf', () => {
  it.each([
    ['blank text', '  ', []],
    ['an empty group', '[]', []],
    ['blank space around the list', ' [a,b] ', ['a,b']],
    ['groups apart by a space only', '[a,b] [c,d]', ['a,b', 'c,d']],
    ['a last group never closed', '[a,b],[c', ['a,b', 'c']],
    ['a blank group between two', '[a],[ ],[b]', ['a', 'b']],
    ['a blank group at the end', '[a],[ ]', ['a']],
  ])('%s', (_, text, groups) => {
    expect([...groupsOf(text)]).toEqual(groups);
  });
});

describe('contactOf', () => {
  const contact = (id: string, first: string, last: string, email: string, cell_phone: string) => ({
    id,
    first_name: first,
    last_name: last,
    email,
    cell_phone,
  });

  it.each([
    [
      'parts are trimmed',
      ` ${ID} , Jane ,Cooper, jane@example.com , +14155550123 `,
      contact(ID, 'Jane', 'Cooper', 'jane@example.com', '+14155550123'),
      false,
    ],
    [
      'a value written as undefined or null is blank',
      `${ID},Jane,undefined,null,undefined`,
      contact(ID, 'Jane', '', '', ''),
      false,
    ],
    [
      'a phone may hold commas: the address places it',
      `${ID},Jane,Cooper,jane@example.com,555-0100,ext 12`,
      contact(ID, 'Jane', 'Cooper', 'jane@example.com', '555-0100,ext 12'),
      false,
    ],
    [
      'with no address, the last two parts are the address and the phone',
      `${ID},Jane,Cooper,,+14155550123`,
      contact(ID, 'Jane', 'Cooper', '', '+14155550123'),
      false,
    ],
    [
      'a part missing is logged',
      `${ID},Jane,Cooper,jane@example.com`,
      contact(ID, 'Jane', 'Cooper', 'jane@example.com', ''),
      true,
    ],
    [
      'a last name stored with a leading space stays the last name',
      `${ID},Jane, Cooper,jane@example.com,+14155550123`,
      contact(ID, 'Jane', 'Cooper', 'jane@example.com', '+14155550123'),
      false,
    ],
    [
      'a last name with a comma: of more than two parts, one after ", " continues a name',
      `${ID},Jane,Cooper, Jr.,jane@example.com,+14155550123`,
      contact(ID, 'Jane', 'Cooper, Jr.', 'jane@example.com', '+14155550123'),
      false,
    ],
    [
      'a first name with a leading space, and a last name with a comma',
      `${ID}, Jane,Cooper, Jr.,jane@example.com,+14155550123`,
      contact(ID, 'Jane', 'Cooper, Jr.', 'jane@example.com', '+14155550123'),
      false,
    ],
    [
      'a last name with a space and a comma',
      `${ID},Mary,Van Dyke, Jr.,mary@example.com,+14155550123`,
      contact(ID, 'Mary', 'Van Dyke, Jr.', 'mary@example.com', '+14155550123'),
      false,
    ],
    [
      'of more than two parts, one after a comma with no space joins the last name as written',
      `${ID},Jane,Smith,Jones,jane@example.com,+14155550123`,
      contact(ID, 'Jane', 'Smith,Jones', 'jane@example.com', '+14155550123'),
      false,
    ],
    [
      'names with brackets',
      `${ID},Jane [VIP],[Buyer] Cooper,jane@example.com,+14155550123`,
      contact(ID, 'Jane [VIP]', '[Buyer] Cooper', 'jane@example.com', '+14155550123'),
      false,
    ],
    [
      'an id that is no ObjectId is logged',
      '42,Jane,Cooper,jane@example.com,+14155550123',
      contact('42', 'Jane', 'Cooper', 'jane@example.com', '+14155550123'),
      true,
    ],
  ])('%s', (_, group, expected, logged) => {
    const log = jest.fn();
    expect(contactOf(group, log, 'contacts')).toEqual(expected);
    expect(log.mock.calls).toEqual(logged ? [[expect.stringContaining('in "contacts"')]] : []);
  });
});

describe('materialOf', () => {
  it.each([
    [
      'parts are trimmed; the title may hold commas',
      ` ${ID} , VIDEO , Tour, part 1 `,
      { id: ID, type: 'VIDEO', title: 'Tour, part 1' },
      false,
    ],
    [
      'an id that is no ObjectId is logged',
      'x,VIDEO,Tour',
      { id: 'x', type: 'VIDEO', title: 'Tour' },
      true,
    ],
    ['a blank type is logged', `${ID},,Tour`, { id: ID, type: '', title: 'Tour' }, true],
    ['no title is logged', `${OTHER},PDF`, { id: OTHER, type: 'PDF', title: '' }, true],
    [
      'an id written as undefined is blank',
      'undefined,VIDEO,Tour',
      { id: '', type: 'VIDEO', title: 'Tour' },
      true,
    ],
    ['a lone word is the id', 'Tour', { id: 'Tour', type: '', title: '' }, true],
  ])('%s', (_, group, expected, logged) => {
    const log = jest.fn();
    expect(materialOf(group, log, 'materials')).toEqual(expected);
    expect(log.mock.calls).toEqual(logged ? [[expect.stringContaining('in "materials"')]] : []);
  });
});

describe('removedTasksOf', () => {
  const CONTACT = `[${ID},Jane,Cooper,jane@example.com,+14155550123]`;
  const DUE = 'Fri Mar 20 2026 17:00:00 GMT+0000';
  const CREATED = 'Sun Mar 15 2026 11:05:47 GMT+0000';
  const task = (head: string, tail = `,${DUE},true,WEEK,${CREATED}`) => `${head},${CONTACT}${tail}`;

  it('reads each task: content with commas, blank values, and the text it was written as', () => {
    const first = task('[call, Call, then write ');
    const second = task('[visit,Visit', `,undefined,false,null,${CREATED}`);
    expect(removedTasksOf(`${first},${second}`)).toEqual([
      {
        type: 'call',
        content: 'Call, then write',
        contact: CONTACT,
        due_date: '2026-03-20T17:00:00.000Z',
        set_recurrence: 'true',
        recurrence_mode: 'WEEK',
        create_at: '2026-03-15T11:05:47.000Z',
        removed_task: first,
      },
      {
        type: 'visit',
        content: 'Visit',
        contact: CONTACT,
        due_date: null,
        set_recurrence: 'false',
        recurrence_mode: '',
        create_at: '2026-03-15T11:05:47.000Z',
        removed_task: second,
      },
    ]);
  });

  it('reads three tasks on a contact whose name holds brackets and a content with ",["', () => {
    const vip = `[${ID},Jane [VIP],Cooper],jane@example.com,+14155550123]`;
    const one = (content: string) => `[call,${content},${vip},${DUE},false,undefined,${CREATED}`;
    const text = [one('Call [re: offer],[x]'), one('Write'), one('Visit, then call')].join(',');
    expect(removedTasksOf(text)?.map((read) => [read.content, read.contact])).toEqual([
      ['Call [re: offer],[x]', vip],
      ['Write', vip],
      ['Visit, then call', vip],
    ]);
  });

  it.each([
    ['no opening bracket', task('call,Visit'), 'call'],
    ['no opening bracket and no type', task(',Visit'), ''],
  ])('a task with %s is still read', (_, text, type) => {
    expect(removedTasksOf(text)?.map((read) => [read.type, read.content])).toEqual([
      [type, 'Visit'],
    ]);
  });

  it.each([
    ['empty text', ''],
    ['no content before the contact', task('[call')],
    ['no contact', `,Visit],${DUE},true,WEEK,${CREATED}`],
    ['text right after the contact', task('[call,Visit', `x,${DUE},true,WEEK,${CREATED}`)],
    ['a field missing', task('[call,Visit', `,${DUE},true,WEEK`)],
    ['a field too many', task('[call,Visit', `,${DUE},true,WEEK,${CREATED},more`)],
    ['a good task, then one in another form', `${task('[call,Visit')},[odd`],
  ])('text with %s is not in the form', (_, text) => {
    expect(removedTasksOf(text)).toBeUndefined();
  });
});

describe('dealsOf', () => {
  const DEAL = '65f2b7d04c1e8a0012ab3c01';
  const OTHER_DEAL = '65f2b7d04c1e8a0012ab3c02';
  const jane = `[${ID},Jane,Cooper,jane@example.com,+14155550123]`;
  const omar = `[${OTHER},Omar,Haddad,omar@example.net,+13125550187]`;
  const read = (text: string) => {
    const lines: string[] = [];
    return { deals: [...dealsOf(text, (line) => lines.push(line))], lines };
  };

  it.each([
    [
      'one deal and its contact',
      `[${DEAL},Market St purchase,${jane}]`,
      [[DEAL, 'Market St purchase']],
    ],
    [
      'two deals, a title with commas and brackets, two contacts',
      `[${DEAL},Cooper, Jr. [2026] purchase,${jane},${omar}],[${OTHER_DEAL},Lease,${omar}]`,
      [
        [DEAL, 'Cooper, Jr. [2026] purchase'],
        [OTHER_DEAL, 'Lease'],
      ],
    ],
    [
      'a deal with no contact',
      `[${DEAL},Market St,][${OTHER_DEAL},Lease,]`,
      [
        [DEAL, 'Market St'],
        [OTHER_DEAL, 'Lease'],
      ],
    ],
    ['a title with padding', `[${DEAL},  Market St  ,${jane}]`, [[DEAL, 'Market St']]],
    ['a title with a comma and no space', `[${DEAL},Smith,Jones,${jane}]`, [[DEAL, 'Smith,Jones']]],
    ['no deal', '', []],
    ['text in no form', 'Market St', []],
  ])('%s', (_, text, deals) => {
    const { deals: got, lines } = read(text);
    expect(got.map(({ id, title }) => [id, title])).toEqual(deals);
    expect(lines).toEqual([]);
  });

  it('keeps a deal never closed, with what could be read, and logs it', () => {
    expect(read(`[${DEAL},Market St,${jane}`)).toEqual({
      deals: [{ id: DEAL, title: 'Market St' }],
      lines: [
        'A deal in "deal" was not in the form [id,title,contacts]: kept, with what could be read.',
      ],
    });
    expect(read(`[${DEAL},Market St, `).deals).toEqual([{ id: DEAL, title: 'Market St' }]);
  });

  it('a title holding "]," ends its deal early, and the deals after it are still read', () => {
    const { deals } = read(`[${DEAL},Lot 5], East,${jane}],[${OTHER_DEAL},Lease,${omar}]`);
    expect(deals[0]).toEqual({ id: DEAL, title: 'Lot 5' });
    expect(deals.at(-1)).toEqual({ id: OTHER_DEAL, title: 'Lease' });
  });
});

describe('labelOf', () => {
  it.each([
    ['name: Hot Lead,color: #ef5350', 'Hot Lead', '#ef5350'],
    [' name: Buyer, Seller ,color:  #43a047 ', 'Buyer, Seller', '#43a047'],
    ['name: A,color: B,color: #fff', 'A,color: B', '#fff'],
    ['VIP', 'VIP', null],
    ['First name: Jane', 'First name: Jane', null],
    // No color part: the whole label is the name, and none of it the color.
    ['Very Important Person', 'Very Important Person', null],
    ['name: ,color: ', null, null],
    ['', null, null],
  ])('%j is named %j, colored %j', (label, name, color) => {
    expect(labelOf(label)).toEqual({ name, color });
  });
});

describe('additionalFieldOf', () => {
  // As the service's source writes a contact's: JSON.stringify, then its first "{" made "[" and
  // its first "}" made "]".
  const asSourceWrites = (fields: object) =>
    JSON.stringify(fields).replace('{', '[').replace('}', ']');

  it.each([
    [{}],
    [{ Budget: '500000', 'Preferred Area': 'Downtown, East' }],
    [{ Note: 'a: "b", [c], {d}', Rooms: 3 }],
    [{ Tags: ['x', 'y'], Nested: { a: 1 }, After: 'z' }],
    [{ Only: 'x}y' }],
    [{ A: '}', B: ['x'] }],
  ])('reads %j as the source writes it, as JSON text and as an object', (fields) => {
    expect(additionalFieldOf(asSourceWrites(fields))).toEqual(fields);
    expect(additionalFieldOf(JSON.stringify(fields))).toEqual(fields);
    expect(additionalFieldOf(fields)).toEqual(fields);
  });

  it.each([[''], ['  ']])('reads %j as no custom fields', (text) => {
    expect(additionalFieldOf(text)).toEqual({});
  });

  // Each try parses the whole text, so only the last 20 "]" are tried: here the "}" made "]" is in
  // A's value, and each level of B's list puts one more "]" after it.
  const behindBrackets = (levels: number) => {
    let list: unknown = ['x'];
    for (let level = 1; level < levels; level++) list = [list];
    return { A: '}', B: list };
  };

  it('reads fields whose "}" made "]" is the 20th "]" from the end, and none past that', () => {
    expect(additionalFieldOf(asSourceWrites(behindBrackets(19)))).toEqual(behindBrackets(19));
    expect(additionalFieldOf(asSourceWrites(behindBrackets(20)))).toBeUndefined();
  });

  it.each([['[1]'], ['["a","b"]'], ['x'], ['x"a":"b"]'], [42], [null]])(
    'finds no custom fields in %j',
    (value) => {
      expect(additionalFieldOf(value)).toBeUndefined();
    },
  );
});
