// The size rule (src/lib/size.ts): a result within its budget, and the cut of an item too large.
import fc from 'fast-check';
import { BUDGET, cutToFit, ListWithinBudget, sizeOf } from '../../src/lib/size';

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 50) };
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const cut = <T>(entry: T, budget: number): T => cutToFit(entry, budget)[0];

describe('ListWithinBudget', () => {
  it('keeps entries in order while their JSON array fits the budget, then counts the rest', () => {
    const lines: string[] = [];
    const list = new ListWithinBudget<string>('titles', (line) => lines.push(line));
    const entry = 'é'.repeat(1024 * 1024); // 2 MiB of UTF-8
    for (let n = 0; n < 4; n++) list.add(entry);
    expect(list.leavingOut).toBe(true);
    const kept = list.done();
    expect(kept).toHaveLength(2);
    expect(bytes(kept)).toBeLessThanOrEqual(BUDGET);
    expect(lines).toEqual([
      "2 of 4 titles were left out: with them the result would pass Zapier's limit.",
    ]);
  });

  it('cuts a first entry too large on its own instead of leaving it out, and says so', () => {
    const lines: string[] = [];
    const list = new ListWithinBudget<object>('items', (line) => lines.push(line));
    list.add({ id: '1', note: 'x'.repeat(BUDGET) });
    const [item] = list.done();
    expect(bytes([item])).toBeLessThanOrEqual(BUDGET);
    expect(lines).toEqual([
      'The first of the items was too large alone: its largest values were cut.',
    ]);
  });
});

describe('ListWithinBudget, the first entry and the rest', () => {
  it('cuts a first entry of text too large alone to text that fits', () => {
    const list = new ListWithinBudget<string>('tags', () => undefined, 100);
    list.add('t'.repeat(300));
    const [tag] = list.done();
    expect(typeof tag).toBe('string');
    expect(bytes([tag])).toBeLessThanOrEqual(100);
  });

  it('cuts only the first entry: a later one too large for the room left is left out whole', () => {
    const lines: string[] = [];
    const list = new ListWithinBudget<object>('items', (line) => lines.push(line), 1_000);
    list.add({ id: '1' });
    // Cut to half, it would fit the room left; it is counted instead.
    list.add({ id: '2', note: 'x'.repeat(1_000) });
    expect(list.done()).toEqual([{ id: '1' }]);
    expect(lines).toEqual([
      "1 of 2 items were left out: with them the result would pass Zapier's limit.",
    ]);
  });
});

describe('cutToFit', () => {
  it('gives a value that is no object or list as it is, or halved text', () => {
    expect([cutToFit(null, 1), cutToFit(7, 1), cutToFit('abcdef', 6)]).toEqual([
      [null, 4],
      [7, 1],
      ['a…', 6],
    ]);
  });

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
        const fitted = cut(value, budget);
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
    const fitted = cut({ id: '1', fields: { Notes: 'n'.repeat(100) }, tags: ['t'] }, 75);
    expect(fitted).toEqual({ id: '1', fields: { Notes: `${'n'.repeat(24)}…` }, tags: ['t'] });
  });
});

it('counts a value JSON cannot write as the null Zapier gets', () => {
  expect(sizeOf(undefined)).toBe(bytes(null));
});

