// The list triggers (videos, PDFs, images, templates, …), which also feed
// the actions' dropdowns. Paths, nouns, labels, descriptions and the lists'
// plurals are written out in test/support/expectations.ts, messages here, not
// read back from the code under test.
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import App from '../../src/index';
import { LISTS, type ListKey } from '../../src/triggers/lists';
import { listTriggers } from '../../src/triggers/lists';
import { API_KEY, appTester, bundleWith, failureOf, userMessage } from '../support/app';
import { keysOf, POLLING } from '../support/expectations';
import { dropdownPageOf, keptOf, newestOf } from '../support/lists';
import { rowOf } from '../support/rows';

const KEYS: ListKey[] = keysOf('polling');

type Perform = (z: ZObject, bundle: Bundle) => Promise<unknown>;

function performOf(key: ListKey): Perform {
  const { operation } = listTriggers[key];
  const perform = 'perform' in operation ? operation.perform : undefined;
  if (typeof perform !== 'function') throw new Error(`${key} has no perform function`);
  return perform as Perform;
}

/** Runs the trigger through the app tester, so core's output checks run too. */
const poll = (key: ListKey, meta?: Partial<Bundle['meta']>): Promise<unknown> =>
  appTester(performOf(key), bundleWith(meta ? { meta: meta as Bundle['meta'] } : {}));

/** A dropdown fill of one page, as Zapier asks for it. */
const dropdownPage = (key: ListKey, page?: number): Promise<unknown> =>
  poll(key, { isFillingDynamicDropdown: true, ...(page === undefined ? {} : { page }) });

/**
 * A MongoDB ObjectId as the service makes them: 8 hex digits of creation time
 * in seconds (here 2026-03-01T00:00:00Z plus `second`), then 16 of counter.
 */
const objectId = (second: number, counter = 0): string =>
  (0x69a38180 + second).toString(16) + counter.toString(16).padStart(16, '0');

/** n items created a second apart: item(0) the oldest. */
const item = (n: number): { id: string; title: string } => ({
  id: objectId(n),
  title: `Created ${n}`,
});

/** 0 … n-1, in an order that is neither oldest nor newest first. */
const scrambled = (n: number): number[] => Array.from({ length: n }, (_, i) => (i * 7919) % n);

const api = (key: ListKey, host = 'https://api.crmgrow.com'): nock.Interceptor =>
  nock(host, {
    reqheaders: { authorization: API_KEY, 'content-type': 'application/json' },
  }).get(rowOf({ POLLING }, key).call.path);

/** The lines the app logged through z.console while `run` ran. */
async function logsOf(run: () => Promise<unknown>): Promise<string[]> {
  const spy = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await run();
    return spy.mock.calls.map((args) => args.map(String).join(' ').trim());
  } finally {
    spy.mockRestore();
  }
}

