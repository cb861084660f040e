// The optional filters of the hook triggers: declared per event in the events
// table, applied by one function in perform and performList, through the real
// request pipeline. The subscription never carries them.
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { hookTriggers } from '../../src/hooks/trigger';
import { HOOK_EVENTS, type ActionValue, type RawPayload } from '../../src/hooks/events';
import { resultMaker } from '../../src/hooks/deliveries';
import { derivedId } from '../../src/hooks/records';
import { numberOf } from '../../src/hooks/shape';
import { MATERIAL_KINDS } from '../../src/hooks/strings';
import { hookTrigger } from '../../src/hooks/trigger';
import { API_KEY, appTester, bundleWith, failureOf } from '../support/app';
import { keysOf, POLLING, type PollingFacts } from '../support/expectations';
import { rowOf } from '../support/rows';

const HOST = 'https://api.crmgrow.com';
const TARGET_URL = 'https://hooks.zapier.com/hooks/standard/1234567/abcdef0123456789/';

type Operation = (z: ZObject, bundle: Bundle) => Promise<unknown>;
type Inputs = Record<string, unknown>;

function operationOf(action: ActionValue, name: 'perform' | 'performList' | 'performSubscribe') {
  const { operation } = rowOf({ hookTriggers }, action);
  if (operation.type !== 'hook') throw new Error(`${action} is not a REST-hook trigger`);
  const fn = operation[name];
  if (typeof fn !== 'function') throw new Error(`${action} has no ${name} function`);
  return fn as Operation;
}

const payloadOf = (action: ActionValue): RawPayload => rowOf({ HOOK_EVENTS }, action).payload;

/** What perform returns for one delivered body with these filter values. */
const perform = (action: ActionValue, inputData: Inputs, cleanedRequest: unknown) =>
  appTester(operationOf(action, 'perform'), bundleWith({ inputData, cleanedRequest }));

const performListApi = (action: ActionValue): nock.Interceptor =>
  nock(HOST, { reqheaders: { Authorization: API_KEY, action } }).get('/api/outbound/perform');

const performList = (action: ActionValue, inputData: Inputs) =>
  appTester(operationOf(action, 'performList'), bundleWith({ inputData }));

/** The items the trigger makes of these payloads when nothing is filtered out (tested in hooks-table). */
const items = (action: ActionValue, ...payloads: RawPayload[]) => {
  const make = resultMaker(rowOf({ HOOK_EVENTS }, action));
  return payloads.flatMap((payload) => make([payload], () => undefined));
};

const without = (payload: RawPayload, key: string): RawPayload =>
  Object.fromEntries(Object.entries(payload).filter(([k]) => k !== key));

/** The list triggers' written-out facts, the material ones with their `material`. */
const LISTS: readonly PollingFacts[] = Object.values(POLLING);

const WATCH = payloadOf('watch_material');
const WATCHED_PDF: RawPayload = {
  ...WATCH,
  material_id: '65e0c1d2b3a4f50012cd7810',
  material_type: 'PDF',
  material_title: 'Buyer Guide 2026',
  material_amount: 4,
};
const MOVE = payloadOf('move_deal');
const SEND = payloadOf('send_material');

/** One row of the table: a value, an event that passes it and one that does not. */
interface FilterCase {
  readonly action: ActionValue;
  readonly key: string;
  readonly value: string | number;
  readonly passing: RawPayload;
  readonly failing: RawPayload;
}

const tagCase = (action: ActionValue): FilterCase => {
  const payload = payloadOf(action);
  const tags = payload.tags as string[];
  return {
    action,
    key: 'tag',
    value: 'vip',
    passing: { ...payload, tags: [...tags, 'vip'] },
    failing: payload,
  };
};

