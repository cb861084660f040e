// One shape for live events (perform) and editor samples (performList).
// Pure: no request, no z object, so the sandbox and benchmarks can use it too.
// A payload becomes one item per record it lists; each item has exactly the
// keys its trigger declares (its output fields), of the declared types,
// whatever the service sent: a key it left out is there, blank. What could
// not be read is kept as sent, in the raw text fields, and told in the log.
import { createHash } from 'node:crypto';
import { isObjectId } from '../http/ids';
import { isRecord, shallowJson, toJson } from '../http/json';
import { bytesOf, RESULT_BUDGET_BYTES } from '../result';
import { cutText } from '../text';
import { LISTS, type ListSpec } from '../triggers/lists';

export interface ParsedContact {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  cell_phone: string;
}

export interface ParsedMaterial {
  id: string;
  type: string;
  title: string;
}

export type NormalisedEvent = Record<string, unknown> & { id: string };

/** A payload as the service sends it, or one record of it. */
type Payload = Readonly<Record<string, unknown>>;

/**
 * Where the parsers tell what they could not read for sure. Each line is
 * counted, and said once per payload (see itemMaker).
 */
export type Notes = (line: string) => void;

const ignore: Notes = () => undefined;

export { RESULT_BUDGET_BYTES };

/**
 * A part holding more than this share of a list or an object is cut itself;
 * below it the parts are many and small, and the list or object loses its last half.
 */
const LARGE_PART = 1 / 16;


/** Lookups in the tables below by own keys only: "constructor" is no type. */
const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

// ---- Ids ----

/** JSON with object keys sorted at every depth, so equal content gives equal text; any depth. */
export const canonicalJson = (value: unknown): string => toJson(value, true);

/** A stable id from a payload's content: the same delivery always gets the same id. Never throws. */
export function derivedId(payload: Payload): string {
  return `evt_${createHash('sha256').update(canonicalJson(payload)).digest('hex').slice(0, 24)}`;
}

/** A payload's own id: a non-blank string, or a number the JSON held exactly. */
const ownId = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value.trim()) return value;
  if (Number.isSafeInteger(value)) return String(value);
  return undefined;
};

// ---- The service's list strings: "[id,…],[id,…]" ----

/** At a "[" (each caller found one at `at`): a 24-hex id and "," after it start a record. */
const opensRecord = (text: string, at: number): boolean =>
  text[at + 25] === ',' && isObjectId(text.slice(at + 1, at + 25));

/** True when only spaces stand between `from` (exclusive, going back) and a "]" or ",". */
function followsSeparator(text: string, at: number): boolean {
  let back = at - 1;
  // charAt(-1) is '': the start of the text ends the loop.
  while (/\s/.test(text.charAt(back))) back--;
  return back < 0 || text[back] === ']' || text[back] === ',';
}

/** A group with its closing bracket, and the comma after it, taken off. */
function groupText(raw: string): string {
  let text = raw.trimEnd();
  if (text.endsWith(',')) text = text.slice(0, -1).trimEnd();
  return text.endsWith(']') ? text.slice(0, -1) : text;
}

/**
 * The bracketed groups of a list string, one at a time: "[a,b],[c,d]" gives
 * "a,b" then "c,d". Where records start with a 24-hex id, a group starts only
 * at "[" and such an id, so a "],[" inside a name or title does not split it.
 * Tolerates a missing closing bracket on the last group. Only for text that
 * starts with "[" (see groupsOf).
 */
function* bracketedGroups(text: string): Generator<string> {
  const trimmed = text.trim();
  if (!opensRecord(trimmed, 0)) {
    const body = groupText(trimmed.slice(1));
    // Not `\]\s*,?\s*\[`: two `\s*` side by side cost quadratic time on a run of spaces.
    const separator = /\]\s*(?:,\s*)?\[/g;
    let from = 0;
    for (let match = separator.exec(body); match; match = separator.exec(body)) {
      yield body.slice(from, match.index);
      from = separator.lastIndex;
    }
    yield body.slice(from);
    return;
  }
  let start = 0;
  for (let at = trimmed.indexOf('[', 1); at >= 0; at = trimmed.indexOf('[', at + 1)) {
    if (opensRecord(trimmed, at) && followsSeparator(trimmed, at)) {
      yield groupText(trimmed.slice(start + 1, at));
      start = at;
    }
  }
  yield groupText(trimmed.slice(start + 1));
}

