// The orders of a list (src/lib/order.ts): a poll's newest first, without a full sort.
import fc from 'fast-check';
import { firstInOrder, newestFirst } from '../../src/lib/order';

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 50) };

it('newestFirst gives the ids of all or some indexes, newest first, as a sort would', () => {
  const hex = fc.stringMatching(/^[0-9a-f]{24}$/);
  fc.assert(
    fc.property(
      fc.uniqueArray(hex, { maxLength: 60 }),
      fc.boolean(),
      fc.nat(70),
      (ids, rising, count) => {
        const list = rising ? [...ids].sort() : ids;
        const among = list.map((_, i) => i).filter((i) => i % 3 !== 1);
        const sorted = (indexes: number[]) =>
          [...indexes].sort((i, j) => ((list[j] ?? '') > (list[i] ?? '') ? 1 : -1)).slice(0, count);
        expect(newestFirst(list)?.(count)).toEqual(sorted(list.map((_, i) => i)));
        expect(newestFirst(list, among)?.(count)).toEqual(sorted(among));
      },
    ),
    RUNS,
  );
  expect(newestFirst(['64b7f0c2a91e3d5f8c2b4a17', 'x'])).toBeUndefined();
});

it('firstInOrder gives what a stable full sort gives, without sorting it all', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }),
      fc.nat(120),
      (values, count) => {
        const compare = (i: number, j: number) => (values[i] ?? 0) - (values[j] ?? 0);
        const sorted = values.map((_, i) => i).sort((i, j) => compare(i, j) || i - j);
        expect(firstInOrder(values.length, count, compare)).toEqual(sorted.slice(0, count));
      },
    ),
    RUNS,
  );
});

it('newestFirst keeps equal ids in list order', () => {
  const [older, newer] = ['64b7f0c2a91e3d5f8c2b4a17', '64b7f0c2a91e3d5f8c2b4a18'];
  expect(newestFirst([newer, older, newer, older])?.(4)).toEqual([0, 2, 1, 3]);
});
