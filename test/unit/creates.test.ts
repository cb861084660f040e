// The actions: the material sends and add-note. Body keys and messages are
// written out here; paths, hosts, labels and each send's id field, its label,
// dropdown and blank-field message in test/support/expectations.ts, not read
// back from the code.
import nock from 'nock';
import type { Bundle, PlainInputField, ZObject } from 'zapier-platform-core';
import App from '../../src/index';
import { SENDS } from '../../src/creates/sends';
import {
  API_KEY,
  appTester,
  bundleWith,
  failureOf,
  unmatchedRequests,
  userMessage,
} from '../support/app';
import { CALLING, keysOf, sendKeys, SENDING, type CreateKey } from '../support/expectations';
import { rowOf } from '../support/rows';

const { creates } = App;

const TEMPLATE_ID = '64a3d5f8e2c14b7a9d0f6e28';
const EMAIL = 'jane.doe@example.com';

const SEND_KEYS = sendKeys();
type ActionKey = CreateKey;
const ACTION_KEYS: ActionKey[] = keysOf('create');

const BASE = 'https://api.crmgrow.com';
const ALT = 'https://alt-api.crmgrow.example';

type Perform = (z: ZObject, bundle: Bundle) => Promise<unknown>;

function performOf(key: ActionKey): Perform {
  const { perform } = creates[key].operation;
  if (typeof perform !== 'function') throw new Error(`${key} has no perform function`);
  return perform as Perform;
}

const inputFieldsOf = (key: ActionKey): PlainInputField[] =>
  (creates[key].operation.inputFields ?? []) as PlainInputField[];

/** Runs the action through the app tester, so core's output checks run too. */
const run = (key: ActionKey, inputData: Record<string, unknown>): Promise<unknown> =>
  appTester(performOf(key), bundleWith({ inputData }));

const post = (host: string, path: string, body: Record<string, string>): nock.Interceptor =>
  nock(host, {
    reqheaders: { authorization: API_KEY, 'content-type': 'application/json' },
  }).post(path, (sent: unknown) => {
    expect(sent).toEqual(body);
    return true;
  });

// Every request nock could not match: proof that a refused input sent nothing.
const unmatched = unmatchedRequests();

/** Runs `key` with `inputData`, expects it halted on its input, and checks that nothing was sent. */
async function refusedInput(key: ActionKey, inputData: Record<string, unknown>): Promise<string> {
  const error = await failureOf(run(key, inputData));
  expect(unmatched).toEqual([]);
  // The record's data is at fault: the run halts, and Zapier does not count it against the Zap.
  expect(error.name).toBe('HaltedError');
  // A complete message: core appends no "What happened" block to it.
  expect(error.doNotContextify).toBe(true);
  expect(error.message).toBe(userMessage(error));
  return userMessage(error);
}

/** Email fields as mail apps' "From" fields give them, and the address each names. */
const NAMED_EMAILS = [
  ['Jane Doe <jane.doe@example.com>', EMAIL],
  ['"Doe, Jane" <jane.doe@example.com>', EMAIL],
  ['"Doe, Jane"<jane.doe@example.com>', EMAIL],
  ['  Jane Doe < jane.doe@example.com >\n', EMAIL],
  ['<jane.doe@example.com>', EMAIL],
  ['jane.doe@example.com <jane.doe@example.com>', EMAIL],
  ['"jane@home.example" <jane.doe@example.com>', EMAIL],
  // A comma in a name is no list without an address in it; nor inside quotes with one.
  ['Doe, Jane <jane.doe@example.com>', EMAIL],
  ['"jane@home.example, at home" <jane.doe@example.com>', EMAIL],
  // 1,000 characters, the most read.
  [`"${'x'.repeat(1_000 - 25)}" <jane.doe@example.com>`, EMAIL],
  // Invisible characters a copy from a page or a chat leaves, inside and around: dropped.
  ['\u200Bjane.doe@example.com\u200B', EMAIL],
  ['jane.\u200Bdoe@exam\u200Dple.com', EMAIL],
  ['\uFEFF\u200E jane.doe@example.com\u2060\u00AD', EMAIL],
  ['Jane\u200C Doe <jane.doe\u202A@example.com>', EMAIL],
  // A mailto: link, as copied: the address alone.
  ['mailto:jane.doe@example.com', EMAIL],
  ['mailto: jane.doe@example.com', EMAIL],
  ['MailTo:jane.doe@example.com?subject=Open%20house&body=Hi', EMAIL],
  ['Jane Doe <mailto:jane.doe@example.com>', EMAIL],
  // Punctuation a copy from a spreadsheet cell or a "To:" line leaves around it: taken off.
  ['jane.doe@example.com,', EMAIL],
  ['jane.doe@example.com;', EMAIL],
  ['jane.doe@example.com , ;', EMAIL],
  ['"jane.doe@example.com"', EMAIL],
  ["'jane.doe@example.com'", EMAIL],
  ['"jane.doe@example.com",', EMAIL],
  ['\u201Cjane.doe@example.com\u201D', EMAIL],
  ['(jane.doe@example.com)', EMAIL],
  ['("jane.doe@example.com")', EMAIL],
  ['<jane.doe@example.com', EMAIL],
  ['(jane.doe@example.com', EMAIL],
  ['jane.doe@example.com>', EMAIL],
  ['jane.doe@example.com)', EMAIL],
  ['Jane Doe <jane.doe@example.com>;', EMAIL],
  ['(mailto:jane.doe@example.com)', EMAIL],
  ['"jane.doe@example.com;"', EMAIL],
  ['Jane Doe <jane.doe@example.com,>', EMAIL],
] as const;

