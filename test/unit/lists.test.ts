// What the polls, the dropdowns and the searches return for a list the service sends.
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { LISTS, listResult, readList, titleOf } from '../../src/lib/crmgrow-lists';
import { firstInOrder, newestFirst } from '../../src/lib/order';
import { bundleWith, HOST, logsOf, run } from '../support/app';

/** An ObjectId made at second `n` (its first 8 hex digits are the time): larger is newer. */
const objectId = (n: number): string => `${n.toString(16).padStart(8, '0')}${'0'.repeat(16)}`;
const videos = (rows: unknown) =>
  nock(HOST)
    .get('/api/video')
    .reply(200, rows as nock.Body);
const poll = (meta: Partial<Bundle['meta']> = {}) =>
  run('triggers.video.operation.perform', bundleWith({ meta } as Partial<Bundle>)) as Promise<
    { id: string; title: string }[]
  >;
const ids = (items: { id: string }[]) => items.map(({ id }) => id);

/** 1,200 videos in no order, each titled by its time. */
const shuffled = Array.from({ length: 1_200 }, (_, i) => (i * 7919) % 1_200).map((n) => ({
  id: objectId(n + 1),
  title: `Video ${n + 1}`,
}));
const newest = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => objectId(from - i));

describe('a poll', () => {
  it('returns the newest 1,000 first, as their ids tell, then the next page', async () => {
    videos(shuffled);
    expect(ids(await poll())).toEqual(newest(1_200, 1_000));
    videos(shuffled);
    expect(ids(await poll({ page: 1 }))).toEqual(newest(200, 200));
  });

  it('returns the newest 10,000 of 12,000 when Zapier fills its dedupe list', async () => {
    const many = Array.from({ length: 12_000 }, (_, i) => ({ id: objectId(i + 1), title: 't' }));
    videos(many);
    expect(ids(await poll({ isPopulatingDedupe: true }))).toEqual(newest(12_000, 10_000));
  });

  it('returns up to 10,000 when Zapier fills its dedupe list, and 10 for a sample', async () => {
    videos(shuffled);
    expect(await poll({ isPopulatingDedupe: true })).toHaveLength(1_200);
    videos(shuffled);
    expect(ids(await poll({ isLoadingSample: true }))).toEqual(newest(1_200, 10));
  });

  it('keeps the service order, the whole list on the first page, when ids show no age', async () => {
    const rows = ['c', 'a', 'b'].map((id) => ({ id: `uuid-${id}`, title: id }));
    videos(rows);
    expect(ids(await poll())).toEqual(['uuid-c', 'uuid-a', 'uuid-b']);
    // Nor do ObjectIds in capitals, which MongoDB never writes.
    videos([objectId(0xab), objectId(0xcd).toUpperCase()].map((id) => ({ id, title: id })));
    expect(ids(await poll())).toEqual([objectId(0xab), objectId(0xcd).toUpperCase()]);
    videos(rows);
    expect(await poll({ page: 1 })).toEqual([]);
  });

  it('reads `_id`, numbers and an envelope; rows with no usable id and repeats are left out and logged', async () => {
    videos({
      data: [
        { _id: objectId(3), title: '  Three  ' },
        { id: 2, title: 'Two' },
        { id: ' ', title: 'Blank id' },
        // Past 2^53 a number is no longer the id the service meant.
        { id: 2 ** 53, title: 'Rounded' },
        { title: 'No id' },
        'not a row',
        { id: objectId(3), title: 'Three again' },
      ],
    });
    const { result, logs } = await logsOf(poll);
    // A number shows no age, so the service's order stays.
    expect(result).toEqual([
      { id: objectId(3), title: 'Three' },
      { id: '2', title: 'Two' },
    ]);
    expect(logs.join('\n')).toMatch(
      /4 videos without a usable "id"[\s\S]*1 videos whose id repeats/,
    );
  });

  it('cuts titles to 1,000 characters and keeps the result within 5 MiB, counting what is left out', async () => {
    const escaped = '\u0001'.repeat(2_000); // 6 bytes each in JSON
    videos(Array.from({ length: 1_000 }, (_, i) => ({ id: objectId(i + 1), title: escaped })));
    const { result, logs } = await logsOf(poll);
    expect(result[0]?.title).toHaveLength(1_000);
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(5 * 1024 * 1024);
    const kept = result.length;
    expect(logs).toContainEqual(
      expect.stringContaining(`${1_000 - kept} of 1000 videos were left out`),
    );
  });
});