const CASES: readonly FilterCase[] = [
  tagCase('add_contact'),
  tagCase('update_contact'),
  {
    action: 'move_deal',
    key: 'deal_target',
    value: 'Under Contract',
    passing: MOVE,
    failing: { ...MOVE, deal_source: 'Under Contract', deal_target: 'Closed' },
  },
  {
    action: 'send_material',
    key: 'material_type',
    value: 'PDF',
    passing: SEND,
    failing: { ...SEND, pdf: '' },
  },
  {
    action: 'watch_material',
    key: 'material_type',
    value: 'PDF',
    passing: WATCHED_PDF,
    failing: WATCH,
  },
  {
    action: 'watch_material',
    key: 'min_amount',
    value: 50,
    passing: WATCH,
    failing: { ...WATCH, material_amount: 20 },
  },
  tagCase('lead_source'),
];

describe('the filters the events table declares', () => {
  const declared = HOOK_EVENTS.flatMap((event) =>
    (event.filters ?? []).map((filter) => `${event.action}.${filter.key}`),
  );

  it('are the issue table: tag on three contact events, stage, material type and amount', () => {
    expect(declared).toEqual([
      'add_contact.tag',
      'update_contact.tag',
      'move_deal.deal_target',
      'send_material.material_type',
      'watch_material.material_type',
      'watch_material.min_amount',
      'lead_source.tag',
    ]);
  });

  it('each have a case below', () => {
    expect(CASES.map((c) => `${c.action}.${c.key}`)).toEqual(declared);
  });

  it('the material kinds are the lists of material in the lists table, in its order', () => {
    expect(MATERIAL_KINDS).toEqual(
      LISTS.flatMap(({ noun, material }) =>
        material
          ? [
              {
                type: material.type,
                sendKey: material.sendKey,
                label: noun,
                ...(material.blank === undefined ? {} : { amountWhenBlank: material.blank }),
              },
            ]
          : [],
      ),
    );
  });

  it('are optional input fields of their trigger; the material types are a static dropdown', () => {
    // Built here from the table row, so that the factory runs inside this test (a mutation run
    // counts only that), and checked to be the app's.
    const fieldsOf = (action: ActionValue) => {
      const { inputFields } = hookTrigger(rowOf({ HOOK_EVENTS }, action)).operation;
      expect(inputFields).toEqual(rowOf({ hookTriggers }, action).operation.inputFields);
      return inputFields;
    };
    expect(fieldsOf('watch_material')).toEqual([
      {
        key: 'material_type',
        label: 'Material Type',
        helpText: 'Only start the Zap for material of this type. Leave blank for every type.',
        required: false,
        type: 'string',
        choices: LISTS.flatMap(({ noun, material }) =>
          material ? [{ value: material.type, sample: material.type, label: noun }] : [],
        ),
      },
      {
        key: 'min_amount',
        label: 'Minimum Amount',
        helpText:
          'Only start the Zap from this amount up: the percent of a video watched (such as 50) ' +
          'or the pages of a PDF read. An image counts as 1.',
        required: false,
        type: 'integer',
      },
    ]);
    expect(fieldsOf('send_material')).toEqual([
      expect.objectContaining({ key: 'material_type', required: false, type: 'string' }),
    ]);
    expect(fieldsOf('move_deal')).toEqual([
      expect.objectContaining({ key: 'deal_target', label: 'New Stage', required: false }),
    ]);
    for (const action of ['add_contact', 'update_contact', 'lead_source'] as const) {
      expect(fieldsOf(action)).toEqual([
        expect.objectContaining({ key: 'tag', label: 'Tag', required: false, type: 'string' }),
      ]);
    }
    // Every other hook trigger of the written-out expectations has no filter field.
    const filtered: readonly string[] = [
      'watch_material',
      'send_material',
      'move_deal',
      'add_contact',
      'update_contact',
      'lead_source',
    ];
    const unfiltered = keysOf('hook').filter((action) => !filtered.includes(action));
    expect(HOOK_EVENTS.filter((event) => !event.filters).map((event) => event.action)).toEqual(
      unfiltered,
    );
    for (const action of unfiltered) expect(fieldsOf(action)).toBeUndefined();
  });

  it.each(HOOK_EVENTS.map((event) => [event.action, event] as const))(
    "%s: the description is the table's one sentence; the filters' help says what they narrow",
    (action, event) => {
      const description = hookTriggers[action].display.description;
      expect(description).toBe(event.description);
      expect(description).toMatch(/^Triggers when [^.]+\.$/);
      expect(description).not.toMatch(/Optionally/);
    },
  );
});

