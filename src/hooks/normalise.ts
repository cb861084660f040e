// One shape for live events (perform) and editor samples (performList).
// Pure and Zapier-free, so the sandbox and benchmarks can use it too.
// A payload becomes one item per record it lists; each item has exactly the
// keys its trigger declares (its output fields), of the declared types,
// whatever the service sent: a key it left out is there, blank. What could
// not be read is kept as sent, in the raw text fields, and told in the log.
import { createHash } from 'node:crypto';
import { isObjectId } from '../http/ids';
import { cutText, isRecord, shallowJson, toJson } from '../http/json';

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
 * The bracketed groups of a list string: "[a,b],[c,d]" gives ["a,b", "c,d"].
 * Where records start with a 24-hex id, a group starts only at "[" and such
 * an id, so a "],[" inside a name or title does not split it. Tolerates a
 * missing closing bracket on the last group. undefined: not bracketed.
 */
function bracketedGroups(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) return undefined;
  if (!opensRecord(trimmed, 0)) {
    // Not `\]\s*,?\s*\[`: two `\s*` side by side cost quadratic time on a run of spaces.
    return groupText(trimmed.slice(1)).split(/\]\s*(?:,\s*)?\[/);
  }
  const starts: number[] = [];
  for (let at = 0; at >= 0; at = trimmed.indexOf('[', at + 1)) {
    if (opensRecord(trimmed, at) && followsSeparator(trimmed, at)) starts.push(at);
  }
  return starts.map((start, i) => groupText(trimmed.slice(start + 1, starts[i + 1])));
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
 * "" gives []; every group with any text gives a contact.
 */