describe('a dropdown', () => {
  const dropdown = (page = 0) => poll({ isFillingDynamicDropdown: true, page });

  it('lists A–Z, case and accents aside, "9" before "10", equal titles by id, untitled last', async () => {
    const titles = ['zebra', '', 'Banana 10', 'éclair', 'banana 9', 'Apple', 'apple', '#1'];
    videos(titles.map((title, i) => ({ id: objectId(100 - i), title })));
    const shown = ((await dropdown()) as { title: string }[]).map(({ title }) => title);
    expect(shown).toEqual(['#1', 'apple', 'Apple', 'banana 9', 'Banana 10', 'éclair', 'zebra', '']);
  });

  it('gives 100 choices a page', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({
      id: objectId(i + 1),
      title: `T${String(i).padStart(3, '0')}`,
    }));
    videos(rows);
    const page = (await dropdown(2)) as { title: string }[];
    expect(page.map(({ title }) => title)).toEqual(rows.slice(200).map(({ title }) => title));
  });
});

describe('a search', () => {
  const find = (title: string) =>
    run('searches.find_video.operation.perform', bundleWith({ inputData: { title } })) as Promise<
      { id: string; title: string }[]
    >;

  it('finds exact titles first (spaces aside), then titles that hold the text, each newest first', async () => {
    videos([
      { id: objectId(1), title: 'Open House' },
      { id: objectId(2), title: 'The Open  House Tour' },
      { id: objectId(3), title: ' open house  ' },
      { id: objectId(4), title: 'Opening' },
      { id: objectId(5), title: 'Résumé: OPEN HOUSE' },
    ]);
    expect(ids(await find('  open   house '))).toEqual([3, 1, 5, 2].map(objectId));
  });

  it.each([
    [true, [1]],
    [' Yes ', [1]],
    ['false', [1, 2]],
    ['yes please', [1, 2]],
    ['not true', [1, 2]],
  ])('with Exact Match %j finds a whole title only when yes', async (exact_match, found) => {
    videos([
      { id: objectId(1), title: 'TOUR' },
      { id: objectId(2), title: 'Tour of 12 Elm Street' },
    ]);
    const result = await run(
      'searches.find_video.operation.perform',
      bundleWith({ inputData: { title: 'Tour', exact_match } }),
    );
    expect(ids(result as { id: string }[])).toEqual(found.map(objectId));
  });

  it('folds letters the collator takes for base letters: "strasse" finds "Straße"', async () => {
    videos([
      { id: 'a', title: 'Große Straße' },
      { id: 'b', title: 'Smørrebrød' },
      { id: 'c', title: 7 },
    ]);
    expect(ids(await find('STRASSE'))).toEqual(['a']);
  });

  it('folds accents and case on both sides, and finds at most 25', async () => {
    videos(Array.from({ length: 30 }, (_, i) => ({ id: objectId(i + 1), title: `Café ${i}` })));
    const found = await find('CAFE');
    expect(found).toHaveLength(25);
    expect(found[0]?.id).toBe(objectId(30));
  });

  it('finds nothing as [] ', async () => {
    videos([{ id: objectId(1), title: 'Open House' }]);
    await expect(find('Closing')).resolves.toEqual([]);
  });
});

