// The webhook path: what the service delivered becomes the trigger's items, in the order it runs:
//   1. the delivered bodies;
//   2. their records (a bulk delete gives one per contact or task), and
//   3. what a record holds as text, read: contacts, materials, deals, custom fields, its label
//      (both in packed-text.ts, CRMGrow's text formats);
//   4. the item shaped to the trigger's output fields;
//   5. the Zap builder's filters;
//   6. the items fitted into the result.
// perform, performList and the static sample all take this path, so a sample is what a run gives.
import { createHash } from 'node:crypto';
import type { Bundle } from 'zapier-platform-core';
import { isObject, parseJson, recordIdOf, typedValue, type JsonObject } from '../lib/json';
import { ListWithinBudget } from '../lib/size';
import { quote } from '../lib/text';
import type { HookEvent } from './events';
import { CUSTOM_FIELDS, recordsOf, unpackedOf, type Log } from './packed-text';

type Item = JsonObject & { id: string };

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

// 2 and 3. A body's records, and what each holds as text, read in packed-text.ts.

// 4. The item: exactly the output fields' keys, each of its declared type (typedValue), blank
// (null) where the record has none; `list[]child` keys make a list of records, each with exactly
// those keys.
/** A record's id, or one made from its content, so the same event gets the same id. */
const idFor = (record: JsonObject): string =>
  recordIdOf(record) ??
  `evt_${createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 24)}`;

function itemOf(event: HookEvent, record: JsonObject, log: Log): Item {
  const read = unpackedOf(event, record, log);
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
  if (CUSTOM_FIELDS in read) item[CUSTOM_FIELDS] = read[CUSTOM_FIELDS];
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
