// CRMGrow's text formats: the lists of records it packs into one text field of a webhook body,
// contacts as "[id,first,last,email,phone],[…]", materials as "[id,VIDEO,title],[…]", deleted tasks
// as removed_task, an automation's deals; a contact's label as "name: …,color: …"; custom fields in
// their bracket form. First the readers of each format, then a body's records and a record's text
// read with them. A record not read for sure is kept with what could be read, and logged.
import {
  dateOf,
  isObject,
  isObjectId,
  numberOf,
  OBJECT_ID,
  parseJson,
  type JsonObject,
} from '../lib/json';
import { MATERIALS } from '../lib/crmgrow-lists';
import { LIST_BUDGET, ListWithinBudget } from '../lib/size';
import type { HookEvent } from './events';

export type Log = (line: string) => void;

/** The text of a group, without its closing bracket and a comma after it. */
function groupText(raw: string): string {
  const text = raw.trimEnd().replace(/,\s*$/, '');
  return text.endsWith(']') ? text.slice(0, -1) : text;
}

// "[a,b],[c,d]" gives "a,b" then "c,d": a "[" after a "]" or a "," starts a group. Where records
// start with an id, only a "[" before an id does, so "],[" inside a title does not split it. One
// group at a time: a million contacts are never held at once.
export function* groupsOf(text: string): Generator<string> {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) {
    if (trimmed) yield trimmed;
    return;
  }
  const starts = new RegExp(`^\\[${OBJECT_ID},`).test(trimmed)
    ? new RegExp(`[\\],]\\s*\\[(?=${OBJECT_ID},)`, 'g')
    : /[\],]\s*\[/g;
  let start = 0;
  for (const { index, 0: found } of trimmed.matchAll(starts)) {
    const at = index + found.length - 1;
    const group = groupText(trimmed.slice(start + 1, at));
    if (group.trim()) yield group;
    start = at;
  }
  const group = groupText(trimmed.slice(start + 1));
  if (group.trim()) yield group;
}

// The service builds these strings with template literals, so a missing value reads "undefined".
const partOf = (part = ''): string => {
  const value = part.trim();
  return value === 'undefined' || value === 'null' ? '' : value;
};

/** One contact of `id,first,last,email,phone`. The id, the address and the phone hold no comma, so
 * they anchor the names; names may hold commas ("John, Jr."), which makes more than two parts
 * between them ambiguous (docs/service-api.md). */
export function contactOf(group: string, log: Log, where: string) {
  const parts = group.split(',');
  const emailAt = parts.findIndex((part, i) => i >= 2 && /^[^\s@,]+@[^\s@,]+$/.test(part.trim()));
  // With no address found, the last two parts are the address and the phone.
  const tail = emailAt >= 2 ? emailAt : Math.max(parts.length - 2, 3);
  // Two parts are the first and the last name, whatever their spaces; of more, a part after ", "
  // continues a name.
  const names: string[] = [];
  for (const part of parts.slice(1, tail)) {
    if (tail > 3 && names.length > 0 && /^\s/.test(part)) names[names.length - 1] += `,${part}`;
    else names.push(part);
  }
  const contact = {
    id: partOf(parts[0]),
    first_name: partOf(names[0]),
    last_name: partOf(names.slice(1).join(',')),
    email: partOf(parts[tail]),
    cell_phone: partOf(parts.slice(tail + 1).join(',')),
  };
  if (parts.length < 5 || !isObjectId(contact.id)) {
    log(
      `A contact in "${where}" was not in the form [id,first,last,email,phone]: kept, with what could be read.`,
    );
  }
  return contact;
}

export function materialOf(group: string, log: Log, where: string) {
  const [id, type = '', ...title] = group.split(',');
  const material = { id: partOf(id), type: type.trim(), title: title.join(',').trim() };
  if (!isObjectId(material.id) || !material.type || title.length === 0) {
    log(
      `A material in "${where}" was not in the form [id,type,title]: kept, with what could be read.`,
    );
  }
  return material;
}

