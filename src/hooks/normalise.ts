// One shape for live events (perform) and editor samples (performList).
// Pure and Zapier-free, so the sandbox and benchmarks can use it too.
// Every field the service sent is kept as sent, parsed views added beside,
// except that a payload listing several records becomes one item per record
// and typed output fields hold their type (itemMaker, at the end).
import { createHash } from 'node:crypto';

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys sorted at every depth, so equal content gives equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A stable id from a payload's content: the same delivery always gets the same id. */
export function derivedId(payload: Readonly<Record<string, unknown>>): string {
  return `evt_${createHash('sha256').update(canonicalJson(payload)).digest('hex').slice(0, 24)}`;
}

/**
 * The bracketed groups of a service list string: "[a,b],[c,d]" gives ["a,b", "c,d"].
 * Tolerates a missing closing bracket on the last group. undefined: not bracketed.
 */
function bracketedGroups(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) return undefined;
  return (
    trimmed
      .slice(1)
      .replace(/\]\s*$/, '')
      // Not `\]\s*,?\s*\[`: two `\s*` side by side cost quadratic time on a run of spaces.
      .split(/\]\s*(?:,\s*)?\[/)
  );
}

// The service builds these strings with template literals, so a missing value reads "undefined".
const cleanPart = (part: string): string => {
  const value = part.trim();
  return value === 'undefined' || value === 'null' ? '' : value;
};

function contactFromGroup(group: string): ParsedContact | undefined {
  const parts = group.split(',').map(cleanPart);
  if (parts.length !== 5) return undefined;
  const [id = '', first_name = '', last_name = '', email = '', cell_phone = ''] = parts;
  return id ? { id, first_name, last_name, email, cell_phone } : undefined;
}

/**
 * Parses contact strings: "[id,first,last,email,phone]" (several joined by commas,
 * the last possibly unclosed) or one unbracketed "id,first,last,email,phone".
 * "" gives []; a string with no readable contact gives undefined.
 */
export function parseContacts(text: string): ParsedContact[] | undefined {
  if (!text.trim()) return [];
  const groups = bracketedGroups(text) ?? [text];
  const contacts = groups.flatMap((group) => contactFromGroup(group) ?? []);
  return contacts.length > 0 ? contacts : undefined;
}

function materialFromGroup(group: string): ParsedMaterial | undefined {
  const [id = '', type = '', ...title] = group.split(',');
  // Titles may themselves hold commas.
  const material = { id: id.trim(), type: type.trim(), title: title.join(',').trim() };
  return material.id && material.type && title.length > 0 ? material : undefined;
}

/** Parses "[id,VIDEO,title]" strings; "" gives []; nothing readable gives undefined. */
export function parseMaterials(text: string): ParsedMaterial[] | undefined {
  if (!text.trim()) return [];
  const groups = bracketedGroups(text);
  if (!groups) return undefined;
  const materials = groups.flatMap((group) => materialFromGroup(group) ?? []);
  return materials.length > 0 ? materials : undefined;
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

const ownId = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
};

/** One webhook payload in the shape every trigger returns. Never throws. */
export function normalise(payload: Readonly<Record<string, unknown>>): NormalisedEvent {
  const event: Record<string, unknown> = { ...payload };

  // A bulk delete_contact's `contacts` string is fanned out into items instead (bulkContactsOf).
  if (typeof payload.contact === 'string' && !('contacts' in payload)) {
    const contacts = parseContacts(payload.contact);
    if (contacts) event.contacts = contacts;
  }

  const materialTexts = MATERIAL_SOURCES.map((key) => payload[key]).filter(
    (value): value is string => typeof value === 'string',
  );
  if (materialTexts.length > 0 && !('materials' in payload)) {
    const parsed = materialTexts.map(parseMaterials);
    if (parsed.some((list) => list !== undefined)) {
      event.materials = parsed.flatMap((list) => list ?? []);
    }
  }

  if ('additional_field' in payload && !(CUSTOM_FIELDS_KEY in payload)) {
    const custom = parseCustomFields(payload.additional_field);
    if (custom) event[CUSTOM_FIELDS_KEY] = custom;
  }

  return { ...event, id: ownId(payload.id) ?? derivedId(payload) };
}

const isEmptyValue = (value: unknown): boolean => {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (isRecord(value)) return Object.values(value).every(isEmptyValue);
  return false;
};

/** A sample that carries nothing: `{}`, or every value empty (the service's placeholder). */
export const isEmptyPayload = (payload: Readonly<Record<string, unknown>>): boolean =>
  isEmptyValue(payload);

// ---- One item per record: the payloads that list several records ----

/** A payload as the service sends it, or one record of it. */
type Payload = Readonly<Record<string, unknown>>;

/**
 * Splits a payload that lists several records into one payload per record,
 * or gives undefined to keep it as one item (nothing listed, or nothing readable).
 */
export type Expander = (payload: Payload) => Payload[] | undefined;

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
 * contact record each, with its own id, and `num` and `removed_date` as sent.
 */
export const bulkContactsOf: Expander = (payload) => {
  if (typeof payload.contacts !== 'string') return undefined;
  const contacts = parseContacts(payload.contacts);
  if (!contacts || contacts.length === 0) return undefined;
  // The list itself is left out: each item is one contact, in the single delete's shape.
  const rest = Object.fromEntries(Object.entries(payload).filter(([key]) => key !== 'contacts'));
  return contacts.map((contact) => ({ ...rest, ...contactRecordOf(contact) }));
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
}

