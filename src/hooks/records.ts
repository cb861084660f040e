// A payload is one record, except a bulk delete of contacts (one per contact)
// and delete_task (one per task in removed_task).
import { createHash } from 'node:crypto';
import { idOf } from '../http/ids';
import { toJson } from '../http/json';
import { bytesOf, RESULT_BUDGET_BYTES } from '../result';
import { CUSTOM_FIELDS_KEY, customFieldsOf } from './custom-fields';
import {
  contactOf,
  groupsOf,
  MATERIAL_KINDS,
  materialOf,
  parseRemovedTasks,
  readGroups,
  type Log,
} from './strings';

export type Payload = Readonly<Record<string, unknown>>;

export type Normalised = Record<string, unknown> & { id: string };

/** The records of a payload that lists several; undefined when it is one record. */
export type Expand = (payload: Payload, log: Log) => Iterable<Payload> | undefined;

/** A contact record in the single delete_contact's shape, from what a contact string carries. */
export const contactRecordOf = (contact: ReturnType<typeof contactOf>) => ({
  ...contact,
  address: '',
  city: '',
  state: '',
  zip: '',
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

/** A bulk delete (`num`, `contacts`, `removed_date`): one contact record each, one at a time. */
export const bulkContactsOf: Expand = (payload, log) => {
  const text = payload.contacts;
  if (typeof text !== 'string') return undefined;
  if (groupsOf(text).next().done) log('A delete of several contacts held none: it gave no item.');
  return (function* () {
    for (const group of groupsOf(text)) yield contactRecordOf(contactOf(group, log, 'contacts'));
  })();
};

/** delete_task: one record per task in `removed_task`; text not read stays one record, logged. */
export const removedTasksOf: Expand = (payload, log) => {
  if (typeof payload.removed_task !== 'string' || !payload.removed_task.trim()) return undefined;
  const tasks = parseRemovedTasks(payload.removed_task);
  if (!tasks) {
    log('"removed_task" was not in the service\'s task form: kept as sent, the task fields blank.');
    return undefined;
  }
  return tasks.map((task) => ({ ...payload, ...task }));
};

/** An id from a record's content (keys sorted), so Zapier sees the same delivery once. */
export const derivedId = (record: Payload): string =>
  `evt_${createHash('sha256').update(toJson(record, true)).digest('hex').slice(0, 24)}`;

export const recordId = (record: Payload): string => idOf(record.id) ?? derivedId(record);

// A record with the lists read from its text (`contacts`, `materials`, `custom_fields`) added
// beside that text, and an id. Each list is read while it fits a quarter of a result: the item is
// cut to one result anyway, and reading more costs memory that bench section 8 has no room for.
export function normalise(
  record: Payload,
  log: Log = () => undefined,
  budget = RESULT_BUDGET_BYTES / 4,
): Normalised {
  const normalised: Record<string, unknown> = { ...record };
  if (typeof record.contact === 'string') {
    normalised.contacts = readGroups(record.contact, contactOf, budget, log, 'contact');
  }
  if (MATERIAL_KINDS.some(({ sendKey }) => sendKey in record)) {
    // Every kind in one list, within one budget.
    let materials: unknown[] = [];
    for (const { sendKey } of MATERIAL_KINDS) {
      const text = record[sendKey];
      if (typeof text !== 'string') continue;
      if (text.trim() && !text.trim().startsWith('[')) {
        log(`"${sendKey}" was not a bracketed list of materials: kept as sent only.`);
        continue;
      }
      const left = budget - (materials.length > 0 ? bytesOf(materials) : 0);
      materials = materials.concat(readGroups(text, materialOf, left, log, sendKey));
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
  const pending: unknown[] = [payload];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'string') {
      if (node.trim() !== '') return false;
    } else if (typeof node === 'object' && node !== null) {
      for (const value of Object.values(node)) pending.push(value);
    } else if (node !== null && node !== undefined) {
      return false;
    }
  }
  return true;
}