// The tasks of `removed_task`, each `[type,content,[contact string],due,repeats,interval,created`
// joined by commas, with no closing bracket (a sample's has no opening one either). The type and
// the last four fields hold no comma: a task ends where they follow a "]", the repeats `true` or
// `false`, before another task or the end; its contact starts at the last "[" and an id before
// them. Content and names may hold commas and brackets. Undefined when the text is not in this form.
export function removedTasksOf(text: string): Record<string, string | null>[] | undefined {
  const ends = /\],([^,]*),(true|false|undefined|null),([^,]*),([^,]*)(?=,\[|$)/g;
  const contactStart = new RegExp(`,\\[(?=${OBJECT_ID},)`, 'g');
  const tasks: Record<string, string | null>[] = [];
  let at = 0;
  for (const { 0: tail, 1: due, 2: recurrence, 3: mode, 4: created, index } of text.matchAll(
    ends,
  )) {
    const start = text[at] === '[' ? at + 1 : at;
    const head = text.slice(start, index + 1);
    const contactAt = [...head.matchAll(contactStart)].at(-1)?.index ?? -1;
    const comma = head.indexOf(',');
    if (comma >= contactAt) return undefined;
    const end = index + tail.length;
    tasks.push({
      type: partOf(head.slice(0, comma)),
      content: head.slice(comma + 1, contactAt).trim(),
      contact: head.slice(contactAt + 1),
      due_date: dateOf(due),
      set_recurrence: partOf(recurrence),
      recurrence_mode: partOf(mode),
      create_at: dateOf(created),
      removed_task: text.slice(at, end),
    });
    at = end + 1;
  }
  return tasks.length > 0 && at > text.length ? tasks : undefined;
}

// assigned_automation's deals, `[<deal id>,<title>,<contact strings>]` one after another. A deal
// starts at a "[" and an id outside any other; the contact strings inside it are skipped by
// depth, counting a "]" only where a bracket, a comma or the end follows it.
export function* dealsOf(text: string, log: Log): Generator<{ id: string; title: string }> {
  const marks = new RegExp(`\\[(${OBJECT_ID}),|\\](?=\\s*(?:[\\],[]|$))`, 'g');
  // The open deal: where its title starts, and where its first contact does (-1: none yet).
  let deal = { id: '', start: 0, end: -1 };
  const titleOf = (to?: number) =>
    text
      .slice(deal.start, deal.end === -1 ? to : deal.end)
      .replace(/,\s*$/, '')
      .trim();
  let depth = 0;
  for (const { 0: mark, 1: id, index } of text.matchAll(marks)) {
    if (id !== undefined) {
      if (depth === 0) deal = { id, start: index + mark.length, end: -1 };
      else if (deal.end === -1) deal.end = index;
      depth++;
    } else if (depth > 0) {
      depth--;
      if (depth === 0) yield { id: deal.id, title: titleOf(index) };
    }
  }
  if (depth > 0) {
    log('A deal in "deal" was not in the form [id,title,contacts]: kept, with what could be read.');
    yield { id: deal.id, title: titleOf() };
  }
}

/** A contact's label, `name: Hot Lead,color: #ef5350`, as its name and its color. */
export function labelOf(label: string): { name: string | null; color: string | null } {
  const at = label.lastIndexOf(',color:');
  const name = (at === -1 ? label : label.slice(0, at)).replace(/^\s*name:/, '').trim();
  const color = at === -1 ? '' : label.slice(at + ',color:'.length).trim();
  return { name: name || null, color: color || null };
}

/** `additional_field` as an object: a deal's object, JSON text, or a contact's as CRMGrow's source
 * writes it, `JSON.stringify(fields)` with its first "{" made "[" and its first "}" made "]"
 * (Teamgrow-Backend a2ec244, src/helpers/outbound.js 115-119). Undefined when it is none of these. */
export function additionalFieldOf(value: unknown): JsonObject | undefined {
  if (typeof value !== 'string') return isObject(value) ? value : undefined;
  const text = value.trim();
  if (!text) return {};
  const parsed = parseJson(text);
  if (isObject(parsed)) return parsed;
  if (!text.startsWith('[')) return undefined;
  // The "]" that was the first "}" is the last "]", unless that "}" was text in a value or a list
  // closed after it, when an earlier one is. Each try parses the whole text: the last 20 are tried.
  let at = text.length;
  for (let tries = 0; tries < 20; tries++) {
    at = text.lastIndexOf(']', at - 1);
    if (at === -1) return undefined;
    const fields = parseJson(`{${text.slice(1, at)}}${text.slice(at + 1)}`);
    if (isObject(fields)) return fields;
  }
  return undefined;
}

/** Where items show the custom fields read from `additional_field`. */
export const CUSTOM_FIELDS = 'custom_fields';

