// An account's custom fields: contacts and deals carry them in `additional_field`,
// a JSON object or its text; items show them under `custom_fields`.
import { isRecord, shallowJson } from '../http/json';
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

// The members of a JSON object's text are found one by one, and only those read
// are parsed: JSON.parse of a million tiny fields at once goes past the memory
// bound of a delivery (350 MiB, bench section 8).

const SPACE = /[ \t\n\r]*/y;
const pastSpace = (text: string, at: number): number => {
  SPACE.lastIndex = at;
  SPACE.exec(text);
  return SPACE.lastIndex;
};

/** Past the closing quote of the JSON string at `at`; the text's end when it does not close. */
function stringEnd(text: string, at: number): number {
  for (let quote = text.indexOf('"', at + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let slashes = 0;
    while (text[quote - 1 - slashes] === '\\') slashes++;
    if (slashes % 2 === 0) return quote + 1;
  }
  return text.length;
}

/** A number, true, false or null: up to what ends it. */
const LITERAL = /[^\s,:{}[\]"]+/y;

/** Past the JSON value that starts at `at`, -1 when none is there; its content is not checked. */
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first !== '{' && first !== '[') {
    LITERAL.lastIndex = at;
    return LITERAL.exec(text) ? LITERAL.lastIndex : -1;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      i = stringEnd(text, i) - 1;
    } else if (char === '{' || char === '[') {
      depth++;
    } else if ((char === '}' || char === ']') && --depth === 0) {
      return i + 1;
    }
  }
  return -1;
}

/** Where a member's key and value are in an object's text. */
type Member = readonly [keyAt: number, keyEnd: number, valueAt: number, valueEnd: number];

/** Thrown where a text is not one JSON object: caught, never shown. */
class NotAnObject extends SyntaxError {}

/** The members of a JSON object's text, one at a time; NotAnObject where it is not one. */
function* membersOf(text: string): Generator<Member> {
  let at = pastSpace(text, 0);
  if (text[at] !== '{') throw new NotAnObject();
  at = pastSpace(text, at + 1);
  if (text[at] !== '}') {
    for (;;) {
      const keyEnd = text[at] === '"' ? stringEnd(text, at) : -1;
      const colon = keyEnd < 0 ? -1 : pastSpace(text, keyEnd);
      if (text[colon] !== ':') throw new NotAnObject();
      const valueAt = pastSpace(text, colon + 1);
      const end = valueEnd(text, valueAt);
      if (end < 0) throw new NotAnObject();
      yield [at, keyEnd, valueAt, end];
      at = pastSpace(text, end);
      if (text[at] !== ',') break;
      at = pastSpace(text, at + 1);
    }
  }
  if (text[at] !== '}' || pastSpace(text, at + 1) !== text.length) throw new NotAnObject();
}

/** additional_field's custom fields while they fit `budget`; undefined when it is no JSON object. */
export function customFieldsOf(
  value: unknown,
  log: Log,
  budget = RESULT_BUDGET_BYTES,
): Record<string, unknown> | undefined {
  const read = <T>(fields: Iterable<T>, field: (found: T) => readonly [string, unknown]) =>
    Object.fromEntries(readWithin(fields, field, budget, log, 'additional_field'));
  if (isRecord(value))
    return read(Object.keys(value), (name) => [name, mappable(value[name], log)]);
  if (typeof value !== 'string') return undefined;
  if (!value.trim()) return {};
  try {
    return read(membersOf(value), ([keyAt, keyEnd, valueAt, end]) => [
      JSON.parse(value.slice(keyAt, keyEnd)) as string,
      mappable(JSON.parse(value.slice(valueAt, end)), log),
    ]);
  } catch {
    return undefined;
  }
}
