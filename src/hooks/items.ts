// The webhook path: what the service delivered becomes the trigger's items, in the order it runs:
//   1. the delivered bodies;
//   2. their records (a bulk delete gives one per contact or task);
//   3. the lists a record holds as text read: contacts, materials, custom fields;
//   4. the item shaped to the trigger's output fields;
//   5. the Zap builder's filters;
//   6. the items fitted into the result.
// perform, performList and the static sample all take this path, so a sample is what a run gives.
import { createHash } from 'node:crypto';
import type { Bundle } from 'zapier-platform-core';
import { isObject, numberOf, parseJson, recordIdOf, type JsonObject } from '../lib/json';
import { MATERIALS } from '../lib/lists';
import { Fitting, LIST_BUDGET } from '../lib/size';
import { quote } from '../lib/text';
import type { HookEvent } from './events';
import { contactOf, groupsOf, materialOf, removedTasksOf, type Log } from './strings';

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
  if (event.expand === 'contacts' && typeof body.contacts === 'string') {
    // A bulk delete (`num`, `contacts`, `removed_date`): one contact record each, read one at a time.
    let none = true;
    for (const group of groupsOf(body.contacts)) {
      none = false;
      yield contactOf(group, log, 'contacts');
    }
    if (none) log('A delete of several contacts held none, so it gave no item.');
    return;
  }
  if (event.expand === 'removed_task' && typeof body.removed_task === 'string') {
    const tasks = removedTasksOf(body.removed_task);
    if (tasks) {
      for (const task of tasks) yield { ...body, ...task };
      return;
    }
    log('"removed_task" was not in the service\'s form: kept as sent, the task fields blank.');
  }
  yield body;
}

// 3. The lists a record holds as text, each read while it fits.
function readGroups<T>(text: string, read: (group: string) => T, what: string, log: Log): T[] {
  const list = new Fitting<T>(what, log, LIST_BUDGET);
  for (const group of groupsOf(text)) {
    if (list.full) list.skip();
    else list.add(read(group));
  }
  return list.done();
}

/** send_material's videos, PDFs and images, in one list. */
function materialsOf(record: JsonObject, log: Log) {
  const texts = MATERIALS.flatMap(({ sendKey }) => {
    const text = record[sendKey];
    if (typeof text !== 'string' || !text.trim()) return [];
    if (text.trim().startsWith('[')) return [text];
    log(`"${sendKey}" was not a bracketed list of materials: kept as sent only.`);
    return [];
  });
  return readGroups(
    texts.join(','),
    (group) => materialOf(group, log, 'materials'),
    'materials',
    log,
  );
}

/** `additional_field`, a JSON object or its text: each field as a Zap can map it, lists and objects as JSON text. */
function customFieldsOf(value: unknown, log: Log): JsonObject {
  const fields = typeof value === 'string' ? (value.trim() ? parseJson(value) : {}) : value;
  if (!isObject(fields)) {
    log('"additional_field" was not a JSON object, so no custom fields were read.');
    return {};
  }
  const read = new Fitting<[string, unknown]>('custom fields', log, LIST_BUDGET);
  for (const name of Object.keys(fields)) {
    const value = fields[name];
    const mappable = typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
    if (read.full) read.skip();
    else read.add([name, mappable]);
  }
  return Object.fromEntries(read.done());
}

// 4. The item: exactly the output fields' keys, each of its declared type, blank (null) where the
// record has none; `list[]child` keys make a list of records, each with exactly those keys.
function valueOf(type: string | undefined, value: unknown): unknown {
  if (type === 'number') return numberOf(value) ?? null;
  if (type === 'boolean') {
    const text = typeof value === 'string' ? value.trim().toLowerCase() : value;
    return text === true || text === 'true'
      ? true
      : text === false || text === 'false'
        ? false
        : null;
  }
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A record's id, or one made from its content, so the same event gets the same id. */
const idFor = (record: JsonObject): string =>
  recordIdOf(record) ??
  `evt_${createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 24)}`;

function itemOf(event: HookEvent, record: JsonObject, log: Log): Item {
  const item: JsonObject = {};
  for (const { key: path, type, list } of event.outputFields) {
    const [key = '', child] = path.split('[]');
    if (child !== undefined) {
      item[key] ??=
        key === 'contacts' && typeof record.contact === 'string'
          ? readGroups(record.contact, (group) => contactOf(group, log, 'contact'), 'contacts', log)
          : key === 'materials'
            ? materialsOf(record, log)
            : [];
      for (const entry of item[key] as JsonObject[]) entry[child] = valueOf(type, entry[child]);
    } else if (list) {
      const values = Array.isArray(record[key]) ? (record[key] as unknown[]) : [record[key]];
      item[key] = values.map((value) => valueOf(type, value)).filter((value) => value !== null);
    } else {
      item[key] = valueOf(type, record[key]);
    }
  }
  if ('additional_field' in event.sample) {
    item[CUSTOM_FIELDS] =
      'additional_field' in record ? customFieldsOf(record.additional_field, log) : {};
  }
  return Object.assign(item, { id: idFor(record) });
}

/** The items of the bodies that pass the filters (`keep`), in order, at most `most`; each log line
 * once, with how often it came. */
export function itemsOf(
  event: HookEvent,
  bodies: readonly JsonObject[],
  log: Log,
  { keep, most = Infinity }: { keep?: ((item: Item) => boolean) | undefined; most?: number } = {},
): Item[] {
  const tally = new Map<string, number>();
  const note: Log = (line) => tally.set(line, (tally.get(line) ?? 0) + 1);
  const result = new Fitting<Item>(`items of ${event.action}`, note);
  let taken = 0;
  for (const body of bodies) {
    for (const record of recordsOf(event, body, note)) {
      if (taken >= most) break;
      // 5 and 6. Once the result is full, the rest are counted, not made.
      if (result.full) {
        result.skip();
        continue;
      }
      const item = itemOf(event, record, note);
      if (keep && !keep(item)) continue;
      result.add(item);
      taken++;
    }
  }
  const items = result.done();
  for (const [line, count] of tally) log(count > 1 ? `${line} (${count} times)` : line);
  return items;
}
