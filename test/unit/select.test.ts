// The list path's selection. firstInOrder: the first few of a long list in order, without
// sorting it all; it must give exactly what a stable sort's first `count` would. readRows,
// firstOfEachId and newestFirst: the shortcuts each takes, and what each promises in exchange
// (the runs' outcomes are tested against full sorts in triggers.test.ts and properties.test.ts).
import { errors, type ZObject } from 'zapier-platform-core';
import { LISTS } from '../../src/triggers/lists';
import { firstInOrder, newestFirst } from '../../src/triggers/order';
import { firstOfEachId, readRows, type ListRows } from '../../src/triggers/rows';

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

describe('readRows', () => {
  const logged: string[] = [];
  const z = { errors, console: { log: (line: string) => logged.push(line) } } as unknown as ZObject;
  beforeEach(() => {
    logged.length = 0;
  });
  const [a, b, c] = ['a', 'b', 'c'].map((x) => `69a3818${x}${'0'.repeat(16)}`);
  it.each([
    ['ascending ids', [a, b, c], 'ascending'],
    ['descending ids', [c, b, a], 'descending'],
    ['one id', [a], 'ascending'],
    ['no id', [], 'ascending'],
    ['a repeat', [a, a], undefined],
    ['a repeat after ascending ids', [a, b, b], undefined],
    ['ascending, then descending', [a, c, b], undefined],
    ['descending, then ascending', [c, a, b], undefined],
    ['ascending, then a repeat of the first', [a, b, a], undefined],
  ] as const)('tells ids sorted all along, so that none repeats: %s', (_name, ids, idOrder) => {
    const data = ids.map((id) => ({ id, title: 'T' }));
    const list = readRows(z, LISTS.video, { data });
    expect(list.ids).toEqual(ids);
    expect(list.idOrder).toBe(idOrder);
  });

  it('keeps the rows as they are, leaving out those without a usable id, and logs them', () => {
    const data = [{ id: a }, { _id: b }, { id: 7 }];
    expect(readRows(z, LISTS.video, { data })).toEqual({
      rows: data,
      ids: [a, b, '7'],
      idOrder: 'ascending',
    });
    // Read in place: no copy of a list where every row has an id.
    expect(readRows(z, LISTS.video, { data }).rows).toBe(data);
    expect(logged).toEqual([]);
    const mixed = [{ id: a }, 'a', { id: ' ' }, null, { id: 2 ** 53 }, { id: 1.5 }, { _id: c }];
    expect(readRows(z, LISTS.video, { data: { data: mixed } })).toEqual({
      rows: [{ id: a }, { _id: c }],
      ids: [a, c],
      idOrder: 'ascending',
    });
    expect(logged).toEqual([
      'Left out 5 of 7 videos from GET /api/video: they have no usable "id" or "_id", so ' +
        'Zapier could not tell them apart.',
    ]);
  });

  it.each([
    ['the largest whole number JSON holds exactly', 2 ** 53 - 1, ['9007199254740991']],
    ['a negative whole number', -3, ['-3']],
    ['a number past 2^53, which JSON.parse rounds', 2 ** 53, []],
    ['a number that is not whole', 4.2, []],
  ])('reads a numeric id: %s', (_name, id, ids) => {
    expect(readRows(z, LISTS.video, { data: [{ id, title: 'T' }] }).ids).toEqual(ids);
  });
});

describe('firstOfEachId', () => {
  const rowsOfIds = (ids: string[], idOrder?: ListRows['idOrder']): ListRows => ({
    rows: ids.map((id) => ({ id })),
    ids,
    ...(idOrder ? { idOrder } : {}),
  });
  /** An order fixed in advance that records how many positions it was asked for. */
  const recorded = (order: number[]) => {
    const asked: number[] = [];
    const take = (count: number): number[] => {
      asked.push(count);
      return order.slice(0, count);
    };
    return { asked, take };
  };

  it('asks for as many as it returns, then twice as many only while repeats leave it short', () => {
    const once = recorded([4, 3, 2, 1, 0]);
    expect(firstOfEachId(rowsOfIds(['a', 'b', 'c', 'd', 'e']), 3, once.take)).toEqual({
      positions: [4, 3, 2],
      repeats: 0,
      considered: 3,
    });
    expect(once.asked).toEqual([3]);
    const repeated = recorded([4, 3, 2, 1, 0]);
    expect(firstOfEachId(rowsOfIds(['a', 'b', 'a', 'b', 'c']), 2, repeated.take)).toEqual({
      positions: [4, 1],
      repeats: 2,
      considered: 4,
    });
    expect(repeated.asked).toEqual([2, 4]);
  });

  it('stops asking once the order gives fewer rows than asked for', () => {
    const short = recorded([1, 0]);
    expect(firstOfEachId(rowsOfIds(['a', 'a']), 2, short.take)).toEqual({
      positions: [0],
      repeats: 1,
      considered: 2,
    });
    expect(short.asked).toEqual([2, 4]);
  });

  it('finds in the list the first row of each id taken, unless the order promises it is taken', () => {
    const list = rowsOfIds(['a', 'b', 'a']);
    expect(firstOfEachId(list, 2, recorded([2, 1]).take).positions).toEqual([1]);
    // `sameIdInListOrder`, or sorted ids: the rows taken are the first rows, the list unread.
    expect(firstOfEachId(list, 2, recorded([2, 1]).take, true).positions).toEqual([2, 1]);
    const sorted = rowsOfIds(['a', 'b', 'a'], 'ascending');
    expect(firstOfEachId(sorted, 2, recorded([2, 1]).take).positions).toEqual([2, 1]);
  });
});

describe('newestFirst', () => {
  const ids = ['c', 'a', 'b'].map((x) => `69a3818${x}${'0'.repeat(16)}`);
  it.each([
    ['ascending', [2, 1, 0]],
    ['descending', [0, 1, 2]],
    [undefined, [0, 2, 1]],
  ] as const)('takes the newest from the end that sorted ids (%s) show', (idOrder, newest) => {
    const list: ListRows = { rows: [], ids, ...(idOrder ? { idOrder } : {}) };
    expect(newestFirst(list)?.(3)).toEqual(newest);
    expect(newestFirst(list)?.(2)).toEqual(newest.slice(0, 2));
  });

  it('orders only the positions asked for, and gives them as positions of the list', () => {
    const list: ListRows = { rows: [], ids: [...ids, ids[0] ?? ''] };
    expect(newestFirst(list, [1, 2])?.(5)).toEqual([2, 1]);
    expect(newestFirst({ ...list, idOrder: 'descending' }, [1, 2])?.(1)).toEqual([1]);
  });

  it('gives no order when an id is not an ObjectId', () => {
    expect(newestFirst({ rows: [], ids: [...ids, 'k-1'] })).toBeUndefined();
    expect(newestFirst({ rows: [], ids: [...ids, 'k-1'] }, [0, 1])).toBeDefined();
  });
});
