// From a payload to its records, and each record normalised. A payload is one
// record, except a bulk delete of contacts (one record per contact) and a
// delete_task (one per task in removed_task). Normalising a record adds,
// beside each of the service's list strings, the list read from it
// (`contacts`, `materials`, `custom_fields`), and gives it an id.
import { createHash } from 'node:crypto';
import { idOf } from '../http/ids';
import { toJson } from '../http/json';
import { bytesOf, RESULT_BUDGET_BYTES } from '../result';
import { CUSTOM_FIELDS_KEY, customFieldsOf } from './custom-fields';
import {
  contactOf,
  groupsOf,
  MATERIAL_KINDS,
  parseContacts,
  parseMaterials,
  parseRemovedTasks,
  type Log,
  type ParsedContact,
  type ParsedMaterial,
} from './strings';

/** A payload as the service sends it, or one record of it. */
export type Payload = Readonly<Record<string, unknown>>;

/** A record normalised: its lists read, and an id. */
export type Normalised = Record<string, unknown> & { id: string };

const ignore: Log = () => undefined;

// ---- Records ----

/** The records of a payload that lists several; undefined when it is one record itself. */
export type Expand = (payload: Payload, log: Log) => Iterable<Payload> | undefined;

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
 * contact record each, in the single delete's shape, with its own id. A
 * generator: a delete of a million contacts never holds them all.
 */
export const bulkContactsOf: Expand = (payload, log) => {
  const text = payload.contacts;
  if (typeof text !== 'string') return undefined;
  if (groupsOf(text).next().done) log('A delete of several contacts held none: it gave no item.');
  return (function* () {
    for (const group of groupsOf(text)) yield contactRecordOf(contactOf(group, log, 'contacts'));
  })();
};

/**
 * delete_task: one record per task in `removed_task`, beside `num` and
 * `removed_date` as sent; each record's `removed_task` is its own task's
 * text. Text that cannot be read stays one record, whole, and is logged.
 */
export const removedTasksOf: Expand = (payload, log) => {
  if (typeof payload.removed_task !== 'string' || !payload.removed_task.trim()) return undefined;
  const tasks = parseRemovedTasks(payload.removed_task);
  if (!tasks) {
    log('"removed_task" was not in the service\'s task form: kept as sent, the task fields blank.');
    return undefined;
  }
  return tasks.map((task) => ({ ...payload, ...task }));
};

// ---- Ids ----

/**
 * A stable id from a record's content (its JSON with keys sorted at every
 * depth): the same delivery always gets the same id, so Zapier sees it once.
 */
export const derivedId = (record: Payload): string =>
  `evt_${createHash('sha256').update(toJson(record, true)).digest('hex').slice(0, 24)}`;

/** A record's own id (see idOf), or one derived from its content. */
export const recordId = (record: Payload): string => idOf(record.id) ?? derivedId(record);

// ---- Normalising ----

/**
 * A record with the lists read from its text added beside that text
 * (`contacts`, `materials`, `custom_fields`), and an id. Each list is read
 * while it fits `budget` bytes, half a result by default: it sits in the
 * item beside the text it was read from, and the item is cut to one result
 * (see fitItem), so no more of it is kept. Reading a whole result of it
 * costs memory to no use (bench section 8, tiny custom fields).
 */
export function normalise(
  record: Payload,
  log: Log = ignore,
  budget = RESULT_BUDGET_BYTES / 2,
): Normalised {
  const normalised: Record<string, unknown> = { ...record };
  if (typeof record.contact === 'string') {
    normalised.contacts = parseContacts(record.contact, log, 'contact', budget);
  }
  if (MATERIAL_KINDS.some(({ sendKey }) => sendKey in record)) {
    // Every kind in one list, within one budget.
    let materials: ParsedMaterial[] = [];
    for (const { sendKey } of MATERIAL_KINDS) {
      const text = record[sendKey];
      if (typeof text !== 'string') continue;
      const left = budget - (materials.length > 0 ? bytesOf(materials) : 0);
      const parsed = parseMaterials(text, log, sendKey, left);
      if (!parsed) log(`"${sendKey}" was not a bracketed list of materials: kept as sent only.`);
      materials = materials.concat(parsed ?? []);
    }
    normalised.materials = materials;
  }
  // Read from additional_field alone: a `custom_fields` the delivery holds is not trusted.
  const custom =
    'additional_field' in record ? customFieldsOf(record.additional_field, log, budget) : {};
  if (!custom) log('"additional_field" was not a JSON object: no custom fields were read.');
  normalised[CUSTOM_FIELDS_KEY] = custom ?? {};
  return Object.assign(normalised, { id: recordId(record) });
}

/** A sample that carries nothing: `{}`, or every value empty (the service's placeholder). */
export function isEmptyPayload(payload: Payload): boolean {
  // Iterative: a value nested 100,000 deep is no risk.
  const pending: unknown[] = [payload];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'string') {
      if (node.trim() !== '') return false;
    } else if (typeof node === 'object' && node !== null) {
      // One at a time: spreading a million values would pass the stack's limit.
      for (const value of Object.values(node)) pending.push(value);
    } else if (node !== null && node !== undefined) {
      return false;
    }
  }
  return true;
}
