// Titles are compared one way: the dropdowns order them with one collator
// (written out in test/support/lists.ts), and the searches fold them with the
// same sensitivity, so that what the collator holds equal, a search finds alike.
import { fold as foldTitle } from '../../src/text';
import { titleComparer } from '../../src/triggers/order';
import { titleCollator } from '../support/lists';

const collator = titleCollator();

describe('the collation of titles', () => {
  it('orders A–Z with case and accents aside, and numbers by their value', () => {
    const titles = ['tour #10', 'Éclair', 'Tour #9', 'apple', 'eclair', 'Apple', 'Tour #010b'];
    expect([...titles].sort(collator.compare)).toEqual([
      'apple',
      'Apple',
      'Éclair',
      'eclair',
      'Tour #9',
      'tour #10',
      'Tour #010b',
    ]);
  });
});

describe("titleComparer: the dropdowns' comparison of titles", () => {
  // First characters around the ASCII letters ('@' and '`' sit just before them by code,
  // '[' and '{' just after), in either case, with accents, digits and punctuation.
  const firsts = ['', '@', 'A', 'a', 'B', 'Z', 'z', '[', '`', '{', 'É', 'é', 'æ', '9', '#', ' '];
  const titles = firsts.flatMap((first) => [first, `${first}b 2`, `${first}B 10`, `${first}ä`]);

  // What a comparison costs: the collator only where the first letters do not decide.
  it.each([
    ['apple', 'Banana', -1, false],
    ['Zoo', 'apple', 1, false],
    ['apple', 'Avocado', -1, true],
    ['@home', 'bed', -1, true],
    ['`tick', 'bed', -1, true],
    ['{brace', 'bed', -1, true],
    ['Éclair', 'fig', -1, true],
    ['9 lives', 'apple', -1, true],
    ['', 'apple', -1, true],
  ])('%j against %j: %d, the collator asked: %s', (a, b, sign, asked) => {
    const compare = titleComparer();
    const collatorCompare = Object.getOwnPropertyDescriptor(Intl.Collator.prototype, 'compare');
    const calls: string[][] = [];
    jest.spyOn(Intl.Collator.prototype, 'compare', 'get').mockImplementation(function (
      this: Intl.Collator,
    ) {
      const bound = collatorCompare?.get?.call(this) as Intl.Collator['compare'];
      return (x: string, y: string) => (calls.push([x, y]), bound(x, y));
    });
    try {
      expect([Math.sign(compare(a, b)), calls]).toEqual([sign, asked ? [[a, b]] : []]);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('orders every pair of titles as the collator does', () => {
    const compare = titleComparer();
    const wrong = titles.flatMap((a) =>
      titles
        .filter((b) => Math.sign(compare(a, b)) !== Math.sign(collator.compare(a, b)))
        .map((b) => [a, b]),
    );
    expect(wrong).toEqual([]);
  });
});

describe('foldTitle: a title as a search compares it', () => {
  it.each([
    ['accents and case', 'Résumé Tips', 'resume tips'],
    ['spaces around and inside', '  Open \t House\u00a0 Flyer ', 'open house flyer'],
    ['ß and its capital', 'Straße STRAẞE', 'strasse strasse'],
    [
      'letters the collator reads as base letters',
      'Æsop Œuvre Ørsted Łódź Đak Ħal',
      'aesop oeuvre orsted lodz dak hal',
    ],
    ['compatibility forms', 'ﬁle Ｔour \u212Aelvin İz', 'file tour kelvin iz'],
    ['a dotless ı, which the collator keeps apart from i', 'ıs', 'ıs'],
    ['a Greek final sigma, as the other', 'ΟΔΟΣ οδος', 'οδοσ οδοσ'],
  ])('%s: %j folds to %j', (_case, title, folded) => {
    expect(foldTitle(title)).toBe(folded);
  });

  // Every letter of ASCII, Latin-1 and Latin Extended-A and -B, and ẞ, the Kelvin sign and İ;
  // but ŀ and Ŀ (Catalan), which NFKD writes as l and a middle dot, a punctuation mark.
  const letters = Array.from({ length: 0x250 - 0x41 }, (_, i) => String.fromCharCode(0x41 + i))
    .filter((letter) => /\p{L}/u.test(letter) && !'ŀĿ'.includes(letter))
    .concat('ẞ', '\u212A', 'İ');

  it('folds two letters alike exactly when the collator holds them equal', () => {
    const wrong: string[] = [];
    for (const a of letters) {
      for (const b of letters) {
        if ((foldTitle(a) === foldTitle(b)) !== (collator.compare(a, b) === 0)) wrong.push(a + b);
      }
    }
    expect(wrong).toEqual([]);
  });
});
