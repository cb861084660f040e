// Optional filters on the hook triggers: the service delivers every event of
// an action, so the app drops the events a Zap builder did not ask for.
import type { FieldChoiceWithLabel, PlainInputField, ZObject } from 'zapier-platform-core';
import { cutText, fold } from '../text';
import { numberOf } from './shape';
import { MATERIAL_KINDS } from './strings';

type Event = Readonly<Record<string, unknown>>;

interface FilterField {
  /** The input field's key (what the Zap builder fills in). */
  readonly key: string;
  readonly label: string;
  readonly helpText: string;
  readonly choices?: readonly FieldChoiceWithLabel[];
}

export interface EventFilter extends FilterField {
  readonly type: 'string' | 'integer';
  /** The test for the value filled in (trimmed, never blank); `invalid` makes the error for it. */
  readonly testFor: (
    text: string,
    invalid: (problem: string) => Error,
  ) => (event: Event) => boolean;
}

/** An event's text folded as the searches fold titles; undefined for a value that is not text. */
const folded = (value: unknown): string | undefined =>
  typeof value === 'string' ? fold(value) : undefined;

const quotedValue = (text: string): string => JSON.stringify(cutText(text, 41));

export const MATERIAL_TYPE_CHOICES: readonly FieldChoiceWithLabel[] = MATERIAL_KINDS.map(
  ({ type, label }) => ({ value: type, sample: type, label }),
);

/** Passes when the item's value, or one in its list, folded, is the value filled in. */
export const textFilter = (field: FilterField, valueOf: (item: Event) => unknown): EventFilter => ({
  ...field,
  type: 'string',
  testFor: (text) => {
    const wanted = fold(text);
    return (event) => [valueOf(event)].flat().some((value) => folded(value) === wanted);
  },
});

/** Minimum Amount of a watch: a kind opened, not read (an image), counts as its `amountWhenBlank`. */
export const watchedAmountFilter = (field: FilterField): EventFilter => ({
  ...field,
  type: 'integer',
  testFor: (text, invalid) => {
    const minimum = numberOf(text);
    if (minimum === undefined) {
      throw invalid(
        `needs a number, such as 50, but got ${quotedValue(text)}. ` +
          'Type a whole number, or leave it blank to let every amount through.',
      );
    }
    return (event) => {
      const kind = MATERIAL_KINDS.find(({ type }) => fold(type) === folded(event.material_type));
      // No number (NaN) is at least no minimum.
      return (numberOf(event.material_amount) ?? kind?.amountWhenBlank ?? Number.NaN) >= minimum;
    };
  },
});

/** Passes when the materials the item shows hold one of the chosen type. */
export const sentMaterialFilter = (field: FilterField): EventFilter =>
  textFilter({ ...field, choices: MATERIAL_TYPE_CHOICES }, ({ materials }) =>
    Array.isArray(materials) ? materials.map((material: Event) => material.type) : [],
  );

export const filterInputFields = (filters: readonly EventFilter[]): PlainInputField[] =>
  filters.map((filter) => ({
    key: filter.key,
    label: filter.label,
    helpText: filter.helpText,
    required: false,
    type: filter.type,
    ...(filter.choices ? { choices: [...filter.choices] } : {}),
  }));

// The test an item must pass, for live events and samples alike; undefined when every field is
// blank. A dropped event starts no Zap run, so the log names the filter that dropped it, once.
export function eventFilter(
  z: ZObject,
  inputData: Readonly<Record<string, unknown>>,
  filters: readonly EventFilter[],
): ((event: Event) => boolean) | undefined {
  const checks = filters.flatMap((filter) => {
    const raw = inputData[filter.key];
    if (raw === undefined || raw === null) return [];
    const invalid = (problem: string): Error =>
      new z.errors.Error(`The "${filter.label}" field ${problem}`, 'invalid_input');
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      throw invalid(
        'needs a single value, not a list or a set of fields. Type one, or leave it blank.',
      );
    }
    const value = String(raw).trim();
    return value ? [{ filter, check: filter.testFor(value, invalid), value }] : [];
  });
  if (checks.length === 0) return undefined;
  const logged = new Set<EventFilter>();
  return (event) => {
    const failed = checks.find(({ check }) => !check(event));
    if (failed && !logged.has(failed.filter)) {
      logged.add(failed.filter);
      z.console.log(
        `The "${failed.filter.label}" filter (${quotedValue(failed.value)}) dropped an event ` +
          'that does not match it: it starts no Zap run.',
      );
    }
    return failed === undefined;
  };
}