describe('the order of a list', () => {
  /** firstInOrder over `values`, smallest first, with the number of comparisons it made. */
  const smallest = (values: readonly number[], count: number) => {
    let comparisons = 0;
    const indexes = firstInOrder(values.length, count, (i, j) => {
      comparisons++;
      return (values[i] ?? 0) - (values[j] ?? 0);
    });
    return { indexes, comparisons };
  };
  const LENGTH = 1_000;
  const COUNT = 10;
  const sortCost = 2 * COUNT * Math.log2(2 * COUNT); // a merge sort of the 2·COUNT kept
  let seed = 1;
  const shuffled = Array.from({ length: LENGTH }, () => (seed = (seed * 48_271) % 2_147_483_647));

  // A position that cannot be among the best so far costs one comparison; the kept ones are sorted
  // once 2·COUNT wait, so no input costs a sort of the whole list, nor COUNT a position.
  it.each([
    ['in order', Array.from({ length: LENGTH }, (_, i) => i), LENGTH + sortCost],
    ['shuffled', shuffled, 2 * LENGTH],
    [
      'reversed',
      Array.from({ length: LENGTH }, (_, i) => LENGTH - i),
      LENGTH + LENGTH * (sortCost / COUNT),
    ],
  ])('picks the first indexes, %s, with few comparisons', (_, values, bound) => {
    const { indexes, comparisons } = smallest(values, COUNT);
    const expected = values
      .map((value, i) => [value, i] as const)
      .sort(([a], [b]) => a - b)
      .slice(0, COUNT)
      .map(([, i]) => i);
    expect(indexes).toEqual(expected);
    expect(comparisons).toBeLessThanOrEqual(bound);
  });

  it.each([
    ['rising', [1, 2, 3], [2, 1, 0]],
    ['repeated, rising', [1, 2, 2], [1, 2, 0]],
    ['repeated, in no order', [2, 1, 2], [0, 2, 1]],
  ])('puts %s ObjectIds newest first, a repeated one in list order', (_, times, expected) => {
    expect(newestFirst(times.map(objectId))?.(3)).toEqual(expected);
  });
});

