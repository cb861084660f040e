// An item of exactly the keys a trigger declares, each of its declared type:
// a key the service left out is there, blank, and one it added is not.
import type { PlainOutputField } from 'zapier-platform-core';
import { isRecord, shallowJson } from '../http/json';
import { CUSTOM_FIELDS_KEY, hasCustomFields } from './custom-fields';
import type { Expand, Normalised, Payload } from './records';
import type { Log } from './strings';

/** An output field as far as shaping goes: Zapier's `list[]child` keys, a type, a list. */
export type TypedField = Pick<PlainOutputField, 'key' | 'type' | 'list'>;

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

/** A value as its declared type ("4" is 4 for a number), or null (blank) when it holds none. */
function asType(type: string | undefined, value: unknown, log: Log): unknown {
  if (type === 'number') return numberOf(value) ?? null;
  if (type === 'integer') {
    const number = numberOf(value);
    return Number.isInteger(number) ? number : null;
  }
  if (type !== 'boolean') return textOf(value, log);
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  return text === 'true' ? true : text === 'false' ? false : null;
}

/** How an item's value of one key is made from the record's. */
type ValueOf = (value: unknown, log: Log) => unknown;

/** Each top-level key of an item, and how its value is made. */
function keysOf(fields: readonly TypedField[]): Map<string, ValueOf> {
  const children = new Map<string, TypedField[]>();
  const keys = new Map<string, ValueOf>();
  for (const { key: path, type, list } of fields) {
    const [key, child] = path.split('[]') as [string, string?];
    if (child !== undefined) {
      // A list of records (`list[]child` keys): each record with exactly those keys.
      const siblings = [...(children.get(key) ?? []), { key: child, type }];
      children.set(key, siblings);
      keys.set(key, (value, log) =>
        (Array.isArray(value) ? value.filter(isRecord) : []).map((record) =>
          Object.fromEntries(
            siblings.map((field) => [field.key, asType(field.type, record[field.key], log)]),
          ),
        ),
      );
    } else if (list === true) {
      // Each value of the type, blanks left out; one value is a list of one.
      keys.set(key, (value, log) =>
        (Array.isArray(value) ? value : [value])
          .map((entry: unknown) => asType(type, entry, log))
          .filter((entry) => entry !== null),
      );
    } else {
      keys.set(key, (value, log) => asType(type, value, log));
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