const OBJECT_ID_CHARS = /^[0-9a-f]{24}$/i;

/** Where the contact string of a task starts: ",[" and a 24-hex id and ",", searched from `from`. */
function contactStart(text: string, from: number): number {
  for (let at = text.indexOf(',[', from); at >= 0; at = text.indexOf(',[', at + 1)) {
    if (OBJECT_ID_CHARS.test(text.slice(at + 2, at + 26)) && text[at + 26] === ',') return at;
  }
  return -1;
}

/** A date the service wrote with `String(date)`, as ISO 8601; null when it is missing or unreadable. */
function isoOrNull(text: string): string | null {
  const value = cleanPart(text);
  if (!value) return null;
  const date = new Date(value);
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
    const tail = text.slice(contactEnd + 1, next < 0 ? text.length : next).split(',');
    if (tail.length !== 5 || tail[0] !== '') return undefined;
    const [, due = '', recurrence = '', mode = '', created = ''] = tail;
    tasks.push({
      type: cleanPart(head.slice(0, comma)),
      content: head.slice(comma + 1).trim(),
      contact: text.slice(contactAt + 1, contactEnd + 1),
      due_date: isoOrNull(due),
      set_recurrence: cleanPart(recurrence),
      recurrence_mode: cleanPart(mode),
      create_at: isoOrNull(created),
    });
    at = next < 0 ? text.length : next + 1;
  }
  return tasks.length > 0 ? tasks : undefined;
}

/** delete_task: one item per task in `removed_task`, beside `num`, `removed_task` and `removed_date` as sent. */
export const removedTasksOf: Expander = (payload) => {
  if (typeof payload.removed_task !== 'string') return undefined;
  return parseRemovedTasks(payload.removed_task)?.map((task) => ({ ...payload, ...task }));
};

// ---- Values of the types their output fields declare ----

/** An output field as far as typing goes: Zapier's `list[]child` and `parent__child` keys. */
export interface TypedField {
  readonly key: string;
  readonly type?: string;
  readonly list?: boolean;
}

/** A number, or a string that holds one (the service may send amounts either way). */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : undefined;
}

const BOOLEAN_TEXT: Readonly<Record<string, boolean>> = { true: true, false: false };

/**
 * A string in a typed field, as that type: "4" as 4, "true" as true, "" as
 * null (no value). Text that does not hold the type is left as it came.
 */
const COERCE: Readonly<Record<string, (text: string) => unknown>> = {
  number: (text) => numberOf(text),
  integer: (text) => {
    const number = numberOf(text);
    return number !== undefined && Number.isInteger(number) ? number : undefined;
  },
  boolean: (text) => BOOLEAN_TEXT[text.toLowerCase()],
};

function typedValue(coerce: (text: string) => unknown, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text) return null;
  return coerce(text) ?? value;
}

/** The step into each item of a list; no other step holds "[]", as keys are split on it. */
const EACH = '[]';

/** `a[]b__c` as the steps a, [], b, c. */
const stepsOf = (key: string): string[] =>
  key
    .split(EACH)
    .flatMap((part, index) => [...(index > 0 ? [EACH] : []), ...part.split('__')])
    .filter((step) => step !== '');

/** `node` with the value at `steps` typed; everything else, and a missing path, as it was. */
function typedAt(
  node: unknown,
  steps: readonly string[],
  coerce: (text: string) => unknown,
  list: boolean,
): unknown {
  const [step, ...rest] = steps;
  if (step === undefined) {
    return list && Array.isArray(node)
      ? node.map((item) => typedValue(coerce, item))
      : typedValue(coerce, node);
  }
  if (step === EACH) {
    return Array.isArray(node) ? node.map((item) => typedAt(item, rest, coerce, list)) : node;
  }
  if (!isRecord(node) || !(step in node)) return node;
  return { ...node, [step]: typedAt(node[step], rest, coerce, list) };
}

/** What types an item's values as `fields` declare; built once per trigger. */
export function typedBy(fields: readonly TypedField[]): <T extends NormalisedEvent>(item: T) => T {
  const typed = fields.flatMap((field) => {
    const coerce = field.type === undefined ? undefined : COERCE[field.type];
    return coerce ? [{ steps: stepsOf(field.key), coerce, list: field.list === true }] : [];
  });
  return <T extends NormalisedEvent>(item: T): T =>
    typed.reduce<T>(
      (done, { steps, coerce, list }) => typedAt(done, steps, coerce, list) as T,
      item,
    );
}

/** What a trigger's items are made of: its output fields, and how its payloads list records. */
export interface ItemShape {
  readonly outputFields: readonly TypedField[];
  readonly expand?: Expander;
}

/**
 * The items one payload gives a trigger: one per record it lists, each
 * normalised and typed as the trigger's output fields declare. Never throws.
 */
export function itemMaker(shape: ItemShape): (payload: Payload) => NormalisedEvent[] {
  const typed = typedBy(shape.outputFields);
  return (payload) =>
    (shape.expand?.(payload) ?? [payload]).map((record) => typed(normalise(record)));
}
