// firstInOrder: the first few of a long list in order, without sorting it all.
// It must give exactly what a stable sort's first `count` would.
import { firstInOrder } from '../../src/triggers/select';

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
