// Optional filters on the hook triggers. A subscription is one action value and
// the service delivers every event of it, so the app drops the events a Zap
// builder did not ask for. A filter is one optional input field plus the test
// an event must pass when that field is filled in; the events table says which
// trigger has which. Zapier-free at run time, like the normaliser beside it.
import type { FieldChoiceWithLabel, PlainInputField, ZObject } from 'zapier-platform-core';
import { numberOf } from './normalise';

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
      /** `wanted` is the field's value trimmed and lower-cased, never blank. */
      readonly passes: (event: Event, wanted: string) => boolean;
    })
  | (FilterField & {
      readonly kind: 'minimum';
      readonly passes: (event: Event, minimum: number) => boolean;
    });

/** Trimmed and lower-cased, so " Buyer " matches "buyer"; undefined for a non-string. */
const folded = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim().toLowerCase() : undefined;

/** The service's material types; a send carries each type's materials under its lower-case name. */
export const MATERIAL_TYPE_CHOICES: readonly FieldChoiceWithLabel[] = [
  { value: 'VIDEO', sample: 'VIDEO', label: 'Video' },
  { value: 'PDF', sample: 'PDF', label: 'PDF' },
  { value: 'IMAGE', sample: 'IMAGE', label: 'Image' },
];
const MATERIAL_KEYS: readonly string[] = MATERIAL_TYPE_CHOICES.map((c) => c.value.toLowerCase());

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

/** Passes when the event's `payloadKey`, read as a number, is at least the value. */
export const atLeastFilter = (payloadKey: string, field: FilterField): EventFilter => ({
  ...field,
  kind: 'minimum',
  passes: (event, minimum) => {
    // No number (undefined, as NaN) is at least any minimum.
    return (numberOf(event[payloadKey]) ?? Number.NaN) >= minimum;
  },
});

/** Passes when the send's string for the chosen type (`video`, `pdf` or `image`) is not blank. */
export const sentMaterialFilter = (field: FilterField): EventFilter => ({
  ...field,
  kind: 'text',
  choices: MATERIAL_TYPE_CHOICES,
  passes: (event, wanted) => MATERIAL_KEYS.includes(wanted) && !!folded(event[wanted]),
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
    const wanted = text.toLowerCase();
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
 * what keeps only the events that pass every filter; blank fields filter nothing.
 */
export function eventFilter(
  z: ZObject,
  inputData: Readonly<Record<string, unknown>>,
  filters: readonly EventFilter[],
): <T extends Event>(events: readonly T[]) => T[] {
  const checks = filters.flatMap((filter) => checkOf(z, filter, inputData[filter.key]) ?? []);
  return (events) => events.filter((event) => checks.every((check) => check(event)));
}
