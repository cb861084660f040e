// firstInOrder: the first few of a long list in order, without sorting it all.
// It must give exactly what a stable sort's first `count` would.
import { firstInOrder, repeatFinder } from '../../src/triggers/select';

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

const pick = (
  values: readonly number[],
  count: number,
  descending: boolean,
  fromEnd = false,
): number[] =>
  firstInOrder(
    values.length,
    count,
    (i, j) => ((values[i] ?? 0) - (values[j] ?? 0)) * (descending ? -1 : 1),
    fromEnd ? { fromEnd } : {},
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
    'gives a stable sort’s first items, ties in list order, visited from either end: %s',
    (_name, values) => {
      for (const descending of [false, true]) {
        for (const count of [1, 2, 100, 1_000, values.length - 1, values.length]) {
          const expected = sortedPositions(values, descending).slice(0, count);
          expect(pick(values, count, descending)).toEqual(expected);
          expect(pick(values, count, descending, true)).toEqual(expected);
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

  const comparisonsFor = (values: readonly number[], count: number, fromEnd: boolean): number => {
    let comparisons = 0;
    firstInOrder(
      values.length,
      count,
      (i, j) => {
        comparisons += 1;
        return (values[j] ?? 0) - (values[i] ?? 0);
      },
      fromEnd ? { fromEnd } : {},
    );
    return comparisons;
  };

  it('compares about once per item for a scrambled list, not log2(n) times as a sort would', () => {
    // A sort makes about n·log2(n) ≈ 286,000 comparisons for 20,000 items.
    expect(comparisonsFor(numbers(20_000, 3, 1_000_000), 100, false)).toBeLessThan(2 * 20_000);
  });

  it('compares about once per item for the largest of an ascending list when visited from the end', () => {
    const ascending = Array.from({ length: 20_000 }, (_, i) => i);
    expect(comparisonsFor(ascending, 1_000, true)).toBeLessThan(2 * 20_000);
    // From the start, every item displaces the last kept: log2(1,000) levels each.
    expect(comparisonsFor(ascending, 1_000, false)).toBeGreaterThan(10 * 20_000);
  });
});

describe('firstInOrder, passing over what `next` says comes after the last kept', () => {
  /** Ascending: from `from`, the next value below the last kept one's (an equal one comes after it). */
  const nextBelow =
    (values: readonly number[]) =>
    (from: number, last: number): number => {
      let position = from;
      while (position < values.length && (values[position] ?? 0) >= (values[last] ?? 0)) {
        position += 1;
      }
      return position;
    };
  const ascending = (values: readonly number[]) => (i: number, j: number) =>
    (values[i] ?? 0) - (values[j] ?? 0);

  it('gives the same as visiting every item, and never compares an item it passed over', () => {
    for (const values of [numbers(2_000, 7, 50), numbers(2_000, 11, 1_000_000)]) {
      for (const count of [1, 100, 1_999]) {
        const compared = new Set<number>();
        const passed = new Set<number>();
        const next = (from: number, last: number): number => {
          const to = nextBelow(values)(from, last);
          for (let position = from; position < to; position++) passed.add(position);
          return to;
        };
        const recorded = (i: number, j: number): number => {
          compared.add(i).add(j);
          return ascending(values)(i, j);
        };
        const result = firstInOrder(values.length, count, recorded, { next });
        expect(result).toEqual(sortedPositions(values, false).slice(0, count));
        expect([...passed].filter((position) => compared.has(position))).toEqual([]);
        if (count < 1_999) expect(passed.size).toBeGreaterThan(values.length / 2);
      }
    }
  });

  it('asks from the item after the last visited, with the position of the last kept', () => {
    const values = [3, 1, 2, 0, 5];
    const asked: [number, number][] = [];
    const next = (from: number, last: number): number => {
      asked.push([from, last]);
      return from;
    };
    expect(firstInOrder(values.length, 2, ascending(values), { next })).toEqual([3, 1]);
    // Kept 3 and 1: the last is 3 (position 0); then 2 displaces it, then 0 displaces 2.
    expect(asked).toEqual([
      [2, 0],
      [3, 2],
      [4, 1],
    ]);
  });

  it('stops where `next` says no item may come before the last kept', () => {
    const values = [4, 2, 3, 0, 1];
    const toEnd = (): number => values.length;
    // The first two are kept; 0 and 1 are never visited.
    expect(firstInOrder(values.length, 2, ascending(values), { next: toEnd })).toEqual([1, 0]);
  });
});

describe('repeatFinder', () => {
  /** The reference: a set of every id so far. */
  const withSet = (ids: readonly string[]): boolean[] => {
    const seen = new Set<string>();
    return ids.map((id) => seen.has(id) || (seen.add(id), false));
  };
  const found = (ids: readonly string[]): boolean[] => ids.map(repeatFinder());
  const hex = (n: number): string => n.toString(16).padStart(24, '0');
  const rising = Array.from({ length: 300 }, (_, i) => hex(i * 3));

  it.each([
    ['rising ids', rising],
    ['falling ids', [...rising].reverse()],
    ['a repeat right after its first', [hex(1), hex(2), hex(2), hex(3)]],
    ['rising, then a repeat of an early id', [...rising, hex(0), hex(900)]],
    ['falling, then a repeat of an early id', [...rising].reverse().concat(hex(897), hex(1))],
    ['rising, then falling through the earlier ids', [...rising, hex(899), hex(600), hex(3)]],
    ['scrambled, many repeats', numbers(2_000, 5, 300).map(hex)],
    ['one id', [hex(7)]],
    ['the same id three times', [hex(7), hex(7), hex(7)]],
  ])('tells repeats as a set of every id would: %s', (_name, ids) => {
    expect(found(ids)).toEqual(withSet(ids));
  });
});