/** Groups with any text in them; an unbracketed text is one group. */
function* groupsOf(text: string): Generator<string> {
  const bracketed = text.trim().startsWith('[');
  for (const group of bracketed ? bracketedGroups(text) : [text]) {
    if (group.trim()) yield group;
  }
}

/**
 * The records of groups read while their JSON still fits `limit` bytes (a
 * result could carry no more); the rest are counted, not read, and a note
 * says so. A large record (see LARGE_PART) counts as that share only: it
 * will be cut itself, and leaves room for the records after it.
 */
function readWithin<G, T>(
  groups: Iterable<G>,
  read: (group: G) => T,
  limit: number,
  notes: Notes,
  where: string,
): T[] {
  const records: T[] = [];
  // "[" and "]"; each record adds its bytes and a comma.
  let bytes = 2;
  let unread = 0;
  for (const group of groups) {
    if (bytes > limit) {
      unread++;
      continue;
    }
    const record = read(group);
    records.push(record);
    bytes += Math.min(bytesOf(record), limit * LARGE_PART) + 1;
  }
  if (unread > 0) {
    notes(
      `"${where}" listed more than a result can carry: ${records.length} were read, ` +
        `${unread} more were not.`,
    );
  }
  return records;
}

// The service builds these strings with template literals, so a missing value reads "undefined".
const cleanPart = (part: string): string => {
  const value = part.trim();
  return value === 'undefined' || value === 'null' ? '' : value;
};

/** An e-mail address as the fourth part holds it: no spaces, no commas, one "@". */
const EMAIL_PART = /^[^\s@,]+@[^\s@,]+$/;

/**
 * The name parts between the id and the e-mail address. A part that starts
 * with a space continues the one before ("John, Jr."): the service joins
 * with a bare comma. Past that, the first part is the first name.
 */
function namesOf(parts: readonly string[]): { first: string; last: string; guessed: boolean } {
  const joined: string[] = [];
  for (const part of parts) {
    if (joined.length > 0 && /^\s/.test(part)) joined[joined.length - 1] += `,${part}`;
    else joined.push(part);
  }
  const [first = '', ...rest] = joined;
  // More than two names: where the first ends and the last starts is a guess.
  return { first, last: rest.join(','), guessed: joined.length > 2 };
}

/**
 * One contact of a contact string: `id,first,last,email,phone`. Names may
 * hold commas; the id comes first and the e-mail address fourth, so those
 * place the rest. Always a contact (never dropped); what is guessed is noted.
 */
function contactFromGroup(group: string, notes: Notes, where: string): ParsedContact {
  const parts = group.split(',');
  const emailAt = parts.findIndex((part, i) => i >= 2 && EMAIL_PART.test(part.trim()));
  let names: string[];
  let email: string;
  let phone: string[];
  if (emailAt >= 2) {
    // The address places the names before it and the phone after it.
    names = parts.slice(1, emailAt);
    email = parts[emailAt] ?? '';
    phone = parts.slice(emailAt + 1);
  } else {
    // No address to go by: the last two parts are the address and the phone, past two names.
    const tail = Math.max(parts.length - 2, 3);
    names = parts.slice(1, tail);
    email = parts[tail] ?? '';
    phone = parts.slice(tail + 1);
  }
  const { first, last, guessed } = namesOf(names);
  const contact = {
    id: cleanPart(parts[0] ?? ''),
    first_name: cleanPart(first),
    last_name: cleanPart(last),
    email: cleanPart(email),
    cell_phone: cleanPart(phone.join(',')),
  };
  if (parts.length < 5 || !isObjectId(contact.id)) {
    notes(
      `A contact in "${where}" was not in the form [id,first,last,email,phone]: kept, with what could be read.`,
    );
  } else if (guessed) {
    notes(
      `A contact name in "${where}" holds commas: its first and last names were told apart by a guess.`,
    );
  }
  return contact;
}

/**
 * Parses contact strings: "[id,first,last,email,phone]" (several joined by commas,
 * the last possibly unclosed) or one unbracketed "id,first,last,email,phone".
 * "" gives []; every group with any text gives a contact, while their JSON
 * fits `limit` bytes (see readWithin).
 */
export function parseContacts(
  text: string,
  notes: Notes = ignore,
  where = 'contact',
  limit = Infinity,
): ParsedContact[] {
  const read = (group: string): ParsedContact => contactFromGroup(group, notes, where);
  return readWithin(groupsOf(text), read, limit, notes, where);
}