/** Control characters in an address, and the value as the message shows it. */
const CONTROL_EMAILS = [
  ['jane.doe@example.com\u0000', 'jane.doe@example.com\\u0000'],
  ['jane.doe\u0007@example.com', 'jane.doe\\u0007@example.com'],
  ['\u001bjane.doe@example.com', '\\u001bjane.doe@example.com'],
  ['jane.doe@example.com\u007f', 'jane.doe@example.com\\u007f'],
  ['jane.doe@example.com\u0085', 'jane.doe@example.com\\u0085'],
  ['jane.doe@exam\tple.com', 'jane.doe@exam\\u0009ple.com'],
  ['jane\u0000doe@example.com\u0007', 'jane\\u0000doe@example.com\\u0007'],
] as const;

const controlInEmail = (shownValue: string, label: string): string =>
  `"${shownValue}" in "${label}" holds a control character (shown as \\u…), which no email ` +
  'address can hold: the text was probably copied or decoded wrongly. Map or type an address ' +
  'such as name@example.com.';

/** Several addresses in one field. */
const EMAIL_LISTS = [
  'jane.doe@example.com, bob@example.com',
  'jane.doe@example.com;bob@example.com',
  'jane.doe@example.com bob@example.com',
  'Jane Doe <jane.doe@example.com>, Bob <bob@example.com>',
  'jane.doe@example.com, Bob <bob@example.com>',
] as const;

const notAnEmail = (value: string, label: string): string =>
  `"${value}" in "${label}" is not an email address. Map or type an address such as ` +
  'name@example.com, or Jane Doe <name@example.com>.';

const severalEmails = (value: string, label: string): string =>
  `"${value}" in "${label}" holds more than one email address. Each step takes one ` +
  'address: map a single address, or use one step per address.';

/**
 * The error answers the service is seen to give (docs/service-api.md), and how
 * each is told: the error's name, its code (none for a halted run), and the
 * start of its message.
 */
const ERROR_ANSWERS = [
  [
    400,
    'Send error: not selected templete',
    'AppError',
    'template_not_found',
    'CRMGrow could not find the template "',
  ],
  [400, 'Invalid email address', 'HaltedError', undefined, 'CRMGrow refused the email address "'],
  [400, 'empty email address', 'HaltedError', undefined, 'CRMGrow refused the email address "'],
  [400, 'Send error', 'AppError', 'delivery_failed', 'CRMGrow could not deliver the email to "'],
  [
    400,
    'Account is Suspended',
    'AppError',
    'account_suspended',
    'Your CRMGrow account is suspended',
  ],
  [
    500,
    'internal_server_error',
    'AppError',
    'outcome_unknown',
    'CRMGrow had a server error on POST',
  ],
] as const;

/** What a write that got no clear answer adds to its message. */
const MAY_HAVE = (what: string): string =>
  `${what} may have gone through: check in CRMGrow before you run this step again. Zapier does ` +
  'not retry it by itself, so nothing is done twice.';

const without = (inputs: Record<string, unknown>, key: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(inputs).filter(([k]) => k !== key));

