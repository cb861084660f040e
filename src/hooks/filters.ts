// Optional filters on the hook triggers. A subscription is one action value and
// the service delivers every event of it, so the app drops the events a Zap
// builder did not ask for. A filter is one optional input field plus the test
// an event must pass when that field is filled in; the events table says which
// trigger has which.
import type { FieldChoiceWithLabel, PlainInputField, ZObject } from 'zapier-platform-core';
import { fold } from '../text';
import { numberOf } from './shape';
import { MATERIAL_KINDS, type MaterialKind } from './strings';

type Event = Readonly<Record<string, unknown>>;

interface FilterField {
  /** The input field's key (what the Zap builder fills in). */
  readonly key: string;
  readonly label: string;
  readonly helpText: string;
}

export type EventFilter =
  | (FilterField & {
      readonly kind: 'text';
      readonly choices?: readonly FieldChoiceWithLabel[];
      /** `wanted` is the field's value folded (src/text.ts), never blank. */
      readonly passes: (event: Event, wanted: string) => boolean;
    })
  | (FilterField & {
      readonly kind: 'minimum';
      readonly passes: (event: Event, minimum: number) => boolean;
    });

/**
 * An event's value as a filter compares it, folded as the searches fold titles
 * (case and accents aside, runs of spaces as one, either Unicode form);
 * undefined for a value that is not text.
 */
const folded = (value: unknown): string | undefined =>
  typeof value === 'string' ? fold(value) : undefined;

/** The kind of material whose type word is `type`, as the events send it. */
const kindOf = (type: unknown): MaterialKind | undefined =>
  MATERIAL_KINDS.find((kind) => folded(kind.type) === folded(type));

/** The material types, from the lists table: a Material Type filter's choices. */
export const MATERIAL_TYPE_CHOICES: readonly FieldChoiceWithLabel[] = MATERIAL_KINDS.map(
  ({ type, label }) => ({ value: type, sample: type, label }),
);

/** Passes when the event's `payloadKey` equals the value, trimmed and ignoring case. */
export const equalsFilter = (
  payloadKey: string,
  field: FilterField & { readonly choices?: readonly FieldChoiceWithLabel[] },
): EventFilter => ({
  ...field,
  kind: 'text',
  passes: (event, wanted) => folded(event[payloadKey]) === wanted,
});

/** Passes when the event's `payloadKey` list holds the value; no list does not pass. */
export const includesFilter = (payloadKey: string, field: FilterField): EventFilter => ({
  ...field,
  kind: 'text',
  passes: (event, wanted) => {
    const list = event[payloadKey];
    return Array.isArray(list) && list.some((item) => folded(item) === wanted);
  },
});

/**
 * Passes when the event's `payloadKey`, read as a number, is at least the
 * value; an event with no number there counts as `whenBlank` gives, if anything.
 */
export const atLeastFilter = (
  payloadKey: string,
  field: FilterField,
  whenBlank: (event: Event) => number | undefined = () => undefined,
): EventFilter => ({
  ...field,
  kind: 'minimum',
  passes: (event, minimum) => {
    // No number (undefined, as NaN) is at least any minimum.
    return (numberOf(event[payloadKey]) ?? whenBlank(event) ?? Number.NaN) >= minimum;
  },
});

/** Minimum Amount of a watch: a kind opened, not read (an image), counts as its `amountWhenBlank`. */
export const watchedAmountFilter = (field: FilterField): EventFilter =>
  atLeastFilter('material_amount', field, (event) => kindOf(event.material_type)?.amountWhenBlank);

/** Passes when the materials the item shows hold one of the chosen type. */
export const sentMaterialFilter = (field: FilterField): EventFilter => ({
  ...field,
  kind: 'text',
  choices: MATERIAL_TYPE_CHOICES,
  passes: (event, wanted) => {
    const { materials } = event;
    return (
      Array.isArray(materials) &&
      materials.some((material: unknown) => folded((material as Event | null)?.type) === wanted)
    );
  },
});

/** The optional input fields of a trigger's filters. */
export const filterInputFields = (filters: readonly EventFilter[]): PlainInputField[] =>
  filters.map((filter) => ({
    key: filter.key,
    label: filter.label,
    helpText: filter.helpText,
    required: false,
    type: filter.kind === 'minimum' ? 'integer' : 'string',
    ...(filter.kind === 'text' && filter.choices ? { choices: [...filter.choices] } : {}),
  }));

const quotedValue = (text: string): string =>
  JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

type Check = (event: Event) => boolean;

/** The check of one filter for the value filled in, or undefined when it is left blank. */
function checkOf(z: ZObject, filter: EventFilter, raw: unknown): Check | undefined {
  if (raw === undefined || raw === null) return undefined;
  const invalid = (problem: string): Error =>
    new z.errors.Error(`The "${filter.label}" field ${problem}`, 'invalid_input');
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    throw invalid(
      'needs a single value, not a list or a set of fields. Type one, or leave it blank.',
    );
  }
  const text = String(raw).trim();
  if (!text) return undefined;
  if (filter.kind === 'text') {
    const wanted = fold(text);
    return (event) => filter.passes(event, wanted);
  }
  const minimum = numberOf(text);
  if (minimum === undefined) {
    throw invalid(
      `needs a number, such as 50, but got ${quotedValue(text)}. ` +
        'Type a whole number, or leave it blank to let every amount through.',
    );
  }
  return (event) => filter.passes(event, minimum);
}

/**
 * The one place filters are applied, for live events and samples alike. Reads
 * the values filled in (a clear error for one that cannot be used) and returns
 * the test an item must pass; undefined when every field is blank. An event
 * that fails is dropped silently for the Zap builder (no Zap run), so the
 * run's log says which filter dropped it, once per filter and run.
 */
export function eventFilter(
  z: ZObject,
  inputData: Readonly<Record<string, unknown>>,
  filters: readonly EventFilter[],
): ((event: Event) => boolean) | undefined {
  const checks = filters.flatMap((filter) => {
    const check = checkOf(z, filter, inputData[filter.key]);
    return check ? [{ filter, check, value: String(inputData[filter.key]).trim() }] : [];
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