describe('list triggers', () => {
  it('the table holds exactly the lists written out, all registered in the app', () => {
    expect(Object.keys(LISTS)).toEqual(KEYS);
    for (const key of KEYS) expect(App.triggers?.[key]).toBe(listTriggers[key]);
  });

  describe.each(KEYS)('%s', (key) => {
    const facts = rowOf({ POLLING }, key);
    const expected = {
      plural: facts.plural,
      description: facts.description,
      noun: facts.noun,
      label: facts.label,
      path: facts.call.path,
    };
    const trigger = listTriggers[key];
    const id = (n: number): string => `64b7f0c2a91e3d5f8c2b4a${String(n).padStart(2, '0')}`;

    it('is a visible polling trigger with a Title Case label and a "Triggers when …." description', () => {
      expect(trigger.key).toBe(key);
      expect(trigger.noun).toBe(expected.noun);
      expect(trigger.display).toEqual({ label: expected.label, description: expected.description });
      expect(trigger.display.description).toMatch(/^Triggers when .+\.$/);
      expect(trigger.operation.type).toBe('polling');
    });

    it('lets the dropdowns it feeds load more choices, page by page', () => {
      expect(trigger.operation).toMatchObject({ canPaginate: true });
    });

    it('has a realistic sample whose keys and types match the labelled outputFields', () => {
      const { sample, outputFields } = trigger.operation;
      expect(sample).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        title: expect.any(String),
      });
      expect(outputFields).toEqual([
        { key: 'id', label: `${expected.noun} ID`, type: 'string' },
        { key: 'title', label: `${expected.noun} Title`, type: 'string' },
      ]);
    });

    it(`sends GET https://api.crmgrow.com${expected.path} with the key and JSON content type, and returns the items, newest first`, async () => {
      const scope = api(key).reply(200, [
        { id: id(1), title: 'Older' },
        { id: id(2), title: 'Newer' },
      ]);
      expect(await poll(key)).toEqual([
        { id: id(2), title: 'Newer' },
        { id: id(1), title: 'Older' },
      ]);
      expect(scope.isDone()).toBe(true);
    });

    it('keeps the service order when an id is an ObjectId in capitals, which MongoDB never writes', async () => {
      const rows = [
        { id: '69a381800000000000000001', title: 'Oldest' },
        { id: '69A381810000000000000ABC', title: 'Capitals' },
        { id: '69a381810000000000000abc', title: 'Lower case' },
        { id: '69a381800000000000000002', title: 'Older' },
      ];
      api(key).reply(200, rows);
      api(key).reply(200, [rows[3], rows[2], rows[1], rows[0]]);
      expect(await poll(key)).toEqual(rows);
      expect(await poll(key)).toEqual([rows[3], rows[2], rows[1], rows[0]]);
    });

    it('returns at most the newest 1,000 items per poll, and the next 1,000 on page 1, one request each', async () => {
      const answer = scrambled(2_500).map(item);
      api(key).reply(200, answer);
      api(key).reply(200, answer);
      const newest = (from: number, count: number): unknown[] =>
        Array.from({ length: count }, (_, k) => item(from - k));
      expect(await poll(key)).toEqual(newest(2_499, 1_000));
      expect(await poll(key, { page: 1 })).toEqual(newest(1_499, 1_000));
    });

    it('reaches back 10,000 items in the poll that fills the dedupe list when a Zap is turned on', async () => {
      api(key).reply(200, scrambled(10_500).map(item));
      const result = (await poll(key, { isPopulatingDedupe: true })) as unknown[];
      expect(result).toHaveLength(10_000);
      expect(result[0]).toEqual(item(10_499));
      expect(result[9_999]).toEqual(item(500));
    });

    it('gives the Zap editor the newest 10 items when it loads samples, whatever the order', async () => {
      api(key).reply(200, scrambled(2_500).map(item));
      expect(await poll(key, { isLoadingSample: true })).toEqual(
        Array.from({ length: 10 }, (_, k) => item(2_499 - k)),
      );
      const unordered = [{ id: 42, title: 'Numeric id' }, ...scrambled(20).map(item)];
      api(key).reply(200, unordered);
      expect(await poll(key, { isLoadingSample: true })).toEqual([
        { id: '42', title: 'Numeric id' },
        ...scrambled(20).slice(0, 9).map(item),
      ]);
    });

    it('gives the samples from the newest whatever page or dedupe fill Zapier asks for', async () => {
      api(key).reply(200, scrambled(2_500).map(item));
      expect(await poll(key, { isLoadingSample: true, isPopulatingDedupe: true, page: 1 })).toEqual(
        Array.from({ length: 10 }, (_, k) => item(2_499 - k)),
      );
    });

    it("returns every item in the service's order when an id is not an ObjectId, and nothing on page 1", async () => {
      const answer = [...scrambled(1_500).map(item), { id: 42, title: 'Numeric id' }];
      api(key).reply(200, answer);
      api(key).reply(200, answer);
      expect(await poll(key)).toEqual([
        ...scrambled(1_500).map(item),
        { id: '42', title: 'Numeric id' },
      ]);
      expect(await poll(key, { page: 1 })).toEqual([]);
    });

    it('fills a dropdown 100 choices a page, A–Z by title with numbers in order, untitled last, one request a page', async () => {
      // 249 titled items and one untitled, sent newest first.
      const listing = (n: number): { id: string; title: string } => ({
        id: objectId(n),
        title: n === 250 ? '' : `Listing #${n}`,
      });
      const answer = Array.from({ length: 250 }, (_, i) => listing(250 - i));
      for (let page = 0; page < 4; page++) api(key).reply(200, answer);
      const listings = (from: number, to: number): unknown[] =>
        Array.from({ length: to - from + 1 }, (_, i) => listing(from + i));
      expect(await dropdownPage(key)).toEqual(listings(1, 100));
      expect(await dropdownPage(key, 1)).toEqual(listings(101, 200));
      expect(await dropdownPage(key, 2)).toEqual(listings(201, 250));
      expect(await dropdownPage(key, 3)).toEqual([]);
    });

    it.each([
      ['-1', -1],
      ['1.5', 1.5],
      ['"x"', 'x'],
    ])('gives the first dropdown page when Zapier asks for page %s', async (_name, page) => {
      api(key).reply(200, [
        { id: id(2), title: 'Beta' },
        { id: id(1), title: 'Alpha' },
      ]);
      expect(await poll(key, { isFillingDynamicDropdown: true, page: page as number })).toEqual([
        { id: id(1), title: 'Alpha' },
        { id: id(2), title: 'Beta' },
      ]);
    });

    it('sorts dropdown titles regardless of case and accents, and breaks ties by id, whatever the ids', async () => {
      api(key).reply(200, [
        { id: 'k-2', title: 'banana' },
        { id: 'k-9', title: 'apple' },
        { id: 'k-5', title: '' },
        { id: 'k-1', title: 'Éclair' },
        { id: 'k-3', title: 'Apple' },
        { id: 7, title: 'Cherry' },
      ]);
      expect(await dropdownPage(key, 0)).toEqual([
        { id: 'k-3', title: 'Apple' },
        { id: 'k-9', title: 'apple' },
        { id: 'k-2', title: 'banana' },
        { id: '7', title: 'Cherry' },
        { id: 'k-1', title: 'Éclair' },
        { id: 'k-5', title: '' },
      ]);
    });

    it('uses BASE_URL', async () => {
      process.env.BASE_URL = 'https://ecsbe.crmgrow.com';
      process.env.ALT_BASE_URL = 'https://alt.crmgrow.example';
      api(key, 'https://ecsbe.crmgrow.com').reply(200, []);
      expect(await poll(key)).toEqual([]);
    });

    it('accepts `_id` for `id`, and a { "data": [...] } envelope', async () => {
      api(key).reply(200, {
        status: true,
        data: [
          { _id: id(3), title: 'From _id' },
          { id: id(4), _id: 'ignored', title: 'id wins' },
        ],
      });
      expect(await poll(key)).toEqual([
        { id: id(4), title: 'id wins' },
        { id: id(3), title: 'From _id' },
      ]);
    });

    it('keeps only id and title, trims them, turns a numeric id into a string, and gives a missing title as ""', async () => {
      api(key).reply(200, [
        { id: ` ${id(5)} `, title: '  Spaced  ', thumbnail: 'https://x.example/t.png' },
        { id: 42, title: 'Numeric' },
        { id: id(6) },
      ]);
      expect(await poll(key)).toEqual([
        { id: id(5), title: 'Spaced' },
        { id: '42', title: 'Numeric' },
        { id: id(6), title: '' },
      ]);
    });

    it('leaves out items with no usable id and logs how many and why', async () => {
      api(key).reply(200, [
        { id: id(7), title: 'Kept' },
        { title: 'No id at all' },
        { id: '   ', title: 'Blank id' },
        { id: null, _id: { $oid: 'x' }, title: 'Object id' },
        'not an object',
      ]);
      let result: unknown;
      const logs = await logsOf(async () => {
        result = await poll(key);
      });
      expect(result).toEqual([{ id: id(7), title: 'Kept' }]);
      expect(logs).toContain(
        `Left out 4 of 5 ${expected.plural} from GET ${expected.path}: they have no usable "id" or ` +
          '"_id", so Zapier could not tell them apart.',
      );
    });

    it('keeps the first of two items with the same id, and logs it', async () => {
      api(key).reply(200, [
        { id: id(8), title: 'First' },
        { _id: id(8), title: 'Repeat' },
      ]);
      let result: unknown;
      const logs = await logsOf(async () => {
        result = await poll(key);
      });
      expect(result).toEqual([{ id: id(8), title: 'First' }]);
      expect(logs).toContain(
        `Left out 1 of 2 ${expected.plural} from GET ${expected.path}: their id repeats an ` +
          'earlier item, and Zapier needs each id once.',
      );
    });

    it.each([
      ['in stored order', [{ id: id(9), title: 'Fine' }]],
      [
        'read row by row',
        [
          { _id: id(9), title: 'Fine' },
          { id: 42, title: 'Numeric' },
        ],
      ],
    ])('logs nothing when every item is usable (%s)', async (_name, answer) => {
      api(key).reply(200, answer);
      const logs = await logsOf(() => poll(key));
      expect(logs.filter((line) => line.includes('Left out'))).toEqual([]);
    });

    it('leaves out an id that is a number past 2^53 or not whole, and logs it', async () => {
      api(key).reply(
        200,
        `[{"id":9007199254740993,"title":"Past 2^53"},{"_id":2.5,"title":"Not whole"},` +
          `{"id":9007199254740991,"title":"Largest exact"},{"id":${JSON.stringify(id(1))},"title":"Kept"}]`,
        { 'Content-Type': 'application/json' },
      );
      let result: unknown;
      const logs = await logsOf(async () => {
        result = await poll(key);
      });
      expect(result).toEqual([
        { id: '9007199254740991', title: 'Largest exact' },
        { id: id(1), title: 'Kept' },
      ]);
      expect(logs).toContain(
        `Left out 2 of 4 ${expected.plural} from GET ${expected.path}: they have no usable "id" or ` +
          '"_id", so Zapier could not tell them apart.',
      );
    });

    it.each([
      ['an object without a data list', { status: true, items: [] }],
      ['a bare string', 'videos'],
      ['null', null],
    ])('fails clearly on %s instead of a list', async (_name, body) => {
      api(key).reply(200, JSON.stringify(body), { 'Content-Type': 'application/json' });
      const error = await failureOf(poll(key));
      expect(JSON.parse(error.message)).toEqual({
        message:
          `CRMGrow answered GET ${expected.path} with something other than a list of ${expected.plural}, ` +
          'so there is nothing to show. Try again in a few minutes; if it keeps happening, contact CRMGrow support.',
        code: 'invalid_response',
      });
    });

    it.each([
      [
        400,
        'Account is Suspended',
        'account_suspended',
        'Your CRMGrow account is suspended (CRMGrow said "Account is Suspended")',
      ],
      [403, 'Plan expired', 'request_refused', '(HTTP 403: "Plan expired")'],
      [500, 'internal_server_error', 'server_error', '(HTTP 500: "internal_server_error")'],
    ])(
      'an error answer (%i "%s") fails with the service\'s words',
      async (status, text, code, part) => {
        api(key).reply(status, { status: false, error: text });
        const error = await failureOf(poll(key));
        expect(error.name).toBe('AppError');
        expect(JSON.parse(error.message)).toEqual({
          message: expect.stringContaining(part),
          code,
          status,
        });
        // Nothing was selected in a poll: no advice to check selected items.
        expect(error.message).not.toContain('selected items');
      },
    );

    it('a rejected key asks to reconnect', async () => {
      api(key).reply(401, { status: false, error: 'invalid signature' });
      const error = await failureOf(poll(key));
      expect(error.name).toBe('ExpiredAuthError');
      expect(userMessage(error)).toContain('(HTTP 401: "invalid signature")');
    });
  });
});