describe('ListWithinBudget at its bounds', () => {
  it.each([[{}], [[]], [{ a: 1 }], [[1, 'b']], ['x'], ['"\\']])(
    'keeps %j whole when the array just fits, and not whole one byte under',
    (entry) => {
      const lines: string[] = [];
      const exact = new ListWithinBudget<unknown>(
        'rows',
        (line) => lines.push(line),
        bytes([entry]),
      );
      exact.add(entry);
      expect(exact.done()).toEqual([entry]);
      expect(lines).toEqual([]); // not cut either
      const under = new ListWithinBudget<unknown>('rows', () => undefined, bytes([entry]) - 1);
      under.add(entry);
      const kept = under.done(); // cut, or left out when it cannot be
      expect(kept).not.toEqual([entry]);
      expect(bytes(kept)).toBeLessThan(bytes([entry]));
    },
  );

  it('keeps a later entry that just fits, and leaves it out one byte under', () => {
    const entries = ['first', { b: 'second' }];
    const fits = new ListWithinBudget<unknown>('rows', () => undefined, bytes(entries));
    entries.forEach((entry) => fits.add(entry));
    expect(fits.done()).toEqual(entries);
    const over = new ListWithinBudget<unknown>('rows', () => undefined, bytes(entries) - 1);
    entries.forEach((entry) => over.add(entry));
    expect(over.done()).toEqual(['first']);
  });

  it('leaves out every entry after the first left out, even one that would fit', () => {
    const list = new ListWithinBudget<string>('rows', () => undefined, 20);
    ['aaaa', 'x'.repeat(20), 'b'].forEach((entry) => list.add(entry));
    expect(list.done()).toEqual(['aaaa']);
  });

  it('cuts a first entry so that the array, brackets included, fits a small budget', () => {
    const lines: string[] = [];
    const list = new ListWithinBudget<string>('rows', (line) => lines.push(line), 10);
    list.add('x'.repeat(20));
    const kept = list.done();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^x+…$/);
    expect(bytes(kept)).toBeLessThanOrEqual(10);
    expect(lines).toEqual([expect.stringContaining('was too large alone')]);
  });

  it('leaves out a first entry that no cut makes fit', () => {
    const list = new ListWithinBudget<object>('rows', () => undefined, 10);
    list.add({ a: 123456789 });
    expect(list.leavingOut).toBe(true);
    expect(list.done()).toEqual([]);
  });
});

describe('cutToFit, the cut of an entry too large', () => {
  it('halves a text on its own until it fits, and stops as soon as it does', () => {
    expect(cut('x'.repeat(100), 20).length).toBeLessThan(100);
    expect(bytes(cut('x'.repeat(100), 20))).toBeLessThanOrEqual(20);
    expect(cut('abc', bytes('abc'))).toBe('abc');
  });

  it('stops cutting a value once the entry fits exactly', () => {
    const once = { a: 'xxxx…' }; // 'x' * 10 halved once
    expect(cut({ a: 'x'.repeat(10) }, bytes(once))).toEqual(once);
  });

  it('halves a list or object of several entries to its first half', () => {
    const entry = {
      id: '1',
      fields: { A: 'a'.repeat(40), B: 'b'.repeat(40) },
      tags: ['c'.repeat(40), 'd'.repeat(40)],
    };
    const halves = { id: '1', fields: { A: 'a'.repeat(40) }, tags: ['c'.repeat(40)] };
    expect(cut(entry, bytes(halves))).toStrictEqual(halves);
  });

  it('keeps values that cannot be halved as they are, and returns the entry as small as it gets', () => {
    expect(cut({ a: null, b: 12345, c: true, d: [] }, 3)).toStrictEqual({
      a: null,
      b: 12345,
      c: true,
      d: [],
    });
    expect(cut({ a: 1, b: 'x'.repeat(10) }, 3)).toStrictEqual({ a: 1, b: '…' });
    expect(cut([1, {}], 3)).toStrictEqual([1, {}]);
    expect(cut({}, 1)).toStrictEqual({});
  });
});

it('keeps whole the fields that show which record an item is, cutting the rest', () => {
  // The last name is the largest value, yet the note is cut.
  const last_name = 'L'.repeat(BUDGET * 0.9);
  const identity = { id: 'c1', email: 'jane@example.com', first_name: 'Jane', last_name };
  const [cut] = cutToFit({ ...identity, note: 'n'.repeat(BUDGET * 0.2) });
  expect(cut).toMatchObject(identity);
  expect(sizeOf(cut)).toBeLessThanOrEqual(BUDGET);
});
