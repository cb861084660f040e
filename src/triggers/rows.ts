// One run of a list: read the rows, take each id once in order (order.ts), keep what fits.
import type { ZObject } from 'zapier-platform-core';
import { SERVICE_NAME, whereOf } from '../http/errors';
import { idOf } from '../http/ids';
import { isRecord } from '../http/json';
import { enveloped } from '../http/responses';
import { bytesOf, RESULT_BUDGET_BYTES } from '../result';
import { cutText } from '../text';
import type { ListItem, ListSpec } from './lists';
import type { Order } from './order';

type Row = Readonly<Record<string, unknown>>;

/** The rows that have a usable id, in the service's order, and their ids. */
export interface ListRows {
  readonly rows: readonly Row[];
  readonly ids: readonly string[];
  /** Set when each id sorts after (or each before) the one before it, so no id repeats. */
  readonly idOrder?: 'ascending' | 'descending';
}

export const byText = (a = '', b = ''): number => (a > b ? 1 : a < b ? -1 : 0);
export const titleOf = (row: Row | undefined): string =>
  typeof row?.title === 'string' ? row.title.trim() : '';
const isId = (id: string | undefined): id is string => id !== undefined;

/** Reads a bare array or a `{ "data": [...] }` envelope; rows without a usable id are logged. */
export function readRows(z: ZObject, spec: ListSpec, { data }: { data: unknown }): ListRows {
  const list = enveloped(data);
  if (!Array.isArray(list)) {
    throw new z.errors.Error(
      `${SERVICE_NAME} answered ${whereOf(spec.endpoint)} with something other than a list of ` +
        `${spec.singular}s, so there is nothing to show. Try again in a few minutes; if it keeps ` +
        `happening, contact ${SERVICE_NAME} support.`,
      'invalid_response',
    );
  }
  const found = list.map((row: unknown) =>
    isRecord(row) ? (idOf(row.id) ?? idOf(row._id)) : undefined,
  );
  // A list with an id in every row, the usual case, is used without a copy.
  const ids = found.every(isId) ? found : found.filter(isId);
  const rows = (ids === found ? list : list.filter((_, i) => isId(found[i]))) as Row[];
  if (rows.length < list.length) {
    z.console.log(
      `Left out ${list.length - rows.length} of ${list.length} ${spec.singular}s from ` +
        `${whereOf(spec.endpoint)}: they have no usable "id" or "_id", so Zapier could not ` +
        'tell them apart.',
    );
  }
  const step = ids.length > 1 ? byText(ids[1], ids[0]) : 1;
  const sorted = step !== 0 && ids.every((id, i) => i === 0 || byText(id, ids[i - 1]) === step);
  return sorted ? { rows, ids, idOrder: step === 1 ? 'ascending' : 'descending' } : { rows, ids };
}

export type Selection = Readonly<{ positions: number[]; repeats: number; considered: number }>;

// The first `count` positions in `order`, each the first row of its id. Unless the ids are sorted
// or `sameIdInListOrder` says so, the list is read up to the last row taken, for earlier rows.
export function firstOfEachId(
  list: ListRows,
  count: number,
  order: Order,
  sameIdInListOrder = false,
): Selection {
  for (let asked = Math.max(count, 1); ; asked *= 2) {
    const taken = order(asked);
    const firstRow = new Map<string | undefined, number>();
    for (const position of taken) {
      if (!firstRow.has(list.ids[position])) firstRow.set(list.ids[position], position);
    }
    const end = sameIdInListOrder || list.idOrder ? 0 : taken.reduce((a, b) => Math.max(a, b), 0);
    for (let i = 0; i < end; i++) {
      const at = firstRow.get(list.ids[i]);
      if (at !== undefined && i < at) firstRow.set(list.ids[i], i);
    }
    const positions: number[] = [];
    let considered = 0;
    for (const position of taken) {
      if (positions.length === count) break;
      considered += 1;
      if (firstRow.get(list.ids[position]) === position) positions.push(position);
    }
    if (positions.length === count || taken.length < asked) {
      return { positions, repeats: considered - positions.length, considered };
    }
  }
}

/** Titles may take four fifths of the result budget at 6 bytes a character (a JSON escape). */
export const maxTitleLength = (count: number): number =>
  Math.max(16, Math.min(1_000, Math.floor((RESULT_BUDGET_BYTES * 4) / 5 / 6 / Math.max(1, count))));

/** The items in order while they fit the result budget; the rest are left out and logged. */
export function resultOf(
  z: ZObject,
  spec: ListSpec,
  list: ListRows,
  { positions, repeats, considered }: Selection,
): ListItem[] {
  if (repeats > 0) {
    z.console.log(
      `Left out ${repeats} of ${considered} ${spec.singular}s from ${whereOf(spec.endpoint)}: ` +
        'their id repeats an earlier item, and Zapier needs each id once.',
    );
  }
  const maxTitle = maxTitleLength(positions.length);
  const items: ListItem[] = [];
  let bytes = 0;
  for (const position of positions) {
    const item = {
      id: list.ids[position] ?? '',
      title: cutText(titleOf(list.rows[position]), maxTitle),
    };
    bytes += bytesOf(item) + 1; // The item and the comma after it.
    if (bytes > RESULT_BUDGET_BYTES) break;
    items.push(item);
  }
  if (items.length < positions.length) {
    z.console.log(
      `Left out ${positions.length - items.length} of ${positions.length} ${spec.singular}s from ` +
        `${whereOf(spec.endpoint)}, positions ${items.length + 1} to ${positions.length} of this ` +
        "result: with them, the result would pass Zapier's 6 MiB limit.",
    );
  }
  return items;
}