export function parseContacts(
  text: string,
  notes: Notes = ignore,
  where = 'contact',
): ParsedContact[] {
  // Blank text is one blank group, which the filter leaves out.
  const groups = bracketedGroups(text) ?? [text];
  return groups
    .filter((group) => group.trim())
    .map((group) => contactFromGroup(group, notes, where));
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

/** Parses "[id,VIDEO,title]" strings; "" gives []; a string with no bracket gives undefined. */
export function parseMaterials(
  text: string,
  notes: Notes = ignore,
  where = 'video',
): ParsedMaterial[] | undefined {
  if (!text.trim()) return [];
  const groups = bracketedGroups(text);
  if (!groups) return undefined;
  return groups
    .filter((group) => group.trim())
    .map((group) => materialFromGroup(group, notes, where));
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

const MATERIAL_SOURCES = ['video', 'pdf', 'image'] as const;
export const CUSTOM_FIELDS_KEY = 'custom_fields';

/**
 * One record with the views parsed from its raw strings added beside them
 * (`contacts`, `materials`, `custom_fields`) and an `id`. Never throws.
 */
export function normalise(payload: Payload, notes: Notes = ignore): NormalisedEvent {
  const event: Record<string, unknown> = { ...payload };

  if (typeof payload.contact === 'string') {
    event.contacts = parseContacts(payload.contact, notes);
  }

  const materials = MATERIAL_SOURCES.flatMap((key) => {
    const text = payload[key];
    if (typeof text !== 'string') return [];
    const parsed = parseMaterials(text, notes, key);
    if (!parsed) notes(`"${key}" was not a bracketed list of materials: kept as sent only.`);
    return parsed ?? [];
  });
  if (MATERIAL_SOURCES.some((key) => key in payload)) event.materials = materials;

  // Made from additional_field alone: a `custom_fields` the delivery holds is not trusted.
  const custom = 'additional_field' in payload ? parseCustomFields(payload.additional_field) : {};
  if (!custom) notes('"additional_field" was not a JSON object: no custom fields were read.');
  event[CUSTOM_FIELDS_KEY] = Object.fromEntries(
    Object.entries(custom ?? {}).map(([name, value]) => [name, customValue(value, notes)]),
  );

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

/**
 * Splits a payload that lists several records into one payload per record,
 * or gives undefined to keep it as one item (it lists nothing).
 */
export type Expander = (payload: Payload, notes?: Notes) => Payload[] | undefined;

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
  if (typeof payload.contacts !== 'string') return undefined;
  const contacts = parseContacts(payload.contacts, notes, 'contacts');
  if (contacts.length === 0) notes('A delete of several contacts listed none: it gave no item.');
  return contacts.map(contactRecordOf);
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
  return tasks.map((task) => ({ ...payload, ...task }));
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

/**
 * The items one payload gives a trigger: one per record it lists, each
 * normalised and shaped as the trigger's output fields declare. What could
 * not be read for sure goes to `log`. Never throws.
 */
export function itemMaker(
  shape: ItemShape,
): (payload: Payload, log?: (line: string) => void) => NormalisedEvent[] {
  const shaped = shaperOf(shape);
  return (payload, log = ignore) => {
    const { notes, tell } = noteBook();
    const records = shape.expand?.(payload, notes) ?? [payload];
    const items = records.map((record) => shaped(normalise(record, notes), notes));
    tell(log);
    return items;
  };
}

// ---- A result Zapier accepts ----

/**
 * The most a trigger returns, as JSON: Zapier refuses a result over 6 MiB
 * whole, so no record at all would reach the Zap. Room is left for core's envelope.
 */
export const RESULT_BUDGET_BYTES = 5 * 1024 * 1024;

const bytesOf = (item: unknown): number => Buffer.byteLength(JSON.stringify(item));

const isCuttable = (value: unknown): value is string | readonly unknown[] =>
  (typeof value === 'string' && value.length >= 3) || (Array.isArray(value) && value.length > 0);

/** An item cut to `budget` bytes: its largest text or list halved until it fits. */
function cutToFit(
  item: NormalisedEvent,
  budget: number,
  log: (line: string) => void,
): NormalisedEvent {
  const cut: Record<string, unknown> = { ...item };
  const cutKeys = new Set<string>();
  while (bytesOf(cut) > budget) {
    // What can still shrink: text of 3 characters or more (halved, with "…"), a list not empty.
    // The largest of them, the first of equals; never the id.
    let found: readonly [string, string | readonly unknown[]] | undefined;
    let largest = 0;
    for (const [name, entry] of Object.entries(cut)) {
      if (name === 'id' || !isCuttable(entry)) continue;
      const bytes = bytesOf(entry);
      if (bytes > largest) {
        found = [name, entry];
        largest = bytes;
      }
    }
    // Only small values left: nothing more can be cut.
    if (found === undefined) break;
    const [key, value] = found;
    const half = Math.floor(value.length / 2);
    cut[key] = typeof value === 'string' ? cutText(value, half) : value.slice(0, half);
    cutKeys.add(key);
  }
  log(
    `Item ${item.id} was larger than Zapier takes: ${[...cutKeys].map((key) => `"${key}"`).join(', ')} cut short.`,
  );
  return cut as NormalisedEvent;
}

/**
 * The items that fit a result Zapier accepts, in order. An item too large
 * alone is cut short; the items past the budget are left out, and the log
 * names how many, and the first and last of them.
 */
export function withinResultBudget(
  items: readonly NormalisedEvent[],
  log: (line: string) => void,
  budget = RESULT_BUDGET_BYTES,
): NormalisedEvent[] {
  const kept: NormalisedEvent[] = [];
  // "[" so far; each item adds its bytes and one more, a comma or the closing "]".
  let used = 1;
  for (const [index, item] of items.entries()) {
    let fitted = item;
    let size = bytesOf(item) + 1;
    if (kept.length === 0 && used + size > budget) {
      fitted = cutToFit(item, budget - used - 1, log);
      size = bytesOf(fitted) + 1;
    }
    if (used + size > budget) {
      const left = items.slice(index);
      log(
        `${left.length} of ${items.length} items were left out: with them the result would pass ` +
          `Zapier's 6 MiB limit, and no item would start the Zap. The first left out is ` +
          `${item.id}, the last ${(items.at(-1) ?? item).id}.`,
      );
      return kept;
    }
    kept.push(fitted);
    used += size;
  }
  return kept;
}
