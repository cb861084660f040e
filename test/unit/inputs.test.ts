// An action's inputs, read before any request: an email field read as a mail client reads it,
// and every refusal a halt that sent nothing.
import nock from 'nock';
import { emailAddressOf } from '../../src/lib/email';
import { quote } from '../../src/lib/text';
import { bundleWith, failureOf, HOST, run } from '../support/app';
import { methodOf } from '../support/live-zap-keys';

const EMAIL = 'jane.doe@example.com';

it.each([
  'Jane Doe <jane.doe@example.com>',
  '"Doe, Jane"<jane.doe@example.com>',
  '  Jane Doe < jane.doe@example.com >\n',
  'jane.doe@example.com <jane.doe@example.com>',
  'Doe, Jane <jane.doe@example.com>',
  '"jane@home.example, at home" <jane.doe@example.com>',
  'mailto: jane.doe@example.com',
  'MailTo:jane.doe@example.com?subject=Open%20house&body=Hi',
  'Jane Doe <mailto:jane.doe@example.com>',
  'jane.doe@example.com , ;',
  "'jane.doe@example.com'",
  '\u201Cjane.doe@example.com\u201D',
  '("jane.doe@example.com")',
  '<jane.doe@example.com',
  'jane.doe@example.com)',
  '(mailto:jane.doe@example.com)',
  'Jane Doe <jane.doe@example.com,>',
])('%j names %s', (value) => {
  expect(emailAddressOf(value.trim())).toEqual({ address: EMAIL });
});

it.each([
  ['bob.example.com', 'invalid'],
  ['bob @example.com', 'invalid'],
  ['jane@example', 'invalid'],
  ['Jane Doe <>', 'invalid'],
  ['a@@example.com', 'invalid'],
  ['mailto:?subject=Hi', 'invalid'],
  ['jane"doe@example.com', 'invalid'],
  ['[jane.doe@example.com]', 'invalid'],
  ['"jane.doe@example.com', 'invalid'],
  ['jane.doe@example.com,x', 'invalid'],
  ['a@example.com; b@example.com', 'list'],
  ['a@example.com, Bob <b@example.com>', 'list'],
  ['jane.doe@exam\tple.com', 'control'],
  ['jane.doe@example.com\u0085', 'control'],
])('%j is refused: %s', (value, problem) => {
  expect(emailAddressOf(value)).toEqual({ problem });
});

it('shows a value in a message cut short, never inside an emoji', () => {
  expect(quote(`${'a'.repeat(78)}😀b`)).toBe(`"${'a'.repeat(78)}…"`);
  expect(quote(`${'a'.repeat(77)}😀bc`)).toBe(`"${'a'.repeat(77)}😀…"`);
});

it('reads a 200 KB value built to make a pattern backtrack in linear time', () => {
  for (const value of [
    '"'.repeat(200_000),
    `${'a<'.repeat(100_000)}`,
    `${'a@'.repeat(100_000)}b`,
  ]) {
    expect(emailAddressOf(value)).toHaveProperty('problem');
  }
});

describe('a send', () => {
  const { path, inputData } = methodOf('send_video');
  const send = (values: Record<string, unknown>) =>
    run(path, bundleWith({ inputData: { ...inputData, ...values } }));

  it('drops the invisible characters a copy leaves, inside the address too, and sends the address', async () => {
    const seen = nock(HOST)
      .post('/api/send-video', (body: { email: string }) => body.email === EMAIL)
      .reply(200, { status: true });
    await expect(send({ email: '\uFEFF jane.\u200Bdoe@example.com\u2060' })).resolves.toMatchObject(
      { email: EMAIL },
    );
    expect(seen.isDone()).toBe(true);
  });

  // This record's email at fault halts; any other value is the Zap's mapping, an error.
  it.each([
    ['email', ' \u200B\u2060 \uFEFF', 'HaltedError'],
    ['email', 'Jane', 'HaltedError'],
    ['email', ['a@example.com', 'b@example.com'], 'HaltedError'],
    ['video_id', null, 'AppError invalid_input'],
    ['template_id', { id: 'x' }, 'AppError invalid_input'],
  ])('with %s %j is %s before any request', async (field, value, expected) => {
    // nock.disableNetConnect makes any request fail as a network error.
    const { name, code } = await failureOf(send({ [field]: value }));
    expect([name, code].filter(Boolean).join(' ')).toBe(expected);
  });
});

describe('an address at the edges', () => {
  it.each(['Jane Doe <jane.doe@example.com> ;,', '(jane.doe@example.com', 'jane.doe@example.com>'])(
    '%j names the address',
    (value) => {
      expect(emailAddressOf(value)).toEqual({ address: EMAIL });
    },
  );

  it('refuses a mailto: that does not start the value', () => {
    expect(emailAddressOf(`call mailto:${EMAIL}`)).toEqual({ problem: 'invalid' });
  });

  it('reads a value of 1,000 characters, and refuses one of 1,001', () => {
    /** A value of `length` characters: a quoted name padded out, then the address. */
    const named = (length: number) => {
      const tail = `" <${EMAIL}>`;
      return `"${'n'.repeat(length - tail.length - 1)}${tail}`;
    };
    expect(emailAddressOf(named(1_000))).toEqual({ address: EMAIL });
    expect(emailAddressOf(named(1_001))).toEqual({ problem: 'invalid' });
  });
});

