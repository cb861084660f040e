// An account's custom fields: contacts and deals carry them in `additional_field`,
// a JSON object or its text; items show them under `custom_fields`.
import { isRecord, parseJson, shallowJson } from '../http/json';
import { RESULT_BUDGET_BYTES } from '../result';
import { readWithin, type Log } from './strings';

export const CUSTOM_FIELDS_KEY = 'custom_fields';

/** Items made from payloads with `additional_field` carry `custom_fields`. */
export const hasCustomFields = (payload: Readonly<Record<string, unknown>> | undefined): boolean =>
  payload !== undefined && 'additional_field' in payload;

/** A custom field as a Zap can map it: a list or an object as its JSON text, blank when too deep. */
function mappable(value: unknown, log: Log): unknown {
  if (typeof value !== 'object' || value === null) return value ?? null;
  const text = shallowJson(value);
  if (text === undefined) log('A custom field nested too deep to show was left blank.');
  return text ?? null;
}

/** additional_field's custom fields while they fit `budget`; undefined when it is no JSON object. */
export function customFieldsOf(
  value: unknown,
  log: Log,
  budget = RESULT_BUDGET_BYTES,
): Record<string, unknown> | undefined {
  if (typeof value === 'string' && !value.trim()) return {};
  const fields = typeof value === 'string' ? parseJson(value) : value;
  if (!isRecord(fields)) return undefined;
  return Object.fromEntries(
    readWithin(
      Object.keys(fields),
      (name) => [name, mappable(fields[name], log)] as const,
      budget,
      log,
      'additional_field',
    ),
  );
}
