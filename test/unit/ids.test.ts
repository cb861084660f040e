// isObjectId and isLowerCaseObjectId on chosen ids, held to the anchored patterns
// they replace (test/support/expected.ts); test/unit/properties.test.ts does the
// same for any text near the form.
import { isLowerCaseObjectId, isObjectId } from '../../src/http/ids';
import { OBJECT_ID_FORM } from '../support/expected';

const { lowerCase: LOWER_CASE_FORM, anyCase: ANY_CASE_FORM } = OBJECT_ID_FORM;

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
    // The table agrees with the patterns they replace.
    expect([LOWER_CASE_FORM.test(id), ANY_CASE_FORM.test(id)]).toEqual([lowerCase, anyCase]);
  });
});
