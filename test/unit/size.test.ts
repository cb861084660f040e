// The one size rule, and the bounded selection behind the orders, held by properties.
import fc from 'fast-check';
import { firstInOrder, newestFirst } from '../../src/lib/order';
import { BUDGET, cutToFit, Fitting, sizeOf } from '../../src/lib/size';

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 50) };
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('Fitting', () => {
  it('keeps entries in order while their JSON array fits the budget, then counts the rest', () => {
    const lines: string[] = [];
    const fitting = new Fitting<string>('titles', (line) => lines.push(line));
    const entry = 'é'.repeat(1024 * 1024); // 2 MiB of UTF-8
    for (let n = 0; n < 4; n++) fitting.add(entry);
    expect(fitting.full).toBe(true);
    const kept = fitting.done();
    expect(kept).toHaveLength(2);
    expect(bytes(kept)).toBeLessThanOrEqual(BUDGET);
    expect(lines).toEqual([
      "2 of 4 titles were left out: with them the result would pass Zapier's limit.",
    ]);
  });

  it('cuts a first entry too large on its own instead of leaving it out, and says so', () => {
    const lines: string[] = [];
    const fitting = new Fitting<object>('items', (line) => lines.push(line));
    fitting.add({ id: '1', note: 'x'.repeat(BUDGET) });
    const [item] = fitting.done();
    expect(bytes([item])).toBeLessThanOrEqual(BUDGET);
    expect(lines).toEqual(['The first of the items was cut to fit.']);
  });
});

describe('cutToFit', () => {
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
        const fitted = cutToFit(value, budget);
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
    const fitted = cutToFit({ id: '1', fields: { Notes: 'n'.repeat(100) }, tags: ['t'] }, 75);
    expect(fitted).toEqual({ id: '1', fields: { Notes: `${'n'.repeat(24)}…` }, tags: ['t'] });
  });

  it('sizes as Zapier counts: UTF-8 bytes of the JSON, escapes and lone surrogates included', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), text), (value) =>
        expect(sizeOf(value)).toBe(bytes(value)),
      ),
      RUNS,
    );
  });
});

it('newestFirst gives the ids of all or some positions, newest first, as a sort would', () => {
  const hex = fc.stringMatching(/^[0-9a-f]{24}$/);
  fc.assert(
    fc.property(
      fc.uniqueArray(hex, { maxLength: 60 }),
      fc.boolean(),
      fc.nat(70),
      (ids, rising, count) => {
        const list = rising ? [...ids].sort() : ids;
        const among = list.map((_, i) => i).filter((i) => i % 3 !== 1);
        const sorted = (positions: number[]) =>
          [...positions]
            .sort((i, j) => ((list[j] ?? '') > (list[i] ?? '') ? 1 : -1))
            .slice(0, count);
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
