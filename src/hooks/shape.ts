// An item of exactly the keys a trigger declares, each of its declared type:
// a key the service left out is there, blank, and one it added is not.
import { isRecord, shallowJson } from '../http/json';
import { CUSTOM_FIELDS_KEY, hasCustomFields } from './custom-fields';
import type { Expand, Normalised, Payload } from './records';
import type { Log } from './strings';

/** An output field as far as shaping goes: Zapier's `list[]child` keys, a type, a list. */
export interface TypedField {
  readonly key: string;
  readonly type?: string;
  readonly list?: boolean;
}

export interface ItemShape {
  readonly outputFields: readonly TypedField[];
  readonly expand?: Expand;
  /** Where the sample payload has `additional_field`, items carry `custom_fields`. */
  readonly payload?: Payload;
}

export type Item = Record<string, unknown> & { id: string };

/** A plain decimal number, as the service writes amounts: no hex, no "Infinity", no blanks. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** A number, or a string that holds one in decimal (the service sends amounts either way). */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !DECIMAL.test(value.trim())) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Text: numbers and true/false written out, lists and objects as JSON text. */
function textOf(value: unknown, log: Log): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  const text = shallowJson(value);
  if (text === undefined) log('A value nested too deep to show was left blank.');
  return text ?? null;
}

/** A value as one declared type, or null (blank) when it holds none. */
type AsType = (value: unknown, log: Log) => unknown;

/** "4" is 4 for a number, "true" true for a boolean; any other type is text. */
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

const asType = (type: string | undefined): AsType => AS_TYPE.get(type) ?? textOf;

/** A list (`list: true`): each value of the type, blanks left out; one value is a list of one. */
const asList =
  (type: string | undefined): AsType =>
  (value, log) => {
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    return values.map((entry) => asType(type)(entry, log)).filter((entry) => entry !== null);
  };

/** A list of records (`list[]child` keys): each record with exactly those keys. */
const asRecords =
  (children: readonly TypedField[]): AsType =>
  (value, log) =>
    (Array.isArray(value) ? value.filter(isRecord) : []).map((record) =>
      Object.fromEntries(
        children.map((child) => [child.key, asType(child.type)(record[child.key], log)]),
      ),
    );

/** Each top-level key of an item, and how its value is made. */
function keysOf(fields: readonly TypedField[]): Map<string, AsType> {
  const children = new Map<string, TypedField[]>();
  const keys = new Map<string, AsType>();
  for (const field of fields) {
    const [key, child] = field.key.split('[]') as [string, string?];
    if (child !== undefined) {
      const list = children.get(key) ?? [];
      children.set(key, [...list, { ...field, key: child }]);
      keys.set(key, asRecords(children.get(key) ?? []));
    } else {
      keys.set(key, field.list === true ? asList(field.type) : asType(field.type));
    }
  }
  return keys;
}

/** How a normalised record becomes an item: the declared keys, `custom_fields` if any, its id. */
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