function materialFromGroup(group: string, notes: Notes, where: string): ParsedMaterial {
  const [id = '', type = '', ...title] = group.split(',');
  // Titles may themselves hold commas.
  const material = { id: id.trim(), type: type.trim(), title: title.join(',').trim() };
  if (!isObjectId(material.id) || !material.type || title.length === 0) {
    notes(
      `A material in "${where}" was not in the form [id,type,title]: kept, with what could be read.`,
    );
  }
  return material;
}

/**
 * Parses "[id,VIDEO,title]" strings, while their JSON fits `limit` bytes (see
 * readWithin); "" gives []; a string with no bracket gives undefined.
 */
export function parseMaterials(
  text: string,
  notes: Notes = ignore,
  where = 'video',
  limit = Infinity,
): ParsedMaterial[] | undefined {
  if (!text.trim()) return [];
  if (!text.trim().startsWith('[')) return undefined;
  const read = (group: string): ParsedMaterial => materialFromGroup(group, notes, where);
  return readWithin(groupsOf(text), read, limit, notes, where);
}

/**
 * A custom field's value as a Zap can map it: text, a number, true/false or
 * null; a list or an object as its JSON text (null when nested past reading).
 */
function customValue(value: unknown, notes: Notes): unknown {
  if (typeof value !== 'object' || value === null) return value ?? null;
  const text = shallowJson(value);
  if (text === undefined) notes('A custom field nested too deep to show was left blank.');
  return text ?? null;
}

/** additional_field as an object; "" counts as no custom fields; undefined when unreadable. */
export function parseCustomFields(value: unknown): Record<string, unknown> | undefined {
  if (isRecord(value)) return value;
  if (typeof value !== 'string') return undefined;
  if (!value.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A kind of material as the webhook events name it (see ListSpec's `material`). */
export interface MaterialKind {
  /** The service's word for it: a material's type ("VIDEO"). */
  readonly type: string;
  /** The send_material key holding the sent materials of this kind ("video"). */
  readonly sendKey: string;
  /** How the Zap builder names it ("Video"). */
  readonly label: string;
  /** What a watch with no amount counts as, for kinds that are opened, not read. */
  readonly amountWhenBlank?: number;
}

/** The material kinds: the lists that are material, in the lists table's order. */
export const MATERIAL_KINDS: readonly MaterialKind[] = Object.values(
  LISTS as Readonly<Record<string, ListSpec>>,
).flatMap(({ noun, material }) => (material ? [{ ...material, label: noun }] : []));

export const CUSTOM_FIELDS_KEY = 'custom_fields';

const SPACE = /[ \t\n\r]*/y;
/** Past the JSON white space at `at`. */
const pastSpace = (text: string, at: number): number => {
  SPACE.lastIndex = at;
  SPACE.exec(text);
  return SPACE.lastIndex;
};

/**
 * Past the closing quote of the JSON string that opens at `at`. One that does
 * not close runs to the end of the text, where no ":", "," or "}" can follow.
 */
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

/**
 * Past the JSON value that starts at `at` (see stringEnd for a string left
 * open); -1 when none is there. Its content is not checked.
 */
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

/** Where a member of an object's text is: its key's JSON text, then its value's. */
type Member = readonly [keyAt: number, keyEnd: number, valueAt: number, valueEnd: number];

/** Thrown where a text is not one JSON object in form: caught, never shown, so no message. */
class NotAnObject extends SyntaxError {}

/**
 * The members of a JSON object's text, found one at a time without parsing
 * them, so that a text of a million fields costs only the fields read.
 * Throws NotAnObject where the text is not one object in form.
 */
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

/**
 * The custom fields of additional_field (an object, or its JSON text), each
 * as a Zap can map it, while they fit `limit` bytes; "" counts as none.
 * Undefined when it is no JSON object.
 */
function customFieldsOf(
  value: unknown,
  notes: Notes,
  limit: number,
): Record<string, unknown> | undefined {
  const read = <T>(fields: Iterable<T>, field: (found: T) => readonly [string, unknown]) =>
    Object.fromEntries(readWithin(fields, field, limit, notes, 'additional_field'));
  if (isRecord(value)) {
    return read(Object.keys(value), (name) => [name, customValue(value[name], notes)]);
  }
  if (typeof value !== 'string') return undefined;
  if (!value.trim()) return {};
  try {
    return read(membersOf(value), ([keyAt, keyEnd, valueAt, end]) => [
      JSON.parse(value.slice(keyAt, keyEnd)) as string,
      customValue(JSON.parse(value.slice(valueAt, end)), notes),
    ]);
  } catch {
    return undefined;
  }
}

/**
 * The most of a view parsed from a raw string that is read: the view sits
 * beside its raw text in the item, so it can take half of a result at most.
 */
export const VIEW_LIMIT_BYTES = RESULT_BUDGET_BYTES / 2;

/**
 * One record with the views parsed from its raw strings added beside them
 * (`contacts`, `materials`, `custom_fields`) and an `id`. Each view is read
 * while it fits `limit` bytes: past that the item would be cut anyway.
 * Never throws.
 */
export function normalise(
  payload: Payload,
  notes: Notes = ignore,
  limit = VIEW_LIMIT_BYTES,
): NormalisedEvent {
  const event: Record<string, unknown> = { ...payload };

  if (typeof payload.contact === 'string') {
    event.contacts = parseContacts(payload.contact, notes, 'contact', limit);
  }

  let materials: ParsedMaterial[] = [];
  for (const { sendKey } of MATERIAL_KINDS) {
    const text = payload[sendKey];
    if (typeof text !== 'string') continue;
    const room = limit - (materials.length > 0 ? bytesOf(materials) : 0);
    const parsed = parseMaterials(text, notes, sendKey, room);
    if (!parsed) notes(`"${sendKey}" was not a bracketed list of materials: kept as sent only.`);
    materials = materials.concat(parsed ?? []);
  }
  if (MATERIAL_KINDS.some(({ sendKey }) => sendKey in payload)) event.materials = materials;

  // Made from additional_field alone: a `custom_fields` the delivery holds is not trusted.
  const custom =
    'additional_field' in payload ? customFieldsOf(payload.additional_field, notes, limit) : {};
  if (!custom) notes('"additional_field" was not a JSON object: no custom fields were read.');
  event[CUSTOM_FIELDS_KEY] = custom ?? {};

  return { ...event, id: ownId(payload.id) ?? derivedId(payload) };
}

/** An empty value; iterative, so a deep one is no risk. */
const isEmptyValue = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'string') {
      if (node.trim() !== '') return false;
    } else if (typeof node === 'object' && node !== null) {
      pending.push(...Object.values(node));
    } else if (node !== null && node !== undefined) {
      return false;
    }
  }
  return true;
};