describe.each(CASES.map((c) => [`${c.action} ${c.key}`, c] as const))('%s', (_name, c) => {
  const { action, key, value, passing, failing } = c;

  it('lets a matching event through perform', async () => {
    expect(await perform(action, { [key]: value }, passing)).toEqual(items(action, passing));
  });

  it('gives [] for an event that does not match', async () => {
    expect(await perform(action, { [key]: value }, failing)).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['null', null],
    ['missing', undefined],
  ])('filters nothing when the field is %s', async (_what, blank) => {
    expect(await perform(action, { [key]: blank }, failing)).toEqual(items(action, failing));
    expect(await perform(action, {}, failing)).toEqual(items(action, failing));
  });

  it('filters the samples of performList the same way', async () => {
    performListApi(action).reply(201, [failing, passing]);
    expect(await performList(action, { [key]: value })).toEqual(items(action, passing));
    performListApi(action).reply(201, [failing, passing]);
    expect(await performList(action, { [key]: '' })).toEqual(items(action, failing, passing));
  });

  it('leaves the subscription as it is: the hook URL and the action only', async () => {
    nock(HOST, { reqheaders: { Authorization: API_KEY } })
      .post('/api/outbound/subscribe', { hookUrl: TARGET_URL, action })
      .reply(201, { id: '6613c0ffee0000000000a001' });
    const bundle = bundleWith({ targetUrl: TARGET_URL, inputData: { [key]: value } });
    expect(await appTester(operationOf(action, 'performSubscribe'), bundle)).toEqual({
      id: '6613c0ffee0000000000a001',
    });
  });
});

