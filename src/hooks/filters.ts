// Optional filters on the hook triggers: the service delivers every event of an action, so the app
// drops those the Zap builder did not ask for. Text is folded as the searches fold titles.
import type { FieldChoiceWithLabel, PlainInputField, ZObject } from 'zapier-platform-core';
import { isObject, numberOf, type JsonObject } from '../lib/json';
import { MATERIALS } from '../lib/lists';
import { fold, quote } from '../lib/text';

interface FilterField {
  readonly key: string;
  readonly label: string;
  readonly helpText: string;
  readonly choices?: readonly FieldChoiceWithLabel[];
}

export interface Filter extends FilterField {
  readonly type: 'string' | 'integer';
  /** The test of an item for a value filled in; `invalid` makes the error for a value it can't use. */
  readonly testFor: (
    value: string,
    invalid: (problem: string) => Error,
  ) => (item: JsonObject) => boolean;
}

/** Passes when the item's value at `path` (`materials[]type`: in each of its materials), folded, is
 * the value filled in. */
export const textFilter = (field: FilterField, path: string): Filter => ({
  ...field,
  type: 'string',
  testFor: (value) => {
    const wanted = fold(value);
    const [key = '', child] = path.split('[]');
    return (item) =>
      [item[key]]
        .flat()
        .map((entry: unknown) => (child && isObject(entry) ? entry[child] : entry))
        .some((text) => typeof text === 'string' && fold(text) === wanted);
  },
});

/** Minimum Amount of a watch: a material with no amount (an image) counts as its `amountWhenBlank`. */
export const amountFilter = (field: FilterField): Filter => ({
  ...field,
  type: 'integer',
  testFor: (value, invalid) => {
    const minimum = numberOf(value);
    if (minimum === undefined) {
      throw invalid(
        `needs a number, such as 50, but got ${quote(value, 40)}. Type a whole number, or ` +
          'leave it blank to let every amount through.',
      );
    }
    return (item) => {
      const type = typeof item.material_type === 'string' ? fold(item.material_type) : '';
      const material = MATERIALS.find((one) => fold(one.type) === type);
      // No number at all (NaN) passes no minimum.
      return (numberOf(item.material_amount) ?? material?.amountWhenBlank ?? Number.NaN) >= minimum;
    };
  },
});

export const filterInputFields = (filters: readonly Filter[]): PlainInputField[] =>
  filters.map(({ key, label, helpText, type, choices }) => ({
    key,
    label,
    helpText,
    required: false,
    type,
    ...(choices && { choices: [...choices] }),
  }));

// The test an item must pass, for live events and samples alike; undefined when every field is
// blank. An item left out starts no Zap run, so the log names the filter, once a run.
export function itemFilter(
  z: ZObject,
  inputData: Readonly<Record<string, unknown>>,
  filters: readonly Filter[],
): ((item: JsonObject) => boolean) | undefined {
  const checks = filters.flatMap((filter) => {
    const raw = inputData[filter.key] ?? '';
    const invalid = (problem: string): Error =>
      new z.errors.Error(`The "${filter.label}" field ${problem}`, 'invalid_input');
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      throw invalid(
        'needs a single value, not a list or a set of fields. Type one, or leave it blank.',
      );
    }
    const value = String(raw).trim();
    return value ? [{ filter, passes: filter.testFor(value, invalid), value }] : [];
  });
  if (checks.length === 0) return undefined;
  const logged = new Set<Filter>();
  return (item) => {
    const failed = checks.find(({ passes }) => !passes(item));
    if (failed && !logged.has(failed.filter)) {
      logged.add(failed.filter);
      z.console.log(
        `The "${failed.filter.label}" filter (${quote(failed.value, 40)}) left out an event that does not match it.`,
      );
    }
    return failed === undefined;
  };
}