/** A sample that carries nothing: `{}`, or every value empty (the service's placeholder). */
export const isEmptyPayload = (payload: Payload): boolean => isEmptyValue(payload);

// ---- One item per record: the payloads that list several records ----

/** A record not read yet: read when called. A result reads only the records it has room for. */
export type Lazy<T> = () => T;

/**
 * Splits a payload that lists several records into one payload per record,
 * each read only when asked for, or gives undefined to keep it as one item
 * (it lists nothing).
 */
export type Expander = (payload: Payload, notes?: Notes) => Iterable<Lazy<Payload>> | undefined;

/**
 * A contact record as the single delete_contact sends it, knowing only what a
 * contact string carries: the rest is blank, with no tags and no custom fields.
 */
export const contactRecordOf = (contact: ParsedContact): Record<string, unknown> => ({
  id: contact.id,
  first_name: contact.first_name,
  last_name: contact.last_name,
  email: contact.email,
  address: '',
  city: '',
  state: '',
  zip: '',
  cell_phone: contact.cell_phone,
  country: '',
  source: '',
  company: '',
  label: '',
  tags: [],
  secondary_email: '',
  secondary_phone: '',
  website: '',
  additional_field: '',
  created_at: null,
});

/**
 * Several contacts deleted at once (`num`, `contacts`, `removed_date`): one
 * contact record each, in the single delete's shape, with its own id.
 */
export const bulkContactsOf: Expander = (payload, notes = ignore) => {
  const text = payload.contacts;
  if (typeof text !== 'string') return undefined;
  if (groupsOf(text).next().done) {
    notes('A delete of several contacts listed none: it gave no item.');
  }
  return (function* () {
    for (const group of groupsOf(text)) {
      yield () => contactRecordOf(contactFromGroup(group, notes, 'contacts'));
    }
  })();
};