describe('watch_material: Minimum Amount', () => {
  it.each([
    ['a number above', 87, 50, true],
    ['a string above', '87', 50, true],
    ['a decimal string above', '87.25', '87', true],
    ['exactly the minimum', 50, '50', true],
    ['a padded string', ' 60 ', ' 50 ', true],
    ['zero with a minimum of zero', 0, 0, true],
    ['a number below', 49.9, 50, false],
    ['a string below', '20', '50', false],
    ['text', 'most of it', 50, false],
    ['hexadecimal text, which is no decimal amount', '0x10', 1, false],
    ['an empty string', '', 0, false],
    ['null', null, 0, false],
  ])('%s: %p against %p passes: %p', async (_what, amount, minimum, passes) => {
    const payload = { ...WATCH, material_amount: amount };
    const expected = passes ? items('watch_material', payload) : [];
    expect(await perform('watch_material', { min_amount: minimum }, payload)).toEqual(expected);
  });

  const IMAGE = {
    ...WATCH,
    material_id: '64d2e4b18f7a3c9d0e6b2f45',
    material_type: 'IMAGE',
    material_title: 'Open House Flyer',
  };

  it.each([
    ['an image with a blank amount counts as 1', { ...IMAGE, material_amount: '' }, 1, true],
    ['an image without an amount counts as 1', without(IMAGE, 'material_amount'), 1, true],
    ['an image with a null amount counts as 1', { ...IMAGE, material_amount: null }, 1, true],
    ['"image" in any case', { ...IMAGE, material_type: ' image ', material_amount: '' }, 1, true],
    ['an image counts as 1, not 2', { ...IMAGE, material_amount: '' }, 2, false],
    ['an image with an amount counts as that amount', { ...IMAGE, material_amount: 0 }, 1, false],
    ['a video with a blank amount counts as nothing', { ...WATCH, material_amount: '' }, 1, false],
    [
      'a PDF with a blank amount counts as nothing',
      { ...WATCHED_PDF, material_amount: '' },
      0,
      false,
    ],
  ])('%s: against %p passes: %p', async (_what, payload, minimum, passes) => {
    const expected = passes ? items('watch_material', payload) : [];
    expect(await perform('watch_material', { min_amount: minimum }, payload)).toEqual(expected);
  });

  it('an event without material_amount does not pass', async () => {
    const payload = without(WATCH, 'material_amount');
    expect(await perform('watch_material', { min_amount: 1 }, payload)).toEqual([]);
  });

  const NOT_A_NUMBER =
    'The "Minimum Amount" field needs a number, such as 50, but got "%s". ' +
    'Type a whole number, or leave it blank to let every amount through.';

  it.each(['most', '50%', 'NaN', 'Infinity', '0x10', '0b11', '1_000', 'y'.repeat(40)])(
    'a minimum of %p is a clear error naming the field, in perform',
    async (minimum) => {
      const error = await failureOf(perform('watch_material', { min_amount: minimum }, WATCH));
      expect(error.name).toBe('AppError');
      expect(JSON.parse(error.message)).toEqual({
        message: NOT_A_NUMBER.replace('%s', minimum),
        code: 'invalid_input',
      });
    },
  );

  it('and in performList, before any request is made', async () => {
    // No interceptor: a request would fail with nock's own error, not this one.
    const error = await failureOf(performList('watch_material', { min_amount: 'most' }));
    expect(JSON.parse(error.message)).toEqual({
      message: NOT_A_NUMBER.replace('%s', 'most'),
      code: 'invalid_input',
    });
  });

  it('a long bad value is shortened in the message', async () => {
    const error = await failureOf(perform('watch_material', { min_amount: 'x'.repeat(60) }, WATCH));
    expect(JSON.parse(error.message)).toMatchObject({
      message: expect.stringContaining(`but got "${'x'.repeat(40)}…".`) as string,
    });
  });

  it.each([
    ['a list', [50]],
    ['a set of fields', { amount: 50 }],
  ])('%s instead of one value is a clear error', async (_what, minimum) => {
    const error = await failureOf(perform('watch_material', { min_amount: minimum }, WATCH));
    expect(JSON.parse(error.message)).toEqual({
      message:
        'The "Minimum Amount" field needs a single value, not a list or a set of fields. ' +
        'Type one, or leave it blank.',
      code: 'invalid_input',
    });
  });
});

describe('case and spaces', () => {
  it.each([
    ['watch_material', { material_type: ' pdf ' }, WATCHED_PDF],
    ['watch_material', { material_type: 'PDF' }, { ...WATCHED_PDF, material_type: 'Pdf' }],
    ['move_deal', { deal_target: '  under CONTRACT ' }, MOVE],
    ['move_deal', { deal_target: 'Under Contract' }, { ...MOVE, deal_target: ' under contract ' }],
    ['move_deal', { deal_target: 'under  contract' }, MOVE],
    ['move_deal', { deal_target: 'Under Contract' }, { ...MOVE, deal_target: 'Under \t Contract' }],
    ['add_contact', { tag: 'open  house' }, { ...payloadOf('add_contact'), tags: ['Open House'] }],
    ['add_contact', { tag: ' BUYER ' }, payloadOf('add_contact')],
    ['add_contact', { tag: 'buyer' }, { ...payloadOf('add_contact'), tags: [' Buyer '] }],
    ['send_material', { material_type: 'video' }, SEND],
  ] as const)('%s with %p lets the event through', async (action, inputData, payload) => {
    expect(await perform(action, inputData, payload)).toEqual(items(action, payload));
  });

  it('a different stage with the same words in another order does not pass', async () => {
    expect(await perform('move_deal', { deal_target: 'Contract Under' }, MOVE)).toEqual([]);
  });

  it.each([
    ['under contract', 'undercontract'],
    ['undercontract', 'under contract'],
    ['under contract', 'under contracts'],
  ])('"%s" does not match "%s": spaces are collapsed, never removed', async (wanted, sent) => {
    const deal = { ...MOVE, deal_target: sent };
    expect(await perform('move_deal', { deal_target: wanted }, deal)).toEqual([]);
    const contact = { ...payloadOf('add_contact'), tags: [sent] };
    expect(await perform('add_contact', { tag: wanted }, contact)).toEqual([]);
  });
});

