// The one size rule, and the bounded selection behind the orders, held by properties.
import fc from 'fast-check';
import { firstInOrder, newestFirst } from '../../src/lib/order';
import { BUDGET, truncateToFit, TruncatedList, sizeOf } from '../../src/lib/size';

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 50) };
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('TruncatedList', () => {
  it('keeps entries in order while their JSON array fits the budget, then counts the rest', () => {
    const lines: string[] = [];
    const list = new TruncatedList<string>('titles', (line) => lines.push(line));
    const entry = 'é'.repeat(1024 * 1024); // 2 MiB of UTF-8
    for (let n = 0; n < 4; n++) list.add(entry);
    expect(list.full).toBe(true);
    const kept = list.done();
    expect(kept).toHaveLength(2);
    expect(bytes(kept)).toBeLessThanOrEqual(BUDGET);
    expect(lines).toEqual([
      "2 of 4 titles were left out: with them the result would pass Zapier's limit.",
    ]);
  });

  it('cuts a first entry too large on its own instead of leaving it out, and says so', () => {
    const lines: string[] = [];
    const list = new TruncatedList<object>('items', (line) => lines.push(line));
    list.add({ id: '1', note: 'x'.repeat(BUDGET) });
    const [item] = list.done();
    expect(bytes([item])).toBeLessThanOrEqual(BUDGET);
    expect(lines).toEqual(['The first of the items was truncated to fit.']);
  });
});

describe('truncateToFit', () => {
  const part = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.array(fc.string({ maxLength: 60 }), { maxLength: 8 }),
  );
  const item = fc.record({
    id: fc.string({ maxLength: 30 }),
    email: fc.string({ maxLength: 30 }),
    first_name: fc.string({ maxLength: 30 }),
    a: part,
    b: fc.dictionary(fc.string({ maxLength: 5 }), part, { maxKeys: 5 }),
  });

  it('fits any item within a budget its identity keys leave room for, and never cuts them', () => {
    fc.assert(
      fc.property(item, fc.integer({ min: 0, max: 2_000 }), (value, room) => {
        const budget =
          bytes({ id: value.id, email: value.email, first_name: value.first_name, a: '', b: {} }) +
          room;
        const fitted = truncateToFit(value, budget);
        expect(bytes(fitted)).toBeLessThanOrEqual(Math.max(budget, 0) + 8);
        expect([fitted.id, fitted.email, fitted.first_name]).toEqual([
          value.id,
          value.email,
          value.first_name,
        ]);
      }),
      RUNS,
    );
  });

  it('halves the largest value, and the one entry of a list or object deeper in', () => {
    const fitted = truncateToFit({ id: '1', fields: { Notes: 'n'.repeat(100) }, tags: ['t'] }, 75);
    expect(fitted).toEqual({ id: '1', fields: { Notes: `${'n'.repeat(24)}…` }, tags: ['t'] });
  });
});

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

it('counts a value JSON cannot write as the null Zapier gets', () => {
  expect(sizeOf(undefined)).toBe(bytes(null));
});

describe('TruncatedList at its bounds', () => {
  it.each([[{}], [[]], [{ a: 1 }], [[1, 'b']], ['x'], ['"\\']])(
    'keeps %j whole when the array just fits, and not whole one byte under',
    (entry) => {
      const lines: string[] = [];
      const exact = new TruncatedList<unknown>('rows', (line) => lines.push(line), bytes([entry]));
      exact.add(entry);
      expect(exact.done()).toEqual([entry]);
      expect(lines).toEqual([]); // not cut either
      const under = new TruncatedList<unknown>('rows', () => undefined, bytes([entry]) - 1);
      under.add(entry);
      const kept = under.done(); // cut, or left out when it cannot be
      expect(kept).not.toEqual([entry]);
      expect(bytes(kept)).toBeLessThan(bytes([entry]));
    },
  );

  it('keeps a later entry that just fits, and leaves it out one byte under', () => {
    const entries = ['first', { b: 'second' }];
    const fits = new TruncatedList<unknown>('rows', () => undefined, bytes(entries));
    entries.forEach((entry) => fits.add(entry));
    expect(fits.done()).toEqual(entries);
    const over = new TruncatedList<unknown>('rows', () => undefined, bytes(entries) - 1);
    entries.forEach((entry) => over.add(entry));
    expect(over.done()).toEqual(['first']);
  });

  it('leaves out every entry after the first left out, even one that would fit', () => {
    const list = new TruncatedList<string>('rows', () => undefined, 20);
    ['aaaa', 'x'.repeat(20), 'b'].forEach((entry) => list.add(entry));
    expect(list.done()).toEqual(['aaaa']);
  });

  it('cuts a first entry so that the array, brackets included, fits a small budget', () => {
    const lines: string[] = [];
    const list = new TruncatedList<string>('rows', (line) => lines.push(line), 10);
    list.add('x'.repeat(20));
    const kept = list.done();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^x+…$/);
    expect(bytes(kept)).toBeLessThanOrEqual(10);
    expect(lines).toEqual([expect.stringContaining('was truncated to fit')]);
  });

  it('leaves out a first entry that no cut makes fit', () => {
    const list = new TruncatedList<object>('rows', () => undefined, 10);
    list.add({ a: 123456789 });
    expect(list.full).toBe(true);
    expect(list.done()).toEqual([]);
  });
});

describe('truncateToFit, the cut of an entry too large', () => {
  it('halves a text on its own until it fits, and stops as soon as it does', () => {
    expect(truncateToFit('x'.repeat(100), 20).length).toBeLessThan(100);
    expect(bytes(truncateToFit('x'.repeat(100), 20))).toBeLessThanOrEqual(20);
    expect(truncateToFit('abc', bytes('abc'))).toBe('abc');
  });

  it('stops cutting a value once the entry fits exactly', () => {
    const once = { a: 'xxxx…' }; // 'x' * 10 halved once
    expect(truncateToFit({ a: 'x'.repeat(10) }, bytes(once))).toEqual(once);
  });

  it('halves a list or object of several entries to its first half', () => {
    const entry = {
      id: '1',
      fields: { A: 'a'.repeat(40), B: 'b'.repeat(40) },
      tags: ['c'.repeat(40), 'd'.repeat(40)],
    };
    const halves = { id: '1', fields: { A: 'a'.repeat(40) }, tags: ['c'.repeat(40)] };
    expect(truncateToFit(entry, bytes(halves))).toStrictEqual(halves);
  });

  it('keeps values that cannot be halved as they are, and returns the entry as small as it gets', () => {
    expect(truncateToFit({ a: null, b: 12345, c: true, d: [] }, 3)).toStrictEqual({
      a: null,
      b: 12345,
      c: true,
      d: [],
    });
    expect(truncateToFit({ a: 1, b: 'x'.repeat(10) }, 3)).toStrictEqual({ a: 1, b: '…' });
    expect(truncateToFit([1, {}], 3)).toStrictEqual([1, {}]);
    expect(truncateToFit({}, 1)).toStrictEqual({});
  });
});