describe('reading and returning a list', () => {
  const spec = LISTS.video;
  const logger = () => {
    const log = jest.fn((line: string) => line);
    return { log, z: { console: { log } } as unknown as ZObject };
  };

  it('logs nothing for a list with every id usable and each once', async () => {
    videos([1, 2].map((n) => ({ id: objectId(n), title: `Video ${n}` })));
    const { logs } = await logsOf(poll);
    expect(logs.filter((line) => line.includes('Left out'))).toEqual([]);
  });

  it('says why rows without an id are left out', () => {
    const { log, z } = logger();
    readList(z, spec, [{ title: 'No id' }]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Zapier tells items apart by it.'));
  });

  it('gives a row without a text title an empty title', async () => {
    videos([{ id: objectId(1), title: 42 }, { id: objectId(2) }]);
    expect(await poll()).toEqual([
      { id: objectId(2), title: '' },
      { id: objectId(1), title: '' },
    ]);
    expect(titleOf(undefined, spec)).toBe('');
  });

  it("reads a label's title from its name, as CRMGrow's labels have no title", async () => {
    nock(HOST)
      .get('/api/label')
      .reply(200, [
        { id: objectId(1), name: ' Hot Lead ', title: 'not this' },
        { id: objectId(2) },
      ]);
    const items = await run(
      'triggers.label.operation.perform',
      bundleWith({ meta: { isFillingDynamicDropdown: true } } as Partial<Bundle>),
    );
    expect(items).toEqual([
      { id: objectId(1), title: 'Hot Lead' },
      { id: objectId(2), title: '' },
    ]);
  });

  it('counts a repeat past a full result as left out, not as a repeat', () => {
    const { log, z } = logger();
    // 6 bytes a character in JSON: about 6 KB an item, so some 870 fill 5 MiB.
    const title = '\u0001'.repeat(1_000);
    const rows = Array.from({ length: 900 }, (_, i) => ({ id: objectId(i + 1), title }));
    const list = { rows, ids: rows.map(({ id }) => id) };
    const result = listResult(z, spec, list, [...rows.keys(), 0]);
    expect(log.mock.calls.flat()).toEqual([
      expect.stringContaining(`${901 - result.length} of 901 videos were left out`),
    ]);
  });
});

describe('a poll, by its page', () => {
  const rows = Array.from({ length: 30 }, (_, i) => ({ id: objectId(i + 1), title: `V${i}` }));

  it.each([
    ['a sample asks for page 1', { isLoadingSample: true, page: 1 }, 10],
    ['the page is no whole number', { page: 1.5 }, 30],
    ['the page is no number', { page: 'two' as unknown as number }, 30],
  ])('returns the first page when %s', async (_, meta, length) => {
    videos(rows);
    expect(ids(await poll(meta))).toEqual(newest(30, length));
  });

  it('returns the list in the service order with no meta at all', async () => {
    videos(['b', 'a'].map((id) => ({ id, title: id })));
    const found = (await run('triggers.video.operation.perform', bundleWith())) as { id: string }[];
    expect(ids(found)).toEqual(['b', 'a']);
  });
});

describe('a search, more', () => {
  const find = (title: string) =>
    run('searches.find_video.operation.perform', bundleWith({ inputData: { title } })) as Promise<
      { id: string; title: string }[]
    >;

  it.each([
    ['v1.0', ['v1.0', 'v100', 'v1 0'], ['v1.0']],
    ['Tour (2)', ['Tour (2)', 'Tour 2', 'Tour (2) again'], ['Tour (2)', 'Tour (2) again']],
    ['7', [7, 'Lot 7', 'Lot 8'], ['Lot 7']],
  ])('finds %j as typed, in text titles only', async (text, titles, expected) => {
    videos(titles.map((title, i) => ({ id: `id-${i}`, title })));
    expect((await find(text)).map(({ title }) => title)).toEqual(expected);
  });

  it('finds at most 25, exact matches first', async () => {
    videos(
      Array.from({ length: 40 }, (_, i) => ({
        id: objectId(i + 1),
        title: i < 20 ? 'Tour' : `Tour ${i}`,
      })),
    );
    const found = await find('tour');
    expect(found.map(({ title }) => title)).toEqual([
      ...Array.from({ length: 20 }, () => 'Tour'),
      ...[39, 38, 37, 36, 35].map((i) => `Tour ${i}`),
    ]);
  });
});

describe('a search for a title of any length', () => {
  const find = (title: string) =>
    run('searches.find_video.operation.perform', bundleWith({ inputData: { title } })) as Promise<
      { id: string; title: string }[]
    >;
  const words = Array.from({ length: 6_000 }, (_, i) => `word${i}`).join(' ');
  const letters = 'x'.repeat(40_000);

  // Each case: the text, a title that is it, one that holds it, and one that differs past its start.
  it.each([
    [
      '6,000 words',
      words,
      `${words.toUpperCase()}  `,
      `Intro: ${words} (cut)`,
      words.replace('word5999', 'other'),
    ],
    [
      '40,000 characters with no space',
      letters,
      letters,
      `a${letters}b`,
      `${letters.slice(0, 30_000)}y${letters.slice(30_001)}`,
    ],
  ])(
    '%s: exact first, then a title that holds it, never one that differs',
    async (_, text, same, holding, other) => {
      videos([
        { id: objectId(1), title: holding },
        { id: objectId(2), title: other },
        { id: objectId(3), title: same },
      ]);
      expect(ids(await find(text))).toEqual([objectId(3), objectId(1)]);
    },
  );

  it('past 100 characters, compares titles as the short text is compared: capitals, spaces, accents', async () => {
    const text = `${'café '.repeat(25)}au lait`;
    videos([
      { id: objectId(1), title: `Menu: ${'CAFE  '.repeat(25)}au\tlait` },
      { id: objectId(2), title: `${'Café '.repeat(25)}au lait` },
      { id: objectId(5), title: `${'café '.repeat(25)}au lait, iced` },
      { id: objectId(4), title: `${'café '.repeat(25)}au chocolat` },
    ]);
    expect(ids(await find(text))).toEqual([2, 5, 1].map(objectId));
  });
});