describe('accents and Unicode forms, folded as the searches fold titles', () => {
  const NFC = 'N\u00e9gociation'; // "Négociation" with one code point for "é"
  const NFD = 'Ne\u0301gociation'; // the same word, "e" and a combining accent

  it.each([
    [NFC, NFD],
    [NFD, NFC],
    ['negociation', NFC],
    ['N\u00c9GOCIATION', NFD],
  ])('the stage "%s" matches a deal moved to "%s"', async (wanted, sent) => {
    const deal = { ...MOVE, deal_target: sent };
    expect(await perform('move_deal', { deal_target: wanted }, deal)).toEqual(
      items('move_deal', deal),
    );
  });

  it.each([
    ['Caf\u00e9', 'Cafe\u0301'],
    ['Cafe\u0301', 'Caf\u00e9'],
    ['cafe', 'CAF\u00c9'],
  ])('the tag "%s" matches a contact tagged "%s"', async (wanted, sent) => {
    const contact = { ...payloadOf('update_contact'), tags: [sent] };
    expect(await perform('update_contact', { tag: wanted }, contact)).toEqual(
      items('update_contact', contact),
    );
  });
});

describe('an event a filter drops', () => {
  async function logsOf(act: () => Promise<unknown>): Promise<string[]> {
    const spy = jest.spyOn(console, 'log');
    const before = spy.mock.calls.length;
    await act();
    return spy.mock.calls.slice(before).map((args) => args.map(String).join(' ').trim());
  }

  it('gives [] and the log names the filter that dropped it, once a run', async () => {
    const deal = { ...MOVE, deal_target: 'Closed' };
    let result: unknown;
    const lines = await logsOf(async () => {
      result = await perform('move_deal', { deal_target: '  Under Contract ' }, [deal, deal]);
    });
    expect(result).toEqual([]);
    const dropped = lines.filter((line) => line.includes('filter'));
    expect(dropped).toEqual([
      'The "New Stage" filter ("Under Contract") dropped an event that does not match it: ' +
        'it starts no Zap run.',
    ]);
  });

  it('logs nothing when the event passes', async () => {
    const lines = await logsOf(() => perform('move_deal', { deal_target: 'Under Contract' }, MOVE));
    expect(lines.filter((line) => line.includes('filter'))).toEqual([]);
  });
});

describe('the tag filter', () => {
  const CONTACT = payloadOf('update_contact');

  it.each([
    ['no tags field', without(CONTACT, 'tags')],
    ['an empty list', { ...CONTACT, tags: [] }],
    ['tags of null', { ...CONTACT, tags: null }],
    ['a list of nulls', { ...CONTACT, tags: [null, null] }],
  ])('a contact with %s does not pass', async (_what, payload) => {
    expect(await perform('update_contact', { tag: 'buyer' }, payload)).toEqual([]);
    expect(await perform('update_contact', {}, payload)).toEqual(items('update_contact', payload));
  });

  it('a lone tag sent as text is a list of one, as the item shows it: it passes', async () => {
    const payload = { ...CONTACT, tags: ' Buyer ' };
    const [item] = items('update_contact', payload);
    expect(item?.tags).toEqual([' Buyer ']);
    expect(await perform('update_contact', { tag: 'buyer' }, payload)).toEqual([item]);
    expect(await perform('update_contact', { tag: 'seller' }, payload)).toEqual([]);
  });

  it('reads tags as the item shows them: numbers as their text, nulls left out', async () => {
    const payload = { ...CONTACT, tags: [null, 7, 'buyer'] };
    const [item] = items('update_contact', payload);
    expect(item?.tags).toEqual(['7', 'buyer']);
    expect(await perform('update_contact', { tag: 'buyer' }, payload)).toEqual([item]);
    expect(await perform('update_contact', { tag: '7' }, payload)).toEqual([item]);
    expect(await perform('update_contact', { tag: 7 }, payload)).toEqual([item]);
    expect(await perform('update_contact', { tag: 'null' }, payload)).toEqual([]);
  });

  it('a tag mapped as a number matches its text', async () => {
    const payload = { ...CONTACT, tags: ['2026'] };
    expect(await perform('update_contact', { tag: 2026 }, payload)).toEqual(
      items('update_contact', payload),
    );
  });
});

