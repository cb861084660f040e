// Text as the app compares and shows it (src/lib/text.ts): folding, truncating, quoting.
import { fold, quote, truncate } from '../../src/lib/text';

describe('text', () => {
  it('folds case, accents, letters without accents and spaces', () => {
    expect(fold('  Résumé \t ÆSTHETE  Straße ')).toBe('resume aesthete strasse');
  });

  it.each([
    ['abc', 3, 'abc'],
    ['abcd', 3, 'ab…'],
    ['a\ud800\udc00b', 3, 'a…'], // the first high surrogate
    ['a\udbff\udfffb', 3, 'a…'], // the last
    ['a\ud7ffbc', 3, 'a\ud7ff…'],
    ['a\udc00bc', 3, 'a\udc00…'], // a low surrogate ends nothing
  ])('cuts %j to %i units as %j', (text, max, cut) => {
    expect(truncate(text, max)).toBe(cut);
  });

  it('quotes a value with its control characters written out', () => {
    expect(quote('a\nb\x7f')).toBe('"a\\u000ab\\u007f"');
    expect(quote('abcdef', 4)).toBe('"abc…"');
  });
});