describe('a send, its other inputs', () => {
  const { path, inputData } = methodOf('send_video');
  const sent = async (values: Record<string, unknown>) => {
    const bodies: unknown[] = [];
    nock(HOST)
      .post('/api/send-video', (body: unknown) => bodies.push(body) > 0)
      .reply(200, { status: true });
    await run(path, bundleWith({ inputData: { ...inputData, ...values } }));
    return bodies[0];
  };

  it.each([
    ['a number, as text', 12345, '12345'],
    ['an invisible character, which only an email loses', 'id\u200B', 'id\u200B'],
    ['1,000 characters', 'v'.repeat(1_000), 'v'.repeat(1_000)],
  ])('sends an id of %s', async (_, value, expected) => {
    expect(await sent({ video_id: value })).toMatchObject({ video_id: expected });
  });
});

describe('a contact, its lists and name–value pairs', () => {
  const sent = async (inputData: Record<string, unknown>) => {
    const bodies: Record<string, unknown>[] = [];
    nock(HOST)
      .post('/api/contact', (body: Record<string, unknown>) => bodies.push(body) > 0)
      .reply(200, { status: true, data: { _id: 'c1', tags: [null, 'a', 7] } });
    const result = await run(
      'creates.create_contact.operation.perform',
      bundleWith({ inputData: { email: EMAIL, ...inputData } }),
    );
    return { body: bodies[0], result };
  };

  it('sends tags of line items, numbers as text, and leaves out what is no tag', async () => {
    const { body, result } = await sent({ tags: [7, { tag: 'x' }, 'a, b', null] });
    expect(body).toMatchObject({ tags: ['7', 'a', 'b'] });
    // What CRMGrow stored, without the blanks a list can hold.
    expect(result).toMatchObject({ tags: ['a', '7'] });
  });

  it.each([
    ['blank tags', { tags: [' ', ','] }],
    ['no custom fields', { custom_fields: {} }],
    ['custom fields left blank', { custom_fields: '' }],
    ['custom fields with no names', { custom_fields: { ' ': 'x' } }],
    ['a blank value given as null', { source: null, custom_fields: null }],
  ])('sends no field for %s', async (_, inputData) => {
    const { body } = await sent(inputData);
    expect(body).toEqual({ email: EMAIL });
  });

  it('sends custom field values as text, a blank one as ""', async () => {
    const { body } = await sent({ custom_fields: { Budget: 500000, Notes: null, Beds: ' 3 ' } });
    expect(body).toMatchObject({ additional_field: { Budget: '500000', Notes: '', Beds: ' 3 ' } });
  });
});

describe('an address CRMGrow looks up by a pattern', () => {
  it.each(['a*b', 'a?b', '^ab', 'ab$', 'a{2}b', 'a|b'])(
    '%s@example.com halts a send, a note, a task and an automation before any request',
    async (local) => {
      const email = `${local}@example.com`;
      for (const key of ['send_video', 'add_note', 'creates.create_task', 'add_to_automation']) {
        const { path, inputData } = methodOf(key);
        const failure = await failureOf(
          run(path, bundleWith({ inputData: { ...inputData, email } })),
        );
        expect([key, failure.name]).toEqual([key, 'HaltedError']);
      }
    },
  );

  it('sends an address with + or . as it is, and Create Contact, which compares it whole, any of them', async () => {
    const { path, inputData } = methodOf('add_note');
    nock(HOST)
      .post('/api/note', { ...inputData, email: 'jane.doe+zap@example.com' })
      .reply(200, { status: true });
    await run(path, bundleWith({ inputData: { ...inputData, email: 'jane.doe+zap@example.com' } }));
    nock(HOST)
      .post('/api/contact', { email: 'a|b@example.com' })
      .reply(200, { status: true, data: { _id: 'c1' } });
    await expect(
      run(
        'creates.create_contact.operation.perform',
        bundleWith({ inputData: { email: 'a|b@example.com' } }),
      ),
    ).resolves.toMatchObject({ id: 'c1' });
  });
});

describe('a due date', () => {
  const sent = async (due_date: string) => {
    const bodies: Record<string, unknown>[] = [];
    const { path, inputData } = methodOf('creates.create_task');
    nock(HOST)
      .post('/api/followup', (body: Record<string, unknown>) => bodies.push(body) > 0)
      .reply(200, { status: true, data: { _id: 't1' } });
    await run(path, bundleWith({ inputData: { ...inputData, due_date } }));
    return bodies[0]?.due_date;
  };

  it.each([
    ['2026-12-05T10:00:00+0100', '2026-12-05T09:00:00.000Z'],
    ['2026-12-05T10:00:00-05:00', '2026-12-05T15:00:00.000Z'],
    ['2026-12-05 10:00Z', '2026-12-05T10:00:00.000Z'],
    ['2026-12-05', '2026-12-05T00:00:00.000Z'],
  ])('%s is sent as %s, the same instant', async (given, expected) => {
    expect(await sent(given)).toBe(expected);
  });

  it.each(['tomorrow 2026', '12/05/2026', '2026-13-45'])(
    '%j is no date: nothing is sent',
    async (given) => {
      const { path, inputData } = methodOf('creates.create_task');
      const failure = await failureOf(
        run(path, bundleWith({ inputData: { ...inputData, due_date: given } })),
      );
      expect([failure.name, failure.code]).toEqual(['AppError', 'invalid_input']);
    },
  );
});
