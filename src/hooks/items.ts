// The webhook path: what the service delivered becomes the trigger's items, in the order it runs:
//   1. the delivered bodies;
//   2. their records (a bulk delete gives one per contact or task);
//   3. what a record holds as text read: contacts, materials, deals, custom fields, its label;
//   4. the item shaped to the trigger's output fields;
//   5. the Zap builder's filters;
//   6. the items fitted into the result.
// perform, performList and the static sample all take this path, so a sample is what a run gives.
import { createHash } from 'node:crypto';
import type { Bundle } from 'zapier-platform-core';
import {
  isObject,
  numberOf,
  OBJECT_ID,
  parseJson,
  recordIdOf,
  typedValue,
  type JsonObject,
} from '../lib/json';
import { MATERIALS } from '../lib/lists';
import { LIST_BUDGET, ListWithinBudget } from '../lib/size';
import { quote } from '../lib/text';
import type { HookEvent } from './events';
import {
  additionalFieldOf,
  contactOf,
  dealsOf,
  groupsOf,
  labelOf,
  materialOf,
  removedTasksOf,
  type Log,
} from './strings';

type Item = JsonObject & { id: string };

/** Where items show the custom fields read from `additional_field`. */
export const CUSTOM_FIELDS = 'custom_fields';

const holdsObjects = (body: unknown): boolean =>
  Array.isArray(body) ? body.some(isObject) : isObject(body) && Object.keys(body).length > 0;

// 1. The bodies: `cleanedRequest` as core parsed it, else as JSON text, else `rawRequest.content`.
// The service POSTs one object; a list is read too.
export function bodiesOf(bundle: Pick<Bundle, 'cleanedRequest' | 'rawRequest'>, log: Log) {
  const texts = [bundle.cleanedRequest as unknown, bundle.rawRequest?.content].filter(
    (value): value is string => typeof value === 'string',
  );
  let body: unknown = bundle.cleanedRequest;
  for (const text of texts) if (!holdsObjects(body)) body = parseJson(text);
  if (!holdsObjects(body)) {
    log(`The delivery held no JSON object, so it gave no item. It held: ${quote(texts[0] ?? '')}.`);
  }
  return (Array.isArray(body) ? body : [body]).filter(
    (record): record is JsonObject => isObject(record) && Object.keys(record).length > 0,
  );
}

// 2. A body's records.
function* recordsOf(event: HookEvent, body: JsonObject, log: Log): Generator<JsonObject> {
  if (event.fanOut === 'contacts' && typeof body.contacts === 'string') {
    // A bulk delete (`num`, `contacts`, `removed_date`): one contact record each, read one at a time.
    let none = true;
    for (const group of groupsOf(body.contacts)) {
      none = false;
      yield { ...contactOf(group, log, 'contacts'), removed_date: body.removed_date };
    }
    if (none) log('A delete of several contacts held none, so it gave no item.');
    return;
  }
  if (event.fanOut === 'removed_task' && typeof body.removed_task === 'string') {
    const tasks = removedTasksOf(body.removed_task);
    if (tasks) {
      for (const task of tasks) yield { ...body, ...task };
      return;
    }
    log('"removed_task" was not in the service\'s form: kept as sent, the task fields blank.');
  }
  yield body;
}

// 3. What a record holds as text. A list in it is read while its entries fit LIST_BUDGET, the rest
// counted (src/lib/size.ts): read whole, 10 MB of tiny entries took 1 GB.
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

/** The values read out of a record's text, by the output keys they fill. */
function readText(event: HookEvent, record: JsonObject, log: Log): JsonObject {
  const reads = new Set(event.reads);
  const read: JsonObject = {};
  if (reads.has('contacts')) {
    const text = typeof record.contact === 'string' ? record.contact : '';
    const readContact = (group: string) => contactOf(group, log, 'contact');
    const { entries: contacts, count } = readAll(groupsOf(text), readContact, 'contacts', log);
    Object.assign(read, { contacts, contact_count: count });
    for (const [key, value] of Object.entries(contacts[0] ?? {})) {
      read[`first_contact_${key}`] = value;
    }
  }
  if (reads.has('materials')) {
    const readMaterial = (group: string) => materialOf(group, log, 'materials');
    read.materials = readAll(materialGroupsOf(record, log), readMaterial, 'materials', log).entries;
  }
  if (reads.has('deals')) {
    read.deals =
      typeof record.deal === 'string'
        ? readAll(dealsOf(record.deal, log), (deal) => deal, 'deals', log).entries
        : [];
  }
  if (reads.has('video percent')) {
    const percent = numberOf(record.material_amount);
    const video = String(record.material_type).trim().toUpperCase() === 'VIDEO';
    read.video_percent = video && percent !== undefined ? Math.round(percent) : null;
  }
  if (reads.has('label') && typeof record.label === 'string') {
    const { name, color } = labelOf(record.label);
    Object.assign(read, { label_name: name, label_color: color });
  }
  return read;
}

// 4. The item: exactly the output fields' keys, each of its declared type (typedValue), blank
// (null) where the record has none; `list[]child` keys make a list of records, each with exactly
// those keys.
/** A record's id, or one made from its content, so the same event gets the same id. */
const idFor = (record: JsonObject): string =>
  recordIdOf(record) ??
  `evt_${createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 24)}`;

function itemOf(event: HookEvent, record: JsonObject, log: Log): Item {
  const read = readText(event, record, log);
  const item: JsonObject = {};
  for (const { key: path, type, list } of event.outputFields) {
    const [key = '', child] = path.split('[]');
    const value = key in read ? read[key] : record[key];
    if (child !== undefined) {
      item[key] ??= Array.isArray(value) ? value : [];
      for (const entry of item[key] as JsonObject[]) entry[child] = typedValue(type, entry[child]);
    } else if (list) {
      const values = Array.isArray(value) ? (value as unknown[]) : [value];
      item[key] = values.map((one) => typedValue(type, one)).filter((one) => one !== null);
    } else {
      item[key] = typedValue(type, value);
    }
  }
  if (event.reads.includes('custom fields')) {
    item[CUSTOM_FIELDS] =
      'additional_field' in record ? customFieldsOf(record.additional_field, log) : {};
  }
  return Object.assign(item, { id: idFor(record) });
}

/** The items of the bodies that pass the filters, in order, at most `maxItems`; each log line
 * once, with how often it came. */
export function itemsOf(
  event: HookEvent,
  bodies: readonly JsonObject[],
  log: Log,
  {
    passesFilters,
    maxItems = Infinity,
  }: { passesFilters?: ((item: Item) => boolean) | undefined; maxItems?: number } = {},
): Item[] {
  const tally = new Map<string, number>();
  const logOnce: Log = (line) => tally.set(line, (tally.get(line) ?? 0) + 1);
  const result = new ListWithinBudget<Item>(`items of ${event.action}`, logOnce);
  let taken = 0;
  for (const body of bodies) {
    for (const record of recordsOf(event, body, logOnce)) {
      if (taken >= maxItems) break;
      // 5 and 6. Once the result is full, the rest are counted, not made.
      if (result.leavingOut) {
        result.leaveOut();
        continue;
      }
      const item = itemOf(event, record, logOnce);
      if (passesFilters && !passesFilters(item)) continue;
      result.add(item);
      taken++;
    }
  }
  const items = result.done();
  for (const [line, count] of tally) log(count > 1 ? `${line} (${count} times)` : line);
  return items;
}
