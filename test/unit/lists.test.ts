// What the polls, the dropdowns and the searches return for a list the service sends.
import nock from 'nock';
import type { Bundle } from 'zapier-platform-core';
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

  it('finds exact titles first, then titles that hold the text, each newest first', async () => {
    videos([
      { id: objectId(1), title: 'Open House' },
      { id: objectId(2), title: 'The Open  House Tour' },
      { id: objectId(3), title: 'open house' },
      { id: objectId(4), title: 'Opening' },
      { id: objectId(5), title: 'Résumé: OPEN HOUSE' },
    ]);
    expect(ids(await find('  open   house '))).toEqual([3, 1, 5, 2].map(objectId));
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