/** The fields of a task that `removed_task` carries (it has no task id). */
export interface ParsedTask {
  type: string;
  content: string;
  /** The task's contact string, kept as sent, as create_task's `contact` is. */
  contact: string;
  due_date: string | null;
  set_recurrence: string;
  recurrence_mode: string;
  create_at: string | null;
  /** This task's part of `removed_task`, as sent. */
  removed_task: string;
}

/** Where the contact string of a task starts: ",[" and a 24-hex id and ",", searched from `from`. */
function contactStart(text: string, from: number): number {
  for (let at = text.indexOf(',[', from); at !== -1; at = text.indexOf(',[', at + 1)) {
    if (opensRecord(text, at + 1)) return at;
  }
  return -1;
}

/** A date the service wrote with `String(date)`, as ISO 8601; null when it is missing or unreadable. */
function isoOrNull(text: string): string | null {
  // new Date('') is an invalid date too.
  const date = new Date(cleanPart(text));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Parses `removed_task`: each task is `[type,content,[contact string],due_date,
 * set_recurrence,recurrence_mode,created_at`, joined by commas, with no closing
 * brackets (the leading bracket is missing in the service's samples). The
 * content may hold commas, so each task is found by its contact string. One
 * pass with indexOf, no regular expression over the whole text, so time stays
 * linear in its length. undefined when a task is not in that shape.
 */
export function parseRemovedTasks(text: string): ParsedTask[] | undefined {
  const tasks: ParsedTask[] = [];
  let at = 0;
  while (at < text.length) {
    const start = text[at] === '[' ? at + 1 : at;
    const contactAt = contactStart(text, start);
    const contactEnd = contactAt < 0 ? -1 : text.indexOf(']', contactAt);
    if (contactEnd < 0) return undefined;
    const head = text.slice(start, contactAt);
    const comma = head.indexOf(',');
    if (comma < 0) return undefined;
    // After the contact: ",due,recurrence,mode,created", then ",[" and the next task, or the end.
    const next = text.indexOf(',[', contactEnd);
    const end = next < 0 ? text.length : next;
    const tail = text.slice(contactEnd + 1, end).split(',');
    if (tail.length !== 5 || tail[0] !== '') return undefined;
    const [, due, recurrence, mode, created] = tail as [string, string, string, string, string];
    tasks.push({
      type: cleanPart(head.slice(0, comma)),
      content: head.slice(comma + 1).trim(),
      contact: text.slice(contactAt + 1, contactEnd + 1),
      due_date: isoOrNull(due),
      set_recurrence: cleanPart(recurrence),
      recurrence_mode: cleanPart(mode),
      create_at: isoOrNull(created),
      removed_task: text.slice(at, end),
    });
    at = next < 0 ? text.length : next + 1;
  }
  return tasks.length > 0 ? tasks : undefined;
}

/**
 * delete_task: one item per task in `removed_task`, beside `num` and
 * `removed_date` as sent; each item's `removed_task` is its own task's text.
 * Unreadable text stays one item, whole, with the task fields blank.
 */
export const removedTasksOf: Expander = (payload, notes = ignore) => {
  if (typeof payload.removed_task !== 'string' || !payload.removed_task.trim()) return undefined;
  const tasks = parseRemovedTasks(payload.removed_task);
  if (!tasks) {
    notes(
      '"removed_task" was not in the service\'s task form: kept as sent, the task fields blank.',
    );
    return undefined;
  }
  return tasks.map((task) => () => ({ ...payload, ...task }));
};

// ---- Values of the types their output fields declare ----

/** An output field as far as shaping goes: Zapier's `list[]child` keys, a type, a list. */
export interface TypedField {
  readonly key: string;
  readonly type?: string;
  readonly list?: boolean;
}

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

const BOOLEAN_TEXT: Readonly<Record<string, boolean>> = { true: true, false: false };

/** Text: numbers and true/false written out, lists and objects as JSON text. */
function textOf(value: unknown, notes: Notes): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  // A number or true/false as JSON writes it, which is as String() writes it.
  const text = shallowJson(value);
  if (text === undefined) notes('A value nested too deep to show was left blank.');
  return text ?? null;
}

/**
 * Each declared type: the value as that type, or null (blank) when it holds
 * none. "4" is 4 for a number, "true" true for a boolean.
 */
const AS_TYPE: Readonly<Record<string, (value: unknown, notes: Notes) => unknown>> = {
  string: textOf,
  datetime: textOf,
  number: (value) => numberOf(value) ?? null,
  integer: (value) => {
    const number = numberOf(value);
    return Number.isInteger(number) ? number : null;
  },
  boolean: (value) => {
    if (typeof value === 'boolean') return value;
    return typeof value === 'string'
      ? (own(BOOLEAN_TEXT, value.trim().toLowerCase()) ?? null)
      : null;
  },
};

const asType = (type: string | undefined): ((value: unknown, notes: Notes) => unknown) =>
  own(AS_TYPE, type ?? 'string') ?? textOf;

/** How one top-level key of an item is made from a record's value. */
type Slot = (value: unknown, notes: Notes) => unknown;

/** A list of values (`list: true`): each of the type, blanks left out; one value is a list of one. */
const listSlot =
  (type: string | undefined): Slot =>
  (value, notes) => {
    // A blank (null, undefined) is typed as null and left out like any other.
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    const typed = asType(type);
    return values.map((item) => typed(item, notes)).filter((item) => item !== null);
  };

/** A list of records (`list[]child` keys): each record with exactly those keys. */
const recordsSlot =
  (children: readonly TypedField[]): Slot =>
  (value, notes) => {
    const records = Array.isArray(value) ? value.filter(isRecord) : [];
    return records.map((record) =>
      Object.fromEntries(
        children.map((child) => [child.key, asType(child.type)(record[child.key], notes)]),
      ),
    );
  };

/** The key of an item each output field fills, and how. */
function slotsOf(fields: readonly TypedField[]): Map<string, Slot> {
  const children = new Map<string, TypedField[]>();
  const slots = new Map<string, Slot>();
  for (const field of fields) {
    // split() gives one part at least.
    const [key, child] = field.key.split('[]') as [string, string?];
    if (child !== undefined) {
      let list = children.get(key);
      if (list === undefined) children.set(key, (list = []));
      list.push({ ...field, key: child });
      slots.set(key, recordsSlot(list));
    } else {
      slots.set(key, field.list === true ? listSlot(field.type) : asType(field.type));
    }
  }
  return slots;
}

/** What a trigger's items are made of: its output fields, and how its payloads list records. */
export interface ItemShape {
  readonly outputFields: readonly TypedField[];
  readonly expand?: Expander;
  /** The trigger's sample payload: where it has `additional_field`, items carry `custom_fields`. */
  readonly payload?: Payload;
}

/** Items of this shape carry the account's custom fields, under `custom_fields`. */
export const hasCustomFields = (shape: ItemShape): boolean =>
  shape.payload !== undefined && 'additional_field' in shape.payload;

/**
 * What makes a normalised record an item of the trigger: exactly the declared
 * keys, each of its type; `custom_fields` too where the trigger has them.
 */
export function shaperOf(
  shape: ItemShape,
): (record: NormalisedEvent, notes: Notes) => NormalisedEvent {
  const slots = [...slotsOf(shape.outputFields)];
  const customFields = hasCustomFields(shape);
  return (record, notes) => {
    const item: Record<string, unknown> = {};
    for (const [key, slot] of slots) item[key] = slot(record[key], notes);
    if (customFields) {
      const custom = record[CUSTOM_FIELDS_KEY];
      item[CUSTOM_FIELDS_KEY] = isRecord(custom) ? custom : {};
    }
    return { ...item, id: record.id };
  };
}

/** Says each note once, with how often it came. */
function noteBook(): { notes: Notes; tell: (log: (line: string) => void) => void } {
  const counts = new Map<string, number>();
  return {
    notes: (line) => counts.set(line, (counts.get(line) ?? 0) + 1),
    tell: (log) => {
      for (const [line, count] of counts) log(count > 1 ? `${line} (${count} times)` : line);
    },
  };
}

/** The items of one payload, each made when called: see lazyItemsOf. */
export type LazyItemsOf = (payload: Payload, notes: Notes) => Iterable<Lazy<NormalisedEvent>>;

/**
 * The items one payload gives a trigger: one per record it lists, each
 * normalised and shaped as the trigger's output fields declare, only when called.
 */
export function lazyItemsOf(shape: ItemShape): LazyItemsOf {
  const shaped = shaperOf(shape);
  return function* (payload, notes) {
    for (const record of shape.expand?.(payload, notes) ?? [() => payload]) {
      yield () => shaped(normalise(record(), notes), notes);
    }
  };
}

/**
 * The items one payload gives a trigger, all of them (the static sample, the
 * sandbox). What could not be read for sure goes to `log`. Never throws.
 */
export function itemMaker(
  shape: ItemShape,
): (payload: Payload, log?: (line: string) => void) => NormalisedEvent[] {
  const itemsOf = lazyItemsOf(shape);
  return (payload, log = ignore) => {
    const { notes, tell } = noteBook();
    const items = Array.from(itemsOf(payload, notes), (item) => item());
    tell(log);
    return items;
  };
}

// ---- A result Zapier accepts ----

/** Top-level keys that tell which record an item is: never cut. */
const IDENTITY_KEYS: ReadonlySet<string> = new Set(['id', 'email', 'first_name', 'last_name']);

type Container = Readonly<Record<string, unknown>> | readonly unknown[];
type Cuttable = string | Container;
/** Where a value is in an item: its key, then the keys inside it. */
type Path = readonly [string, ...string[]];

/**
 * What can still shrink, given its size as JSON: text of 3 characters or
 * more (halved, with "…"), a list or an object not empty (more than "[]").
 */
const isCuttable = (value: unknown, bytes: number): value is Cuttable =>
  typeof value === 'string'
    ? value.length >= 3
    : typeof value === 'object' && value !== null && bytes > 2;

/**
 * The largest cuttable value among these, the first of equals, if any is
 * larger than `floor` bytes: its key and size. `sizeOf` gives a value's size.
 */
function largestOf(
  entries: Iterable<readonly [string, unknown]>,
  floor = 0,
  sizeOf: (key: string, value: unknown) => number = (_key, value) => bytesOf(value),
): { key: string; bytes: number } | undefined {
  let found: { key: string; bytes: number } | undefined;
  for (const [key, value] of entries) {
    const bytes = sizeOf(key, value);
    if (bytes > (found?.bytes ?? floor) && isCuttable(value, bytes)) found = { key, bytes };
  }
  return found;
}

/** The keys and values of a list or an object, one at a time. */
function* entriesOf(value: Container): Generator<readonly [string, unknown]> {
  for (const key of Object.keys(value)) yield [key, (value as Record<string, unknown>)[key]];
}

/**
 * Where to cut next: the largest value of the item that is not its identity
 * (`sizes` holds each value's size), then, while a part of it is large (see
 * LARGE_PART), its largest part: a custom field inside `custom_fields`.
 * Undefined: nothing left to cut.
 */
function nextCut(
  item: Readonly<Record<string, unknown>>,
  sizes: ReadonlyMap<string, number>,
): Path | undefined {
  const candidates = Object.entries(item).filter(([key]) => !IDENTITY_KEYS.has(key));
  const top = largestOf(candidates, 0, (key) => sizes.get(key) ?? 0);
  if (!top) return undefined;
  const path: [string, ...string[]] = [top.key];
  let value = item[top.key] as Cuttable;
  let { bytes } = top;
  while (typeof value !== 'string') {
    const part = largestOf(entriesOf(value), bytes * LARGE_PART);
    if (!part) break;
    path.push(part.key);
    value = (value as Readonly<Record<string, unknown>>)[part.key] as Cuttable;
    bytes = part.bytes;
  }
  return path;
}

/** Half of a text (with "…"), of a list's items, or of an object's keys: the first half. */
function halfOf(value: Cuttable): Cuttable {
  if (typeof value === 'string') return cutText(value, Math.floor(value.length / 2) + 1);
  if (Array.isArray(value)) return value.slice(0, Math.floor(value.length / 2));
  const keys = Object.keys(value);
  return Object.fromEntries(
    keys.slice(0, Math.floor(keys.length / 2)).map((k) => [k, (value as Container)[k as never]]),
  );
}

/** `node` with the value at `path` halved, copied along the path: `node` itself is left as it was. */
function withHalf(node: Container, [key, next, ...more]: Path): Container {
  const value = (node as Readonly<Record<string, unknown>>)[key] as Cuttable;
  const half = next === undefined ? halfOf(value) : withHalf(value as Container, [next, ...more]);
  if (Array.isArray(node))
    return node.map((entry, index) => (String(index) === key ? half : entry));
  // fromEntries: a custom field may be named "__proto__".
  return Object.fromEntries(
    Object.entries(node).map(([name, entry]) => [name, name === key ? half : entry]),
  );
}

/**
 * An item cut to `budget` bytes, the one way items are cut: its largest
 * value, nested ones included, halved until it fits; never its id, e-mail
 * address or names.
 */
function cutToFit(
  item: NormalisedEvent,
  budget: number,
  log: (line: string) => void,
): NormalisedEvent {
  let cut = item;
  // The size of each value, and of the whole, kept as values are cut.
  const sizes = new Map(Object.entries(item).map(([key, value]) => [key, bytesOf(value)]));
  let total = bytesOf(item);
  const cutPaths = new Set<string>();
  while (total > budget) {
    const path = nextCut(cut, sizes);
    // Only small values left: nothing more can be cut.
    if (path === undefined) break;
    cut = withHalf(cut, path) as NormalisedEvent;
    const [key] = path;
    const bytes = bytesOf(cut[key]);
    total += bytes - (sizes.get(key) ?? 0);
    sizes.set(key, bytes);
    cutPaths.add(path.join('.'));
  }
  log(
    `Item ${item.id} was larger than Zapier takes: ${[...cutPaths].map((key) => `"${key}"`).join(', ')} cut short.`,
  );
  return cut;
}

/** An item, or one not made yet. */
type ItemOrLazy = NormalisedEvent | Lazy<NormalisedEvent>;

const made = (entry: ItemOrLazy): NormalisedEvent =>
  typeof entry === 'function' ? entry() : entry;

/**
 * The items that fit a result Zapier accepts, in order, each made only once
 * the result has room for it. An item too large alone is cut to fit (see
 * cutToFit); the items past the budget are counted, not made, and the log
 * names how many, and the first and last of them.
 */
export function withinResultBudget(
  items: Iterable<ItemOrLazy>,
  log: (line: string) => void,
  budget = RESULT_BUDGET_BYTES,
): NormalisedEvent[] {
  const kept: NormalisedEvent[] = [];
  // "[" so far; each item adds its bytes and one more, a comma or the closing "]".
  let used = 1;
  const entries = items[Symbol.iterator]();
  for (let next = entries.next(); next.done !== true; next = entries.next()) {
    const item = made(next.value);
    let fitted = item;
    let size = bytesOf(item) + 1;
    if (kept.length === 0 && used + size > budget) {
      fitted = cutToFit(item, budget - used - 1, log);
      size = bytesOf(fitted) + 1;
    }
    if (used + size > budget) {
      let left = 1;
      let last: ItemOrLazy = item;
      for (let rest = entries.next(); rest.done !== true; rest = entries.next()) {
        left++;
        last = rest.value;
      }
      log(
        `${left} of ${kept.length + left} items were left out: with them the result would pass ` +
          `Zapier's 6 MiB limit, and no item would start the Zap. The first left out is ` +
          `${item.id}, the last ${made(last).id}.`,
      );
      return kept;
    }
    kept.push(fitted);
    used += size;
  }
  return kept;
}

/** How a run picks the items of its payloads. */
export interface ResultOptions {
  /** The Zap builder's filters: only the items that pass; none, every item. */
  readonly keep?: ((item: NormalisedEvent) => boolean) | undefined;
  /** At most this many items (the editor's samples). */
  readonly most?: number;
}

/**
 * A trigger's result from its payloads (a delivery, or the samples): the
 * items that pass the filters, each record read and shaped only while the
 * result has room for it (see withinResultBudget). What could not be read is
 * told once per payload, then what was cut or left out.
 */
export function resultMaker(
  shape: ItemShape,
): (
  payloads: readonly Payload[],
  log: (line: string) => void,
  options?: ResultOptions,
) => NormalisedEvent[] {
  const itemsOf = lazyItemsOf(shape);
  return (payloads, log, { keep, most = Infinity } = {}) => {
    const runs = payloads.map((payload) => ({ payload, ...noteBook() }));
    function* picked(): Generator<ItemOrLazy> {
      let count = 0;
      for (const { payload, notes } of runs) {
        for (const item of itemsOf(payload, notes)) {
          if (count >= most) return;
          // A filter reads the item, so it is made; without one it is made only if it fits.
          const candidate = keep ? [item()].find(keep) : item;
          if (candidate === undefined) continue;
          count++;
          yield candidate;
        }
      }
    }
    const lines: string[] = [];
    const items = withinResultBudget(picked(), (line) => lines.push(line));
    for (const run of runs) run.tell(log);
    for (const line of lines) log(line);
    return items;
  };
}