describe('the material type of a send', () => {
  it.each([
    ['VIDEO', true],
    ['PDF', true],
    ['IMAGE', false],
  ])('%s passes the example send (videos and a PDF, no image): %p', async (type, passes) => {
    expect(await perform('send_material', { material_type: type }, SEND)).toEqual(
      passes ? items('send_material', SEND) : [],
    );
  });

  it('a blank or missing string of that type does not pass', async () => {
    for (const payload of [{ ...SEND, image: '   ' }, { ...SEND, image: null }, SEND]) {
      expect(await perform('send_material', { material_type: 'IMAGE' }, payload)).toEqual([]);
    }
  });

  it.each([
    ['"undefined"', 'undefined'],
    ['"null"', 'null'],
    ['"[]"', '[]'],
    ['a title alone', 'Open House Flyer'],
    ['a group without a type', '[64d2e4b18f7a3c9d0e6b2f45]'],
  ])(
    'an image string of %s names no image: a send of videos alone does not pass',
    async (_what, image) => {
      const payload = { ...SEND, image, pdf: '' };
      expect(await perform('send_material', { material_type: 'IMAGE' }, payload)).toEqual([]);
      expect(await perform('send_material', { material_type: 'VIDEO' }, payload)).toEqual(
        items('send_material', payload),
      );
    },
  );

  it('reads the types of the materials the item shows, whatever string holds them', async () => {
    const image = '[64d2e4b18f7a3c9d0e6b2f45,IMAGE,Open House Flyer]';
    const payload = { ...SEND, video: '', pdf: image, image: '' };
    const [item] = items('send_material', payload);
    expect(item?.materials).toEqual([
      { id: '64d2e4b18f7a3c9d0e6b2f45', type: 'IMAGE', title: 'Open House Flyer' },
    ]);
    expect(await perform('send_material', { material_type: 'IMAGE' }, payload)).toEqual([item]);
    expect(await perform('send_material', { material_type: 'PDF' }, payload)).toEqual([]);
  });

  it('the unbracketed form names no material, so it passes no type', async () => {
    const payload = { ...SEND, video: '65e0c1d2b3a4f50012cd7701,Meet Your Agent', pdf: '' };
    expect(await perform('send_material', { material_type: 'VIDEO' }, payload)).toEqual([]);
  });

  it('only the three types count: another key of the send is never read as one', async () => {
    expect(await perform('send_material', { material_type: 'subject' }, SEND)).toEqual([]);
    expect(await perform('send_material', { material_type: 'AUDIO' }, SEND)).toEqual([]);
  });
});

