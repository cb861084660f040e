// The form of the service's ids, held to the anchored patterns it replaced.
import fc from 'fast-check';
import { isLowerCaseObjectId, isObjectId } from '../../src/http/ids';

// PROPERTY_RUNS lowers the count for `npm run mutation`, which runs these once per mutant.
const RUNS = { seed: 20261123, numRuns: Number(process.env.PROPERTY_RUNS ?? 2000) * 10 } as const;

/** The reference: what the app tested with before, written as the form reads. */
const LOWER_CASE_FORM = /^[0-9a-f]{24}$/;
const ANY_CASE_FORM = /^[0-9a-f]{24}$/i;

const ID = '64b7f0c2a91e3d5f8c2b4a17';

describe('the form of the service ids', () => {
  it.each([
    ['an ObjectId as MongoDB writes it', ID, true, true],
    ['the same in capitals', ID.toUpperCase(), false, true],
    ['one capital', `${ID.slice(0, 23)}A`, false, true],
    ['every digit and letter of the form', '0123456789abcdef01234567', true, true],
    ['one hex digit short', ID.slice(1), false, false],
    ['one hex digit over', `${ID}0`, false, false],
    ['blank', '', false, false],
    ['a letter past f', `${ID.slice(0, 23)}g`, false, false],
    ['a capital past F', `G${ID.slice(1)}`, false, false],
    ['a line break after 23 digits', `${ID.slice(0, 23)}\n`, false, false],
    ['a space before 23 digits', ` ${ID.slice(1)}`, false, false],
    ['a full-width a', `${ID.slice(0, 23)}\uFF41`, false, false],
    [
      'a dotted capital I (İ), which lower-cases to two characters',
      `${ID.slice(0, 23)}\u0130`,
      false,
      false,
    ],
    ['the Kelvin sign (K), which folds to k', `${ID.slice(0, 23)}\u212A`, false, false],
    ['a back-quote, the character before a', `${ID.slice(0, 23)}\``, false, false],
    ['characters between 9 and a', `${ID.slice(0, 22)}:@`, false, false],
  ] as const)('%s', (_name, id, lowerCase, anyCase) => {
    expect([isLowerCaseObjectId(id), isObjectId(id)]).toEqual([lowerCase, anyCase]);
    // The table agrees with the patterns the tests replaced.
    expect([LOWER_CASE_FORM.test(id), ANY_CASE_FORM.test(id)]).toEqual([lowerCase, anyCase]);
  });

  it('agrees with the anchored patterns on any text near the form', () => {
    // Lengths around 24, drawn mostly from hex digits in both cases, and the characters
    // next to them in ASCII, white space and some that case-folding treats specially.
    const near = fc.constantFrom(...'0123456789abcdefABCDEF/:@`gG \n\t\u00A0\u0130\u212A\uFF41');
    const text = fc.oneof(
      fc.array(near, { minLength: 22, maxLength: 26 }).map((chars) => chars.join('')),
      fc
        .array(fc.constantFrom(...'0123456789abcdef'), { minLength: 24, maxLength: 24 })
        .chain((digits) =>
          fc
            .tuple(fc.nat(23), near)
            .map(([at, char]) => [...digits.slice(0, at), char, ...digits.slice(at + 1)].join('')),
        ),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(text, (id) => {
        expect([isLowerCaseObjectId(id), isObjectId(id)]).toEqual([
          LOWER_CASE_FORM.test(id),
          ANY_CASE_FORM.test(id),
        ]);
      }),
      RUNS,
    );
  });
});
