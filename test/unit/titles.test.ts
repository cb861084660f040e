// compareTitles places most pairs of titles without Intl.Collator, whose
// creation costs about 5 ms in a fresh process: each case it decides is
// checked here for its answer and for leaving the collator unmade. That the
// answers are the collator's, for any titles, is held in properties.test.ts.
import type * as Titles from '../../src/triggers/titles';

/** The module as a fresh process loads it (no collator made yet), and a count of collators made. */
function freshTitles(): { titles: typeof Titles; made: jest.SpyInstance } {
  const made = jest.spyOn(Intl, 'Collator');
  let titles: typeof Titles | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    titles = require('../../src/triggers/titles') as typeof Titles;
  });
  if (!titles) throw new Error('titles.ts did not load');
  return { titles, made };
}

afterEach(() => jest.restoreAllMocks());

describe('compareTitles, without the collator', () => {
  it.each([
    ['the same title', 'Open House', 'Open House', 0],
    ['different first letters', 'Tour', 'apple', 1],
    ['different first letters, the other way', 'apple', 'Tour', -1],
    ['a title continued', 'Open House', 'Open House #2', -1],
    ['a title continued, the other way', 'Open House #2', 'Open House', 1],
    ['a title continued after its number', 'Tour 1a', 'Tour 1', 1],
    ['numbered copies', 'Open House #12', 'Open House #9', 1],
    ['numbered copies, the other way', 'Open House #9', 'Open House #12', -1],
    ['numbered copies with leading zeros', 'Open House #010', 'Open House #9', 1],
    ['numbered copies of equal length', 'Open House #12', 'Open House #13', -1],
    ['numbers alone', '10', '9', 1],
    ['a number lengthened', 'Tour #1', 'Tour #12', -1],
    ['titles that first differ by a letter', 'Open House', 'Offer Letter', 1],
    ['titles that first differ by a letter, case aside', 'open House', 'OPEN home', 1],
    ['titles that first differ by a letter after the same number', 'Tour 12 b', 'Tour 12 A', 1],
  ])('%s: %j against %j gives %d', (_case, a, b, sign) => {
    const { titles, made } = freshTitles();
    expect([Math.sign(titles.compareTitles(a, b)), made.mock.calls.length]).toEqual([sign, 0]);
  });
});

describe('compareTitles, a title continued', () => {
  it('by printable ASCII other than a digit comes after it, whatever its last character, as the collator has it', () => {
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const { titles, made } = freshTitles();
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const title = `Tour ${String.fromCharCode(code)}`;
      for (const next of [' ', '!', '-', 'a', 'Z', '~']) {
        const order = [
          collator.compare(title, title + next),
          titles.compareTitles(title, title + next),
        ];
        if (order.some((sign) => sign >= 0)) wrong.push(`U+${code.toString(16)} ${next}`);
      }
    }
    // This test's collator was made before the spy: compareTitles made none.
    expect([wrong, made.mock.calls.length]).toEqual([[], 0]);
  });
});

describe('compareTitles, with the collator', () => {
  it.each([
    ['case alone', 'Tour', 'tour', 0],
    ['an accent', 'Éclair', 'eclair', 0],
    ['the same number written with a leading zero', 'Tour #07', 'Tour #7', 0],
    ['a digit of another script before the number', 'x\u066201', 'x\u06629', 1],
    ['a continuation the collator ignores', 'Tour', 'Tour\u0001', 0],
    ['a continuation by DEL, which it ignores too', 'Tour', 'Tour\u007f', 0],
    ['different text before the numbers', 'Tour #2', 'Tour B #1', -1],
    ['a number against none', 'Tour 2', 'Tour B', -1],
    ['a letter against a digit', 'Tour a', 'Tour 1', 1],
    ['letters after a character outside ASCII', 'Éa', 'Éb', -1],
    ['letters after a control character', 'Tour\u0001a', 'Tour\u0001b', -1],
    ['letters after different characters outside ASCII', 'ña', 'éb', 1],
    ['letters after [ and {, a bit apart as a capital and its small letter are', 'x[b', 'x{a', -1],
    ['letters after @ and `, the same bit apart', 'x@b', 'x`a', -1],
  ])('%s: %j against %j gives %d, from one collator made once', (_case, a, b, sign) => {
    const { titles, made } = freshTitles();
    expect(Math.sign(titles.compareTitles(a, b))).toBe(sign);
    expect(Math.sign(titles.compareTitles(b, a)) || 0).toBe(-sign || 0);
    expect(made.mock.calls).toEqual([['en', { sensitivity: 'base', numeric: true }]]);
  });
});

// The cheapest cases, which a dropdown tests on a title as the list has it (untrimmed).
const CHEAP_CASES = {
  numberedOrder: [
    ['a numbered copy before', 'Tour #2', 'Tour #10', -1],
    ['a numbered copy after', 'Tour #10', 'Tour #2', 1],
    ['leading zeros', 'Tour #010', 'Tour #9', 1],
    ['the same number', 'Tour #07', 'Tour #7', 0],
    ['a space before', ' Tour #2', 'Tour #10', 0],
    ['a space after', 'Tour #2 ', 'Tour #10', 0],
    ['other text', 'Tours #2', 'Tour #10', 0],
    ['no number', 'Tour #', 'Tour #10', 0],
    ['a second title without a number', 'Tour #2', 'Tour', 0],
    ['numbers alone', '10', '9', 1],
    ['a blank second title, the first one asked about', 'x12', '', 0],
  ],
  quickOrder: [
    ['different first letters', 'Tour', 'apple', 1],
    ['different first letters, the other way', 'apple', 'Tour', -1],
    ['different first letters, case aside', 'tour', 'Apple', 1],
    ['a later first letter, a space after', 'Tour ', 'apple', 1],
    ['numbered copies', 'Tour #10', 'Tour #9', 1],
    ['numbered copies, the other way', 'Tour #9', 'Tour #10', -1],
    ['numbered copies with leading zeros', 'Tour #010', 'Tour #9', 1],
    ['numbers alone', '10', '9', 1],
    ['the same first letter', 'Tour', 'Town', 0],
    ['a space before', ' Tour', 'apple', 0],
    ['a space before a numbered copy', ' Tour #10', 'Tour #9', 0],
    ['a first character that is no letter', '9 Elms', 'Tour', 0],
    ['a first letter outside ASCII', 'Éclair', 'apple', 0],
    ['a blank second title', 'Tour', '', 0],
  ],
} as const satisfies Record<string, readonly (readonly [string, string, string, number])[]>;

describe.each(Object.keys(CHEAP_CASES) as (keyof typeof CHEAP_CASES)[])(
  '%s, on a title as the list has it against a trimmed one',
  (name) => {
    it.each(CHEAP_CASES[name])(
      '%s: %j against %j gives %d, 0 when it cannot tell',
      (_case, a, b, sign) => {
        const { titles, made } = freshTitles();
        expect([Math.sign(titles[name](a, b)), made.mock.calls.length]).toEqual([sign, 0]);
      },
    );
  },
);