describe('combined filters must all match', () => {
  const inputs = { material_type: 'PDF', min_amount: '3' };

  it.each([
    ['a PDF of 4 pages passes', WATCHED_PDF, true],
    ['a PDF of "3" pages passes', { ...WATCHED_PDF, material_amount: '3' }, true],
    ['a PDF of 2 pages does not', { ...WATCHED_PDF, material_amount: 2 }, false],
    ['a video watched 87% does not', WATCH, false],
  ])('%s', async (_what, payload, passes) => {
    expect(await perform('watch_material', inputs, payload)).toEqual(
      passes ? items('watch_material', payload) : [],
    );
  });

  it('in performList too', async () => {
    performListApi('watch_material').reply(201, [
      WATCH,
      WATCHED_PDF,
      { ...WATCHED_PDF, material_amount: 1 },
    ]);
    expect(await performList('watch_material', inputs)).toEqual(
      items('watch_material', WATCHED_PDF),
    );
  });
});

describe('odd deliveries with filters set never make perform throw', () => {
  const inputs = { material_type: 'PDF', min_amount: 1 };

  it.each([
    ['a string', 'watch_material'],
    ['null', null],
    ['no body', undefined],
    ['a number', 7],
    ['an empty array', []],
    ['an empty object', {}],
    ['an array of noise', ['PDF', null, 4, [WATCHED_PDF]]],
  ])('%s gives []', async (_what, body) => {
    expect(await perform('watch_material', inputs, body)).toEqual([]);
  });

  it('an array keeps the objects that pass, and drops the rest', async () => {
    const body = [WATCH, 'noise', WATCHED_PDF, null, { material_type: 'PDF' }];
    expect(await perform('watch_material', inputs, body)).toEqual(
      items('watch_material', WATCHED_PDF),
    );
  });

  const odd = { tags: { buyer: true }, deal_target: 42, pdf: ['x'], video: 5 };

  it('add_contact: tags that are an object hold no such tag, and do not pass', async () => {
    expect(await perform('add_contact', { tag: 'buyer' }, odd)).toEqual([]);
    expect(await perform('add_contact', { tag: 'true' }, odd)).toEqual([]);
  });

  it('move_deal: a number where text is declared is filtered as its text, as the item shows it', async () => {
    const item = {
      id: derivedId(odd),
      title: null,
      user: null,
      pipe_line: null,
      contacts: [],
      contact: null,
      deal_source: null,
      deal_target: '42',
      create_at: null,
    };
    expect(await perform('move_deal', { deal_target: '42' }, odd)).toEqual([item]);
    expect(await perform('move_deal', { deal_target: '43' }, odd)).toEqual([]);
  });

  it('send_material: a list or a number where a material string is declared names no material', async () => {
    const item = {
      id: derivedId(odd),
      subject: null,
      contacts: [],
      contact: null,
      materials: [],
      video: '5',
      pdf: '["x"]',
      image: null,
      create_at: null,
    };
    expect(await perform('send_material', {}, odd)).toEqual([item]);
    for (const type of ['PDF', 'VIDEO', 'IMAGE']) {
      expect(await perform('send_material', { material_type: type }, odd)).toEqual([]);
    }
  });
});

describe('triggers without filters', () => {
  it('ignore any input data', async () => {
    const payload = payloadOf('add_deal');
    expect(
      await perform('add_deal', { tag: 'nothing-has-this', min_amount: 'x' }, payload),
    ).toEqual(items('add_deal', payload));
  });
});

describe('numberOf', () => {
  it.each([
    [87, 87],
    [87.5, 87.5],
    ['87', 87],
    [' 4 ', 4],
    ['-1', -1],
    ['', undefined],
    ['  ', undefined],
    ['4 pages', undefined],
    ['1e3', 1000],
    ['.5', 0.5],
    ['+4', 4],
    ['4.', 4],
    ['0x10', undefined],
    ['0b11', undefined],
    ['0o7', undefined],
    ['Infinity', undefined],
    ['-Infinity', undefined],
    ['1e999', undefined],
    ['1_000', undefined],
    ['4,5', undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [null, undefined],
    [true, undefined],
    [[4], undefined],
  ])('%p reads as %p', (value, expected) => {
    expect(numberOf(value)).toBe(expected);
  });
});