/** A body's records: a bulk delete's contacts or tasks give one each, read one at a time. */
export function* recordsOf(event: HookEvent, body: JsonObject, log: Log): Generator<JsonObject> {
  if (event.itemPerEntryOf === 'contacts' && typeof body.contacts === 'string') {
    // A bulk delete of contacts: `num`, `contacts`, `removed_date`.
    let none = true;
    for (const group of groupsOf(body.contacts)) {
      none = false;
      yield { ...contactOf(group, log, 'contacts'), removed_date: body.removed_date };
    }
    if (none) log('A delete of several contacts held none, so it gave no item.');
    return;
  }
  if (event.itemPerEntryOf === 'removed_task' && typeof body.removed_task === 'string') {
    const tasks = removedTasksOf(body.removed_task);
    if (tasks) {
      for (const task of tasks) yield { ...body, ...task };
      return;
    }
    log('"removed_task" was not in the service\'s form: kept as sent, the task fields blank.');
  }
  yield body;
}

// A list in a record's text is read while its entries fit LIST_BUDGET, the rest counted
// (src/lib/size.ts): read whole, tiny entries take many times their text's memory.
function readAll<G, T>(groups: Iterable<G>, read: (group: G) => T, what: string, log: Log) {
  const list = new ListWithinBudget<T>(what, log, LIST_BUDGET);
  let count = 0;
  for (const group of groups) {
    count++;
    if (list.leavingOut) list.leaveOut();
    else list.add(read(group));
  }
  return { entries: list.done(), count };
}

/** send_material's videos, PDFs and images, as one list of groups. A sample's material is
 * `id,title`, with no brackets and no type. */
function* materialGroupsOf(record: JsonObject, log: Log): Generator<string> {
  const sampleForm = new RegExp(`^\\s*(${OBJECT_ID})\\s*,`);
  for (const { type, sendKey } of MATERIALS) {
    const text = record[sendKey];
    if (typeof text !== 'string' || !text.trim()) continue;
    const sample = sampleForm.exec(text);
    if (text.trim().startsWith('[')) yield* groupsOf(text);
    else if (sample) yield `${sample[1]},${type},${text.slice(sample[0].length)}`;
    else log(`"${sendKey}" was not a list of materials: kept as sent only.`);
  }
}

/** `additional_field` in any of its forms: each field as a Zap can map it, lists and objects as
 * JSON text. */
function customFieldsOf(value: unknown, log: Log): JsonObject {
  const fields = additionalFieldOf(value);
  if (!fields) {
    log('"additional_field" was in no form of custom fields, so none were read.');
    return {};
  }
  const mappable = (value: unknown) =>
    typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
  const read = (name: string): [string, unknown] => [name, mappable(fields[name])];
  // fromEntries: a custom field may be named "__proto__".
  return Object.fromEntries(readAll(Object.keys(fields), read, 'custom fields', log).entries);
}

/** The values read out of a record's text, by the output keys they fill, custom fields included. */
export function unpackedOf(event: HookEvent, record: JsonObject, log: Log): JsonObject {
  const unpacks = new Set(event.unpacks);
  const read: JsonObject = {};
  if (unpacks.has('contacts')) {
    const text = typeof record.contact === 'string' ? record.contact : '';
    const readContact = (group: string) => contactOf(group, log, 'contact');
    const { entries: contacts, count } = readAll(groupsOf(text), readContact, 'contacts', log);
    Object.assign(read, { contacts, contact_count: count });
    for (const [key, value] of Object.entries(contacts[0] ?? {})) {
      read[`first_contact_${key}`] = value;
    }
  }
  if (unpacks.has('materials')) {
    const readMaterial = (group: string) => materialOf(group, log, 'materials');
    read.materials = readAll(materialGroupsOf(record, log), readMaterial, 'materials', log).entries;
  }
  if (unpacks.has('deals')) {
    read.deals =
      typeof record.deal === 'string'
        ? readAll(dealsOf(record.deal, log), (deal) => deal, 'deals', log).entries
        : [];
  }
  if (unpacks.has('video percent')) {
    const percent = numberOf(record.material_amount);
    const video = String(record.material_type).trim().toUpperCase() === 'VIDEO';
    read.video_percent = video && percent !== undefined ? Math.round(percent) : null;
  }
  if (unpacks.has('label') && typeof record.label === 'string') {
    const { name, color } = labelOf(record.label);
    Object.assign(read, { label_name: name, label_color: color });
  }
  if (unpacks.has('custom fields')) {
    read[CUSTOM_FIELDS] =
      'additional_field' in record ? customFieldsOf(record.additional_field, log) : {};
  }
  return read;
}
