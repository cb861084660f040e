// The list path's selection. firstInOrder: the first few of a long list in order, without
// sorting it all; it must give exactly what a stable sort's first `count` would. listedOf,
// firstOnce and newestOf: the shortcuts each takes, and what each promises in exchange (the
// runs' outcomes are tested against full sorts in triggers.test.ts and properties.test.ts).
import { errors, type ZObject } from 'zapier-platform-core';
import { firstInOrder } from '../../src/triggers/select';
import { firstOnce, LISTS, listedOf, newestOf, type Listed } from '../../src/triggers/lists';

/** A repeatable list of small numbers, so that many are equal. */
function numbers(length: number, seed: number, range: number): number[] {
  let state = seed;
  return Array.from({ length }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % range;
  });
}

/** The reference: positions after a stable sort (Array.prototype.sort is stable). */
const sortedPositions = (values: readonly number[], descending: boolean): number[] =>
  values
    .map((_, i) => i)
    .sort((i, j) => ((values[i] ?? 0) - (values[j] ?? 0)) * (descending ? -1 : 1));

const pick = (values: readonly number[], count: number, descending: boolean): number[] =>
  firstInOrder(
    values.length,
    count,
    (i, j) => ((values[i] ?? 0) - (values[j] ?? 0)) * (descending ? -1 : 1),
  );

describe('firstInOrder', () => {
  const lists = {
    'scrambled, many equal': numbers(2_000, 7, 50),
    'scrambled, all different': numbers(2_000, 11, 1_000_000),
    'ascending (every item displaces the last kept)': Array.from({ length: 2_000 }, (_, i) => i),
    descending: Array.from({ length: 2_000 }, (_, i) => 2_000 - i),
    'all equal': Array.from({ length: 500 }, () => 3),
  };

  it.each(Object.entries(lists))(
    'gives a stable sort’s first items, ties in list order: %s',
    (_name, values) => {
      for (const descending of [false, true]) {
        for (const count of [1, 2, 100, 1_000, values.length - 1, values.length]) {
          const expected = sortedPositions(values, descending).slice(0, count);
          expect(pick(values, count, descending)).toEqual(expected);
        }
      }
    },
  );

  it('gives every item, in order, when asked for more than there are', () => {
    const values = [5, 1, 4, 1, 3];
    expect(pick(values, 10, false)).toEqual([1, 3, 4, 2, 0]);
  });

  it('gives nothing for a count of 0 or an empty list', () => {
    expect(pick([3, 1, 2], 0, false)).toEqual([]);
    expect(pick([], 5, false)).toEqual([]);
  });

  it('compares about once per item for a scrambled list, not log2(n) times as a sort would', () => {
    const values = numbers(20_000, 3, 1_000_000);
    let comparisons = 0;
    firstInOrder(values.length, 100, (i, j) => {
      comparisons += 1;
      return (values[j] ?? 0) - (values[i] ?? 0);
    });
    // A sort makes about n·log2(n) ≈ 286,000 comparisons for 20,000 items.
    expect(comparisons).toBeLessThan(2 * 20_000);
  });
});

describe('listedOf', () => {
  const z = { errors, console: { log: () => undefined } } as unknown as ZObject;
  const [a, b, c] = ['a', 'b', 'c'].map((x) => `69a3818${x}${'0'.repeat(16)}`);
  it.each([
    ['rising ids', [a, b, c], 'rising'],
    ['falling ids', [c, b, a], 'falling'],
    ['one id', [a], 'rising'],
    ['no id', [], 'rising'],
    ['a repeat', [a, a], undefined],
    ['a repeat after rising', [a, b, b], undefined],
    ['rising, then falling', [a, c, b], undefined],
    ['falling, then rising', [c, a, b], undefined],
    ['rising, then a repeat of the first', [a, b, a], undefined],
  ] as const)(
    'tells ids that rise or fall all along, which none repeats: %s',
    (_name, ids, order) => {
      const data = ids.map((id) => ({ id, title: 'T' }));
      const listed = listedOf(z, LISTS.video, { data, content: JSON.stringify(data) });
      expect(listed.ids).toEqual(ids);
      expect(listed.order).toBe(order);
    },
  );

  it('keeps the answer’s rows as they are, leaving out those without a usable id', () => {
    const data = [{ id: a }, { _id: b }, { id: 7 }];
    expect(listedOf(z, LISTS.video, { data, content: '' })).toEqual({
      rows: data,
      ids: [a, b, '7'],
      order: 'rising',
    });
    // Read in place: no copy of a list where every row has an id.
    expect(listedOf(z, LISTS.video, { data, content: '' }).rows).toBe(data);
    const mixed = [{ id: a }, 'a', { id: ' ' }, null, { _id: c }];
    expect(listedOf(z, LISTS.video, { data: mixed, content: '' })).toEqual({
      rows: [{ id: a }, { _id: c }],
      ids: [a, c],
      order: 'rising',
    });
  });
});

describe('firstOnce', () => {
  const listedOfIds = (ids: string[], order?: Listed['order']): Listed => ({
    rows: ids.map((id) => ({ id })),
    ids,
    ...(order ? { order } : {}),
  });
  /** A picker in a fixed order that records how many positions it was asked for. */
  const recorded = (order: number[]) => {
    const asked: number[] = [];
    const pick = (upTo: number): number[] => {
      asked.push(upTo);
      return order.slice(0, upTo);
    };
    return { asked, pick };
  };

  it('asks for as many as it returns, then twice as many only while repeats leave it short', () => {
    const once = recorded([4, 3, 2, 1, 0]);
    expect(firstOnce(listedOfIds(['a', 'b', 'c', 'd', 'e']), 3, once.pick)).toEqual({
      positions: [4, 3, 2],
      repeats: 0,
      looked: 3,
    });
    expect(once.asked).toEqual([3]);
    const repeated = recorded([4, 3, 2, 1, 0]);
    expect(firstOnce(listedOfIds(['a', 'b', 'a', 'b', 'c']), 2, repeated.pick)).toEqual({
      positions: [4, 1],
      repeats: 2,
      looked: 4,
    });
    expect(repeated.asked).toEqual([2, 4]);
  });

  it('finds in the list the first row of each picked id, unless the order promises it is picked', () => {
    const listed = listedOfIds(['a', 'b', 'a']);
    expect(firstOnce(listed, 2, recorded([2, 1]).pick).positions).toEqual([1]);
    // `repeatsFollow`, or ids in order: the picks are taken as the first rows, the list unread.
    expect(firstOnce(listed, 2, recorded([2, 1]).pick, true).positions).toEqual([2, 1]);
    const ordered = listedOfIds(['a', 'b', 'a'], 'rising');
    expect(firstOnce(ordered, 2, recorded([2, 1]).pick).positions).toEqual([2, 1]);
  });
});

describe('newestOf', () => {
  const ids = ['c', 'a', 'b'].map((x) => `69a3818${x}${'0'.repeat(16)}`);
  it.each([
    ['rising', [2, 1, 0]],
    ['falling', [0, 1, 2]],
    [undefined, [0, 2, 1]],
  ] as const)(
    'takes the newest from the end ids in order %s say, comparing none',
    (order, newest) => {
      const listed: Listed = { rows: [], ids, ...(order ? { order } : {}) };
      expect(newestOf(listed)?.(3)).toEqual(newest);
    },
  );
});