describe("a result under Zapier's 6 MiB, whatever the titles and ids", () => {
  const ordered = (count: number, title: (i: number) => string): { id: string; title: string }[] =>
    Array.from({ length: count }, (_, i) => ({ id: objectId(i), title: title(i) }));
  const titlesOf = (result: unknown): string[] =>
    (result as { title: string }[]).map(({ title }) => title);
  const bytesOf = (result: unknown): number => Buffer.byteLength(JSON.stringify(result));
  const MiB = 1024 * 1024;

  it('cuts titles past 1,000 characters to 999 and "…"', async () => {
    api('video').reply(
      200,
      ordered(30, () => 'T'.repeat(100_000)),
    );
    expect(titlesOf(await poll('video'))).toEqual(
      Array.from({ length: 30 }, () => `${'T'.repeat(999)}…`),
    );
  });

  it('gives each title fewer characters the more items there are: 69 characters for 10,000', async () => {
    api('video').reply(
      200,
      ordered(10_500, () => '✓'.repeat(200)),
    );
    const result = await poll('video', { isPopulatingDedupe: true });
    expect(titlesOf(result)).toEqual(Array.from({ length: 10_000 }, () => `${'✓'.repeat(68)}…`));
  });

  // 1,000 items keep 699 characters: a longer title keeps 698 and "…", or 697 where
  // the 698th is the first half of a character past U+FFFF.
  it.each([
    ['699 characters, kept whole', 'a'.repeat(699), 'a'.repeat(699)],
    ['700 characters', 'a'.repeat(700), `${'a'.repeat(698)}…`],
    ['an emoji across the cut', `${'a'.repeat(697)}😀😀😀`, `${'a'.repeat(697)}…`],
    ['an emoji after the cut', `${'a'.repeat(699)}😀`, `${'a'.repeat(698)}…`],
    [
      'U+10000 (first half D800) across the cut',
      `${'a'.repeat(697)}\u{10000}b`,
      `${'a'.repeat(697)}…`,
    ],
    [
      'U+10FFFF (first half DBFF) across the cut',
      `${'a'.repeat(697)}\u{10FFFF}b`,
      `${'a'.repeat(697)}…`,
    ],
    [
      'U+E000, past the halves, at the cut',
      `${'a'.repeat(697)}\uE000\uE000b`,
      `${'a'.repeat(697)}\uE000…`,
    ],
  ])('never splits a character in two: %s', async (_name, title, shown) => {
    api('video').reply(
      200,
      ordered(1_000, () => title),
    );
    expect(titlesOf(await poll('video'))[0]).toBe(shown);
  });

  /** The result of `items` as a budget of `bytes` holds them: each item and a comma, in order. */
  const fitting = <T>(items: readonly T[], bytes = 5 * MiB): T[] => {
    let used = 0;
    const count = items.findIndex((item) => (used += bytesOf(item) + 1) > bytes);
    return count === -1 ? [...items] : items.slice(0, count);
  };

  /** A UUID made from n, and the number n: ids whose age cannot be read. */
  const uuid = (n: number): string => {
    const hex = n.toString(16).padStart(32, '0');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  it.each([
    ['UUIDs', 90_000, uuid],
    ['numbers', 200_000, (n: number) => 1_000_000 + n],
  ] as const)(
    "a poll of %s keeps the service's order, as many items as fit 5 MiB, and logs the rest",
    async (_name, count, idOf) => {
      const list = Array.from({ length: count }, (_, i) => ({
        id: idOf(i),
        title: `Listing ${i} at ${(i * 7919) % 1000} Market Street`,
      }));
      const all = list.map(({ id, title }) => ({
        id: String(id),
        title: `${title.slice(0, 15)}…`,
      }));
      // The whole list would pass Zapier's limit.
      expect(bytesOf(all)).toBeGreaterThan(6 * MiB);
      api('video').reply(200, list);
      let result: unknown;
      const logs = await logsOf(async () => {
        result = await poll('video');
      });
      const kept = fitting(all);
      expect(kept.length).toBeGreaterThan(50_000);
      expect(result).toEqual(kept);
      expect(logs).toContain(
        `Left out ${count - kept.length} of ${count} videos from GET /api/video, positions ` +
          `${kept.length + 1} to ${count} of this result: with them, the result would pass ` +
          "Zapier's 6 MiB limit.",
      );
    },
  );

  it('a dropdown page of ids too long to fit keeps its first choices, and logs the rest', async () => {
    const list = Array.from({ length: 100 }, (_, i) => ({
      id: `${String(i).padStart(3, '0')}${'x'.repeat(80_000)}`,
      title: `Choice ${i}`,
    }));
    api('video').reply(200, list);
    let result: unknown;
    const logs = await logsOf(async () => {
      result = await dropdownPage('video');
    });
    const kept = Math.floor((5 * MiB) / (bytesOf(list[0]) + 1));
    expect(result).toEqual(dropdownPageOf(list, 0).slice(0, kept));
    expect(logs).toContain(
      `Left out ${100 - kept} of 100 videos from GET /api/video, positions ${kept + 1} to 100 ` +
        "of this result: with them, the result would pass Zapier's 6 MiB limit.",
    );
  });

  /** 100 items of exactly 81,920 bytes in a result (64 fill 5 MiB), item `at` of `bytes`. */
  const sized = (prefix: string, at = 99, bytes = 81_920) =>
    Array.from({ length: 100 }, (_, i) => {
      const title = `Choice ${String(i).padStart(2, '0')}`;
      const idBytes = (i === at ? bytes : 81_920) - title.length - 21;
      return { id: `${prefix}${String(i).padStart(3, '0')}`.padEnd(idBytes, 'x'), title };
    });
  it.each([
    ['a dropdown page', 'dropdown', sized('A'), 64],
    ['a poll of ids whose age cannot be read', 'poll', sized('u'), 64],
    ['a dropdown page with one item one byte too large', 'dropdown', sized('A', 63, 81_921), 63],
    // The items after the large one would fit, but a result keeps the order: they are left out.
    ['a poll whose item 41 alone takes 4 MiB', 'poll', sized('u', 40, 4 * MiB), 40],
  ] as const)(
    '%s keeps the items that fill 5 MiB, in order, and logs the rest',
    async (_name, run, list, kept) => {
      api('video').reply(200, list);
      let result: unknown;
      const logs = await logsOf(async () => {
        result = await (run === 'dropdown' ? dropdownPage('video') : poll('video'));
      });
      const all = run === 'dropdown' ? dropdownPageOf(list, 0) : list;
      // Each item counts its bytes and a comma.
      expect(fitting(all)).toHaveLength(kept);
      expect(result).toEqual(all.slice(0, kept));
      expect(logs).toContain(
        `Left out ${100 - kept} of 100 videos from GET /api/video, positions ${kept + 1} to 100 ` +
          "of this result: with them, the result would pass Zapier's 6 MiB limit.",
      );
    },
  );
});

describe('each list read as a full sort of its usable rows: the newest first, by ObjectId', () => {
  const [a, b, c] = [objectId(1), objectId(2), objectId(3)];
  const rowsOf = (...ids: unknown[]): unknown[] => ids.map((id, i) => ({ id, title: `Row ${i}` }));
  it.each([
    ['ascending ObjectIds', rowsOf(a, b, c), [c, b, a]],
    ['descending ObjectIds', rowsOf(c, b, a), [c, b, a]],
    ['one item', rowsOf(a), [a]],
    ['no item', [], []],
    ['ascending, then descending', rowsOf(a, c, b), [c, b, a]],
    ['descending, then ascending', rowsOf(c, a, b), [c, b, a]],
    ['a repeat', rowsOf(a, a, b), [b, a]],
    ['a repeat at the end of descending ids', rowsOf(c, b, b), [c, b]],
    ['ascending, then a repeat of the first', rowsOf(a, b, c, a), [c, b, a]],
    ['an id in `_id`', [{ id: a }, { _id: b }], [b, a]],
    [
      'an ObjectId in capitals: the service order',
      rowsOf(a, b.toUpperCase()),
      [a, b.toUpperCase()],
    ],
    ['ascending ids that are not ObjectIds', rowsOf('a', 'b'), ['a', 'b']],
    ['a number', rowsOf(a, 42), [a, '42']],
    ['a number past 2^53', rowsOf(a, 2 ** 53), [a]],
    ['a number that is not whole', rowsOf(a, 1.5), [a]],
    ['a row that is null', [{ id: a }, null], [a]],
    ['an id inside a list', [{ id: a }, { id: [b] }], [a]],
    ['an empty id', rowsOf(a, ''), [a]],
    ['a space after an id', rowsOf(a, `${b} `), [b, a]],
    ['a no-break space before an id', rowsOf(a, `\u00a0${b}`), [b, a]],
    ['a tab before an id', rowsOf(`\t${a}`, b), [b, a]],
  ] as const)('%s', async (_name, list, ids) => {
    api('video').reply(200, list);
    let result: { id: string }[] = [];
    const logs = await logsOf(async () => {
      result = (await poll('video')) as { id: string }[];
    });
    expect(result.map(({ id }) => id)).toEqual(ids);
    expect(result).toEqual(newestOf(keptOf(list)));
    // A row left out is logged.
    expect(logs.some((line) => line.startsWith('Left out'))).toBe(ids.length < list.length);
  });

  it('shows a repeated id once, at its first row, and logs the repeats the page passed over', async () => {
    // The first row of `a` sorts last by title; its 150 copies sort first, more than a page.
    const list = [
      { id: a, title: 'Zoning' },
      ...Array.from({ length: 150 }, () => ({ id: a, title: 'Apple' })),
      ...Array.from({ length: 120 }, (_, i) => ({ id: objectId(100 + i), title: `Brochure ${i}` })),
    ];
    for (const page of [0, 1]) {
      api('video').reply(200, list);
      let result: unknown;
      const logs = await logsOf(async () => {
        result = await dropdownPage('video', page);
      });
      expect(result).toEqual(dropdownPageOf(list, page));
      expect(logs).toContain(
        `Left out 150 of ${page === 0 ? 250 : 271} videos from GET /api/video: their id ` +
          'repeats an earlier item, and Zapier needs each id once.',
      );
    }
    expect(dropdownPageOf(list, 1).at(-1)).toEqual({ id: a, title: 'Zoning' });
  });

  it('gives the pages of a full sort by title for 5,000 varied titles, shuffled or in stored order', async () => {
    const words = ['Open House', 'Résumé tips', 'escrow', 'Éclair', 'Tour #', 'zoning', 'ÆON'];
    const list = Array.from({ length: 5_000 }, (_, i) => ({
      id: objectId(i),
      title: `${words[(i * 31) % words.length] ?? ''} ${(i * 7919) % 613}`,
    }));
    for (const answer of [list, scrambled(list.length).map((i) => list[i])]) {
      for (const page of [0, 1, 49]) {
        api('video').reply(200, answer);
        expect(await dropdownPage('video', page)).toEqual(dropdownPageOf(answer, page));
      }
    }
  });
});
