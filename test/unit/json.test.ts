// JSON as the app reads it (src/lib/json.ts): numbers, dates, objects and envelopes.
import { dateOf, isObject, numberOf, parseJson, contentOf } from '../../src/lib/json';

describe('numberOf', () => {
  it.each<[unknown, number]>([
    [7, 7],
    ['42', 42],
    [' 42 ', 42],
    ['+5', 5],
    ['-2.5', -2.5],
    ['1.25', 1.25],
    ['1.', 1],
    ['.25', 0.25],
    ['1e10', 1e10],
    ['1E+2', 100],
    ['2.5e-3', 0.0025],
  ])('reads %j as %p', (value, number) => {
    expect(numberOf(value)).toBe(number);
  });

  it.each<[unknown]>([
    [Number.NaN],
    [Infinity],
    [''],
    ['abc'],
    ['1,5'],
    ['0x10'],
    ['1e'],
    ['.'],
    ['.e1'],
    ['Infinity'],
    ['1e999'],
    [[5]],
    [true],
    [null],
  ])('reads no number in %p', (value) => {
    expect(numberOf(value)).toBeUndefined();
  });
});

describe('dateOf', () => {
  it.each<[unknown, string | null]>([
    ['2024-03-01T10:00:00+02:00', '2024-03-01T08:00:00.000Z'],
    [0, '1970-01-01T00:00:00.000Z'],
    ['not a date', null],
    [null, null],
    [{}, null],
  ])('reads %p as %p', (value, date) => {
    expect(dateOf(value)).toBe(date);
  });
});

describe('JSON objects', () => {
  it.each<[unknown, boolean]>([
    [{}, true],
    [null, false],
    [[], false],
    ['{}', false],
  ])('isObject(%p) is %p', (value, object) => {
    expect(isObject(value)).toBe(object);
  });

  it('parses JSON, and gives undefined for text that is not', () => {
    expect(parseJson('{"a":[1]}')).toEqual({ a: [1] });
    expect(parseJson('{a:1}')).toBeUndefined();
  });

  it.each<[unknown, unknown]>([
    [{ data: { id: '1' } }, { id: '1' }],
    [{ data: [1] }, [1]],
    [{ data: 'text' }, { data: 'text' }],
    [{ data: null }, { data: null }],
    [[{ data: [1] }], [{ data: [1] }]],
  ])('unwraps %j as %j', (body, held) => {
    expect(contentOf(body)).toEqual(held);
  });
});
