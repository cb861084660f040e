// An item of exactly the keys a trigger declares (its output fields), each of
// the declared type, whatever the service sent: a key it left out is there,
// blank, and one it added is not.
import { isRecord, shallowJson } from '../http/json';
import { CUSTOM_FIELDS_KEY, hasCustomFields, isScalar } from './custom-fields';
import type { Expand, Normalised, Payload } from './records';
import type { Log } from './strings';

/** An output field as far as shaping goes: Zapier's `list[]child` keys, a type, a list. */
export interface TypedField {
  readonly key: string;
  readonly type?: string;
  readonly list?: boolean;
}

/** What a trigger's items are made of: its output fields, and how its payloads list records. */
export interface ItemShape {
  readonly outputFields: readonly TypedField[];
  readonly expand?: Expand;
  /** The trigger's sample payload: where it has `additional_field`, items carry `custom_fields`. */
  readonly payload?: Payload;
}

/** An item of a trigger: what a Zap run starts with. */
export type Item = Record<string, unknown> & { id: string };

/** A plain decimal number, as the service writes amounts: no hex, no "Infinity", no blanks. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** A number, or a string that holds one in decimal (the service may send amounts either way). */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !DECIMAL.test(value.trim())) return undefined;
  // Number() reads past the spaces trim() takes off.
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * A list or an object of text, numbers, true/false and null only: JSON writes
 * it at any size, with no walk for its depth (shallowJson's walk holds a pair
 * per value, most of the memory of a run on a million custom fields already
 * parsed, bench section 8). for...in: no list of a million values either.
 */
function isFlat(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isScalar);
  if (!isRecord(value)) return false;
  // An inherited key, which JSON leaves out, only sends the value to the walk.
  for (const key in value) if (!isScalar(value[key])) return false;
  return true;
}

/** Text: numbers and true/false written out, lists and objects as JSON text. */
function textOf(value: unknown, log: Log): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  // A number or true/false as JSON writes it, which is as String() writes it.
  const text = isFlat(value) ? JSON.stringify(value) : shallowJson(value);
  if (text === undefined) log('A value nested too deep to show was left blank.');
  return text ?? null;
}

/** A value as one declared type, or null (blank) when it holds none. */
type AsType = (value: unknown, log: Log) => unknown;

/** Each declared type: "4" is 4 for a number, "true" true for a boolean. */
const AS_TYPE = new Map<string | undefined, AsType>([
  ['number', (value) => numberOf(value) ?? null],
  [
    'integer',
    (value) => {
      const number = numberOf(value);
      return Number.isInteger(number) ? number : null;
    },
  ],
  [
    'boolean',
    (value) => {
      if (typeof value === 'boolean') return value;
      const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
      return text === 'true' ? true : text === 'false' ? false : null;
    },
  ],
]);

/** Text for string, datetime and any other type. */
const asType = (type: string | undefined): AsType => AS_TYPE.get(type) ?? textOf;

/** A list of values (`list: true`): each of the type, blanks left out; one value is a list of one. */
const asList =
  (type: string | undefined): AsType =>
  (value, log) => {
    // A blank (null, undefined) is typed as null and left out like any other.
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    const typed = asType(type);
    return values.map((entry) => typed(entry, log)).filter((entry) => entry !== null);
  };

/** A list of records (`list[]child` keys): each record with exactly those keys. */
const asRecords =
  (children: readonly TypedField[]): AsType =>
  (value, log) => {
    const records = Array.isArray(value) ? value.filter(isRecord) : [];
    return records.map((record) =>
      Object.fromEntries(
        children.map((child) => [child.key, asType(child.type)(record[child.key], log)]),
      ),
    );
  };

/** Each top-level key of an item, and how its value is made. */
function keysOf(fields: readonly TypedField[]): Map<string, AsType> {
  const children = new Map<string, TypedField[]>();
  const keys = new Map<string, AsType>();
  for (const field of fields) {
    // split() gives one part at least.
    const [key, child] = field.key.split('[]') as [string, string?];
    if (child !== undefined) {
      let list = children.get(key);
      if (list === undefined) children.set(key, (list = []));
      list.push({ ...field, key: child });
      keys.set(key, asRecords(list));
    } else {
      keys.set(key, field.list === true ? asList(field.type) : asType(field.type));
    }
  }
  return keys;
}

/**
 * How a normalised record becomes an item of the trigger: exactly the
 * declared keys, each of its type; `custom_fields` too where the trigger has
 * them; and the record's id.
 */
export function itemShaper(shape: ItemShape): (record: Normalised, log: Log) => Item {
  const keys = [...keysOf(shape.outputFields)];
  const customFields = hasCustomFields(shape.payload);
  return (record, log) => {
    const item: Record<string, unknown> = {};
    for (const [key, as] of keys) item[key] = as(record[key], log);
    if (customFields) {
      const custom = record[CUSTOM_FIELDS_KEY];
      item[CUSTOM_FIELDS_KEY] = isRecord(custom) ? custom : {};
    }
    return Object.assign(item, { id: record.id });
  };
}