const keysAndTypes = (value: object): Record<string, string> =>
  Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v]));

const OUTPUT_TYPES: Record<string, string> = {
  string: 'string',
  datetime: 'string',
  boolean: 'boolean',
};

describe('actions', () => {
  it('the app has exactly the actions written out', () => {
    expect(Object.keys(creates)).toEqual(ACTION_KEYS);
    expect(Object.keys(SENDS).sort()).toEqual([...SEND_KEYS].sort());
  });

  describe.each(ACTION_KEYS)('%s (common)', (key) => {
    const action = creates[key];

    it('every field is required, labelled in Title Case, with help text that adds to the label', () => {
      for (const field of inputFieldsOf(key)) {
        expect(field.required).toBe(true);
        expect(field.label).toMatch(/^([A-Z][A-Za-z]*|PDF)( [A-Z][A-Za-z]*)*$/);
        expect(field.helpText?.length ?? 0).toBeGreaterThan((field.label ?? '').length + 20);
        expect(field.helpText?.toLowerCase()).not.toBe(field.label?.toLowerCase());
        // Nothing may stop a custom (mapped) value.
        expect(field).not.toHaveProperty('choices');
        expect(field).not.toHaveProperty('list');
      }
    });

    it('has a label, a description, and a sample whose keys and types match the labelled outputFields', () => {
      expect(action.display.label).toMatch(/^[A-Z]/);
      expect(action.display.description).toMatch(/\.$/);
      const { sample, outputFields } = action.operation;
      const fields = (outputFields ?? []) as { key: string; label?: string; type?: string }[];
      expect(sample).toBeDefined();
      expect(Object.keys(sample ?? {})).toEqual(fields.map((field) => field.key));
      for (const field of fields) {
        expect(field.label).toMatch(/^[A-Z]/);
        expect(typeof sample?.[field.key]).toBe(OUTPUT_TYPES[field.type ?? 'string']);
        if (field.type === 'datetime') {
          expect(sample?.[field.key]).toMatch(
            /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/,
          );
        }
      }
    });
  });

  describe.each(SEND_KEYS)('%s', (key) => {
    const facts = rowOf({ SENDING }, key);
    const expected = {
      idKey: facts.idKey,
      idValue: facts.idValue,
      materialLabel: facts.materialLabel,
      singular: facts.singular,
      whenBlank: facts.whenBlank,
      dynamic: facts.dynamic,
      label: facts.label,
      path: facts.call.path,
      host: facts.call.base === 'ALT_BASE_URL' ? 'alt' : 'base',
    };
    const { idKey, idValue } = expected;
    const inputs = { email: EMAIL, [idKey]: idValue, template_id: TEMPLATE_ID };
    const body = { email: EMAIL, [idKey]: idValue, template_id: TEMPLATE_ID };
    const output = {
      id: `${idValue}:${EMAIL}`,
      status: true,
      email: EMAIL,
      [idKey]: idValue,
      template_id: TEMPLATE_ID,
    };
    const send = (): nock.Interceptor => post(BASE, expected.path, body);

    it('has the email, material and template fields, the last two as dropdowns of the list triggers', () => {
      expect(creates[key].display.label).toBe(expected.label);
      const fields = inputFieldsOf(key);
      expect(
        fields.map(({ key: k, label, type, dynamic }) => ({ k, label, type, dynamic })),
      ).toEqual([
        { k: 'email', label: 'Recipient Email', type: 'string', dynamic: undefined },
        { k: idKey, label: expected.materialLabel, type: 'string', dynamic: expected.dynamic },
        { k: 'template_id', label: 'Template', type: 'string', dynamic: 'template.id.title' },
      ]);
      const { singular } = expected;
      expect(fields.map((field) => field.helpText)).toEqual([
        `The email address to send the ${singular} to. CRMGrow adds it as a contact if it is new.`,
        `The ${singular} to send, from your library.`,
        `The template to send the ${singular} with, from your library. ` +
          'Email and text (SMS) templates are told apart by their titles.',
      ]);
    });

    it(`POSTs exactly {email, ${idKey}, template_id} to ${expected.path} and returns what was sent to whom`, async () => {
      const scope = send().reply(200, { status: true });
      expect(await run(key, inputs)).toEqual(output);
      expect(scope.isDone()).toBe(true);
    });

    it('trims every input before sending', async () => {
      send().reply(200, { status: true });
      const padded = {
        email: `  ${EMAIL}\n`,
        [idKey]: ` ${idValue} `,
        template_id: `\t${TEMPLATE_ID} `,
      };
      expect(await run(key, padded)).toEqual(output);
    });

    it.each(NAMED_EMAILS)(
      'sends only the address of "%s", and returns the address used',
      async (email) => {
        const scope = send().reply(200, { status: true });
        expect(await run(key, { ...inputs, email })).toEqual(output);
        expect(scope.isDone()).toBe(true);
      },
    );

    it('returns the same keys and types as its sample', async () => {
      send().reply(200, { status: true });
      const result = (await run(key, inputs)) as object;
      expect(keysAndTypes(result)).toEqual(keysAndTypes(creates[key].operation.sample ?? {}));
    });

    it(`goes to ${expected.host === 'alt' ? 'ALT_BASE_URL' : 'BASE_URL'} when the two addresses differ`, async () => {
      process.env.BASE_URL = BASE;
      process.env.ALT_BASE_URL = ALT;
      const scope = post(expected.host === 'alt' ? ALT : BASE, expected.path, body).reply(200, {
        status: true,
      });
      expect(await run(key, inputs)).toEqual(output);
      expect(scope.isDone()).toBe(true);
    });

    it.each(ERROR_ANSWERS)(
      'fails on %i "%s" with the service\'s own words',
      async (status, text, name, code, start) => {
        send().reply(status, { status: false, error: text });
        const error = await failureOf(run(key, inputs));
        expect(error.name).toBe(name);
        expect(userMessage(error).startsWith(start)).toBe(true);
        expect(userMessage(error)).toContain(`"${text}"`);
        if (code) expect(JSON.parse(error.message)).toMatchObject({ code, status });
      },
    );

    it('a 500 names the endpoint', async () => {
      send().reply(500, { status: false, error: 'internal_server_error' });
      expect(userMessage(await failureOf(run(key, inputs)))).toContain(
        `CRMGrow had a server error on POST ${expected.path} (HTTP 500: "internal_server_error")`,
      );
    });

    describe('a server error when ids are not ids of the service', () => {
      const serverError = `CRMGrow had a server error on POST ${expected.path} (HTTP 500: "internal_server_error"). `;
      const fail = async (sent: Record<string, string>, status = 500): Promise<unknown> => {
        post(BASE, expected.path, { ...body, ...sent }).reply(status, {
          status: false,
          error: 'internal_server_error',
        });
        return JSON.parse((await failureOf(run(key, { ...inputs, ...sent }))).message);
      };

      it('names the one malformed id, with its value, and where to find a right one', async () => {
        expect(await fail({ [idKey]: 'Spring open house' })).toEqual({
          message:
            serverError +
            `CRMGrow could not use "Spring open house" in "${expected.materialLabel}": it is not an ID ` +
            'of CRMGrow, which are 24 characters of 0-9 and a-f (a title mapped by mistake, perhaps). ' +
            `Choose from the "${expected.materialLabel}" dropdown, or map the ID from a ` +
            `Find ${expected.materialLabel} search step.`,
          code: 'invalid_id',
          status: 500,
        });
      });

      it('names both when the material and the template ids are malformed', async () => {
        expect(
          await fail({ [idKey]: `${idValue.slice(0, 23)}z`, template_id: 'Welcome email' }),
        ).toEqual({
          message:
            serverError +
            `CRMGrow could not use "${idValue.slice(0, 23)}z" in "${expected.materialLabel}" or ` +
            '"Welcome email" in "Template": they are not IDs of CRMGrow, which are 24 characters ' +
            'of 0-9 and a-f (a title mapped by mistake, perhaps). ' +
            `Choose from the "${expected.materialLabel}" and "Template" dropdowns, or map the IDs ` +
            `from Find ${expected.materialLabel} and Find Template search steps.`,
          code: 'invalid_id',
          status: 500,
        });
      });

      it('cuts a long value short', async () => {
        const title = 'A'.repeat(100);
        expect(await fail({ template_id: title })).toMatchObject({
          message: expect.stringContaining(
            `could not use "${'A'.repeat(79)}…" in "Template": it is not`,
          ),
        });
      });

      it('names it on any 5xx, not on a refusal', async () => {
        expect(await fail({ template_id: '12345' }, 503)).toMatchObject({
          message: expect.stringContaining(
            '(HTTP 503: "internal_server_error"). CRMGrow could not use "12345" in "Template"',
          ),
          code: 'invalid_id',
        });
        expect(await fail({ template_id: '12345' }, 400)).toMatchObject({
          code: 'request_refused',
        });
      });

      it('says the email may have gone through when every id has the form of one (upper case too)', async () => {
        const upper = { [idKey]: idValue.toUpperCase(), template_id: TEMPLATE_ID };
        for (const sent of [{}, upper]) {
          expect(await fail(sent)).toEqual({
            message: serverError + MAY_HAVE('The email'),
            code: 'outcome_unknown',
            status: 500,
          });
        }
      });
    });

    it('is never a success when a 200 says "status": false', async () => {
      send().reply(200, { status: false, error: 'Quota reached' });
      const error = await failureOf(run(key, inputs));
      expect(JSON.parse(error.message)).toEqual({
        message:
          'CRMGrow answered that the request failed (CRMGrow said "Quota reached"). Nothing was ' +
          'reported as done; check the values this step sends and try again.',
        code: 'service_failure',
        status: 200,
      });
    });

    it('"status": "true" is a success too', async () => {
      send().reply(200, { status: 'true' });
      expect(await run(key, inputs)).toEqual(output);
    });

    it('a rejected key asks to reconnect', async () => {
      send().reply(401, { status: false, error: 'jwt malformed' });
      const error = await failureOf(run(key, inputs));
      expect(error.name).toBe('ExpiredAuthError');
    });

    // The contract: success of a send is a JSON body with status true; an answer that
    // says neither yes nor no may mean the email went, so it is never "try again".
    it.each([
      ['{}', {}, '{}'],
      ['"status": "ok"', { status: 'ok' }, '{"status":"ok"}'],
      ['"status": "TRUE"', { status: 'TRUE' }, '{"status":"TRUE"}'],
      ['"status": 1', { status: 1 }, '{"status":1}'],
      ['{"ok": true}', { ok: true }, '{"ok":true}'],
      ['[]', [], '[]'],
      ['an empty body', '', 'an empty body'],
      ['an HTML page', '<html><body>CRMGrow</body></html>', '<html><body>CRMGrow</body></html>'],
    ])(
      'a 200 of %s is not a confirmed send: it may have gone through',
      async (_name, answer, shown) => {
        send().reply(200, answer as nock.Body);
        const error = await failureOf(run(key, inputs));
        expect(JSON.parse(error.message)).toEqual({
          message:
            `CRMGrow answered POST ${expected.path} without confirming it (no "status": true; ` +
            `its answer: ${shown}), so this step does not report it as done. ${MAY_HAVE('The email')}`,
          code: 'unconfirmed',
          status: 200,
        });
      },
    );

    describe('refuses bad input before any request', () => {
      const required = (label: string, fix: string): string =>
        `The "${label}" field is required. ${fix}`;
      const FIELDS = [
        ['email', 'Recipient Email', 'Map an email address from an earlier step or type one.'],
        [idKey, expected.materialLabel, expected.whenBlank],
        [
          'template_id',
          'Template',
          'Choose a template, or map the ID of a template from an earlier step.',
        ],
      ] as const;

      it.each(FIELDS)('missing %s', async (field, label, fix) => {
        expect(await refusedInput(key, without(inputs, field))).toBe(required(label, fix));
      });

      it.each(FIELDS)('blank %s', async (field, label, fix) => {
        expect(await refusedInput(key, { ...inputs, [field]: '   ' })).toBe(required(label, fix));
        expect(await refusedInput(key, { ...inputs, [field]: '' })).toBe(required(label, fix));
      });

      it('an email of invisible characters alone is blank', async () => {
        expect(await refusedInput(key, { ...inputs, email: ' \u200B\u2060 \uFEFF' })).toBe(
          required('Recipient Email', 'Map an email address from an earlier step or type one.'),
        );
      });

      it.each([
        'bob.example.com',
        'bob@',
        'bob @example.com',
        'Jane Doe',
        'jane@example',
        'Jane Doe <jane>',
        'Jane Doe <>',
        'a@@example.com',
        'mailto:',
        'mailto:?subject=Hi',
        'mailto:jane doe@example.com',
        // Characters an unquoted address cannot hold, and a lone quote.
        'jane"doe@example.com',
        'jane.doe@exa(mple.com',
        'jane:doe@example.com',
        '[jane.doe@example.com]',
        '"jane.doe@example.com',
        'jane.doe@example.com,x',
        'xmailto:jane.doe@example.com',
        '"',
      ])('an email address that is not one: "%s"', async (email) => {
        expect(await refusedInput(key, { ...inputs, email })).toBe(
          notAnEmail(email, 'Recipient Email'),
        );
      });

      it.each(CONTROL_EMAILS)(
        'a control character in the address: %j',
        async (email, shownValue) => {
          expect(await refusedInput(key, { ...inputs, email })).toBe(
            controlInEmail(shownValue, 'Recipient Email'),
          );
        },
      );

      it('an ID longer than 1,000 characters, which no ID of CRMGrow is', async () => {
        const long = 'a'.repeat(1_001);
        expect(await refusedInput(key, { ...inputs, template_id: long })).toBe(
          `"${'a'.repeat(79)}…" in "Template" is not an ID of CRMGrow: it is 1,001 characters ` +
            'long. Choose a template, or map the ID of a template from an earlier step.',
        );
      });

      it.each(EMAIL_LISTS)('several email addresses in one field: "%s"', async (email) => {
        expect(await refusedInput(key, { ...inputs, email })).toBe(
          severalEmails(email, 'Recipient Email'),
        );
      });

      it('a list where one value is expected', async () => {
        expect(
          await refusedInput(key, { ...inputs, template_id: [TEMPLATE_ID, TEMPLATE_ID] }),
        ).toBe(
          'The "Template" field needs a single value, not a list or a set of fields. ' +
            'Choose a template, or map the ID of a template from an earlier step.',
        );
      });
    });
  });

  describe('add_note', () => {
    const inputs = { email: EMAIL, content: 'Called about the open house.\nWants a tour.' };
    const body = { email: EMAIL, content: 'Called about the open house.\nWants a tour.' };
    const addNote = (): nock.Interceptor =>
      post(BASE, rowOf({ CALLING }, 'add_note').call.path, body);
    // The service's observed success answer.
    const CREATED = {
      status: true,
      data: {
        _id: '66f0b3c9d84a2e17b5c9a041',
        content: 'Called about the open house.\nWants a tour.',
        contact: ['66e9a27fc1d34b0a8e5f7d12'],
        user: ['5f1a2b3c4d5e6f7a8b9c0d1e'],
        created_at: '2026-03-14T15:09:26.535Z',
        updated_at: '2026-03-14T15:09:27.001Z',
        __v: 0,
      },
    };

    /** What the action returns when the service tells nothing of the note, with `known` over it. */
    const noteResult = (known: Record<string, unknown> = {}): Record<string, unknown> => ({
      id: null,
      status: true,
      email: EMAIL,
      content: inputs.content,
      contact_id: null,
      created_at: null,
      updated_at: null,
      ...known,
    });

    it('has an email field and a multi-line note field', () => {
      expect(creates.add_note.display.label).toBe(rowOf({ CALLING }, 'add_note').label);
      expect(
        inputFieldsOf('add_note').map(({ key, label, type }) => ({ key, label, type })),
      ).toEqual([
        { key: 'email', label: 'Contact Email', type: 'string' },
        { key: 'content', label: 'Note', type: 'text' },
      ]);
      expect(inputFieldsOf('add_note')[0]?.helpText).toBe(
        'The email address of the contact to add the note to: CRMGrow finds the contact by it.',
      );
    });

    it('POSTs exactly {email, content} to https://api.crmgrow.com/api/note and returns the created note', async () => {
      const scope = addNote().reply(200, CREATED);
      expect(await run('add_note', inputs)).toEqual({
        id: '66f0b3c9d84a2e17b5c9a041',
        status: true,
        email: EMAIL,
        content: 'Called about the open house.\nWants a tour.',
        contact_id: '66e9a27fc1d34b0a8e5f7d12',
        created_at: '2026-03-14T15:09:26.535Z',
        updated_at: '2026-03-14T15:09:27.001Z',
      });
      expect(scope.isDone()).toBe(true);
    });

    it.each([
      [
        'spaces and line breaks around it',
        '  Called about the open house.\n  ',
        '  Called about the open house.\n  ',
      ],
      ['a number mapped from an earlier step', 42, '42'],
      // Only an email loses its invisible characters: the note is the user's text.
      ['invisible characters in it', 'Call\u200B back\u2060', 'Call\u200B back\u2060'],
      ['invisible characters alone', '\u200B\u2060', '\u200B\u2060'],
    ])('sends the note as given: %s', async (_what, content, sent) => {
      const scope = post(BASE, rowOf({ CALLING }, 'add_note').call.path, {
        email: EMAIL,
        content: sent,
      }).reply(200, { status: true });
      expect(await run('add_note', { ...inputs, content })).toEqual(noteResult({ content: sent }));
      expect(scope.isDone()).toBe(true);
    });

    it('sends a note too large to echo byte for byte, and cuts the echo to fit Zapier in bytes, logged', async () => {
      // 2.2 million CJK characters: 6.6 MB in UTF-8, though under 6 MiB in characters.
      const content = '\u6f22'.repeat(2_200_000);
      const scope = post(BASE, rowOf({ CALLING }, 'add_note').call.path, {
        email: EMAIL,
        content,
      }).reply(200, { status: true });
      const spy = jest.spyOn(console, 'log');
      const before = spy.mock.calls.length;
      const result = (await run('add_note', { ...inputs, content })) as { content: string };
      expect(scope.isDone()).toBe(true);
      expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(5 * 1024 * 1024);
      expect(result).toEqual(noteResult({ content: expect.stringMatching(/^\u6f22+…$/u) }));
      expect(result.content.length).toBeGreaterThan(1_000_000);
      const lines = spy.mock.calls.slice(before).map((args) => args.map(String).join(' '));
      expect(lines.filter((line) => line.includes('"content"'))).toHaveLength(1);
    });

    it.each(NAMED_EMAILS)(
      'sends only the address of "%s", and returns the address used',
      async (email) => {
        const scope = addNote().reply(200, { status: true });
        expect(await run('add_note', { ...inputs, email })).toMatchObject({ email: EMAIL });
        expect(scope.isDone()).toBe(true);
      },
    );

    it('returns the same keys and types as its sample', async () => {
      addNote().reply(200, CREATED);
      const result = (await run('add_note', inputs)) as object;
      expect(keysAndTypes(result)).toEqual(keysAndTypes(creates.add_note.operation.sample ?? {}));
    });

    it('with only {"status": true} (all the contract promises), keeps every key, null where unknown', async () => {
      addNote().reply(200, { status: true });
      expect(await run('add_note', inputs)).toEqual(noteResult());
    });

    it('reads `id`, a lone contact id and non-ISO dates leniently', async () => {
      addNote().reply(200, {
        status: true,
        data: {
          id: 'n1',
          contact: 'c1',
          created_at: 'Sat, 14 Mar 2026 15:09:26 GMT',
          updated_at: 'not a date',
        },
      });
      expect(await run('add_note', inputs)).toMatchObject({
        id: 'n1',
        contact_id: 'c1',
        created_at: '2026-03-14T15:09:26.000Z',
        updated_at: null,
      });
    });

    it('trims the note fields it passes on, and takes blank ones as unknown', async () => {
      addNote().reply(200, {
        status: true,
        data: {
          _id: '  66f0b3c9d84a2e17b5c9a041 ',
          content: '  Saved as the service wrote it  ',
          contact: [' 66e9a27fc1d34b0a8e5f7d12\n', 'c2'],
          created_at: 1773500966535,
          updated_at: '  ',
        },
      });
      expect(await run('add_note', inputs)).toEqual(
        noteResult({
          id: '66f0b3c9d84a2e17b5c9a041',
          content: '  Saved as the service wrote it  ',
          contact_id: '66e9a27fc1d34b0a8e5f7d12',
          created_at: '2026-03-14T15:09:26.535Z',
        }),
      );
    });

    it('takes `id` when `_id` is blank, and null for fields of the wrong type', async () => {
      addNote().reply(200, {
        status: true,
        data: {
          _id: ' ',
          id: 'n2',
          content: 42,
          contact: [{ id: 'c1' }, 'c2'],
          created_at: true,
          updated_at: { $date: '2026-03-14T15:09:26.535Z' },
        },
      });
      expect(await run('add_note', inputs)).toEqual(noteResult({ id: 'n2' }));
    });

    it('takes null for every field when `data` is not an object', async () => {
      for (const data of [['66f0b3c9d84a2e17b5c9a041'], 'saved', null]) {
        addNote().reply(200, { status: true, data });
        expect(await run('add_note', inputs)).toEqual(noteResult());
      }
    });

    it('uses BASE_URL, not ALT_BASE_URL', async () => {
      process.env.BASE_URL = 'https://ecsbe.crmgrow.com';
      process.env.ALT_BASE_URL = ALT;
      post('https://ecsbe.crmgrow.com', '/api/note', body).reply(200, { status: true });
      await run('add_note', inputs);
    });

    it.each([
      [
        400,
        'Invalid email address',
        'HaltedError',
        undefined,
        'CRMGrow refused the email address "',
      ],
      [400, 'empty email address', 'HaltedError', undefined, 'CRMGrow refused the email address "'],
      [
        400,
        'Account is Suspended',
        'AppError',
        'account_suspended',
        'Your CRMGrow account is suspended',
      ],
      [
        400,
        'Note too long',
        'AppError',
        'request_refused',
        'CRMGrow refused the request (HTTP 400',
      ],
      [
        500,
        'internal_server_error',
        'AppError',
        'outcome_unknown',
        'CRMGrow had a server error on POST /api/note',
      ],
    ] as const)(
      'fails on %i "%s" with the service\'s own words',
      async (status, text, name, code, start) => {
        addNote().reply(status, { status: false, error: text });
        const error = await failureOf(run('add_note', inputs));
        expect(error.name).toBe(name);
        expect(userMessage(error).startsWith(start)).toBe(true);
        expect(userMessage(error)).toContain(`"${text}"`);
        if (code) expect(JSON.parse(error.message)).toMatchObject({ code, status });
      },
    );

    it('a 5xx may have added the note', async () => {
      addNote().reply(503, { error: 'Down' });
      expect(userMessage(await failureOf(run('add_note', inputs)))).toBe(
        `CRMGrow had a server error on POST /api/note (HTTP 503: "Down"). ${MAY_HAVE('The note')}`,
      );
    });

    it('is never a success when a 200 says "status": false', async () => {
      addNote().reply(200, { status: false, error: 'Contact not found' });
      const error = await failureOf(run('add_note', inputs));
      expect(JSON.parse(error.message).code).toBe('service_failure');
    });

    it('a 200 without "status": true is not a confirmed note', async () => {
      addNote().reply(200, { data: CREATED.data });
      const error = await failureOf(run('add_note', inputs));
      expect(JSON.parse(error.message)).toEqual({
        message: expect.stringContaining(
          'CRMGrow answered POST /api/note without confirming it (no "status": true; its answer: {"data":',
        ),
        code: 'unconfirmed',
        status: 200,
      });
      expect(userMessage(error)).toContain(MAY_HAVE('The note'));
    });

    describe('refuses bad input before any request', () => {
      const FIELDS = [
        [
          'email',
          'The "Contact Email" field is required. Map an email address from an earlier step or type one.',
        ],
        [
          'content',
          'The "Note" field is required. Type the note, or map its text from an earlier step.',
        ],
      ] as const;

      it.each(FIELDS)('missing %s', async (field, message) => {
        expect(await refusedInput('add_note', without(inputs, field))).toBe(message);
      });

      it.each(FIELDS)('blank %s', async (field, message) => {
        expect(await refusedInput('add_note', { ...inputs, [field]: ' \n\t ' })).toBe(message);
      });

      it('a value of more than 1,000 characters is not read as an address', async () => {
        const long = `"${'x'.repeat(1_001 - 25)}" <jane.doe@example.com>`;
        expect(long).toHaveLength(1_001);
        expect(await refusedInput('add_note', { ...inputs, email: long })).toContain(
          'in "Contact Email" is not an email address.',
        );
      });

      it('an email address that is not one', async () => {
        expect(await refusedInput('add_note', { ...inputs, email: 'bob.example.com' })).toBe(
          notAnEmail('bob.example.com', 'Contact Email'),
        );
      });

      it.each(EMAIL_LISTS)('several email addresses in one field: "%s"', async (email) => {
        expect(await refusedInput('add_note', { ...inputs, email })).toBe(
          severalEmails(email, 'Contact Email'),
        );
      });

      it.each(CONTROL_EMAILS)(
        'a control character in the address: %j',
        async (email, shownValue) => {
          expect(await refusedInput('add_note', { ...inputs, email })).toBe(
            controlInEmail(shownValue, 'Contact Email'),
          );
        },
      );
    });
  });
});
