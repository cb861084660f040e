// One run of a list, in the order it happens: read the rows of the response,
// take each id once in the chosen order (src/triggers/order.ts), and return
// the items that fit the result budget. Whatever is left out is logged.
import type { ZObject } from 'zapier-platform-core';
import { SERVICE_NAME } from '../http/errors';
import { idOf } from '../http/ids';
import { isRecord } from '../http/json';
import { enveloped } from '../http/responses';
import { bytesOf, RESULT_BUDGET_BYTES } from '../result';
import { cutText } from '../text';
import type { ListItem, ListSpec } from './lists';
import type { Order } from './order';

type Row = Readonly<Record<string, unknown>>;

/** The rows of a list response that have a usable id, in the service's order, and their ids. */
export interface ListRows {
  readonly rows: readonly Row[];
  readonly ids: readonly string[];
  /** Set when each id sorts after (or each before) the one before it, so no id repeats. */
  readonly idOrder?: 'ascending' | 'descending';
}

/** Compares texts by their UTF-16 code units, as `<` does. */
export const byText = (a = '', b = ''): number => (a > b ? 1 : a < b ? -1 : 0);

/** A row's title, trimmed; blank when it has none. */
export const titleOf = (row: Row | undefined): string =>
  typeof row?.title === 'string' ? row.title.trim() : '';

const whereOf = (spec: ListSpec): string => `${spec.endpoint.method} ${spec.endpoint.path}`;

const isId = (id: string | undefined): id is string => id !== undefined;

/**
 * Reads the rows of a list response, a bare array or a `{ "data": [...] }`
 * envelope, each by its `id` or else its `_id`. Rows without a usable id (see
 * idOf) are left out and logged.
 */
export function readRows(z: ZObject, spec: ListSpec, { data }: { data: unknown }): ListRows {
  const list = enveloped(data);
  if (!Array.isArray(list)) {
    throw new z.errors.Error(
      `${SERVICE_NAME} answered ${whereOf(spec)} with something other than a list of ` +
        `${spec.plural}, so there is nothing to show. Try again in a few minutes; if it keeps ` +
        `happening, contact ${SERVICE_NAME} support.`,
      'invalid_response',
    );
  }
  const found = list.map((row: unknown) =>
    isRecord(row) ? (idOf(row.id) ?? idOf(row._id)) : undefined,
  );
  // Most lists have an id in every row: those are used as they are, without a copy.
  const ids = found.every(isId) ? found : found.filter(isId);
  const rows = (ids === found ? list : list.filter((_, i) => isId(found[i]))) as Row[];
  if (rows.length < list.length) {
    z.console.log(
      `Left out ${list.length - rows.length} of ${list.length} ${spec.plural} from ` +
        `${whereOf(spec)}: they have no usable "id" or "_id", so Zapier could not tell them apart.`,
    );
  }
  const direction = ids.length > 1 ? byText(ids[1], ids[0]) : 1;
  const sorted =
    direction !== 0 && ids.every((id, i) => i === 0 || byText(id, ids[i - 1]) === direction);
  if (!sorted) return { rows, ids };
  return { rows, ids, idOrder: direction === 1 ? 'ascending' : 'descending' };
}

/** The positions one run returns, and how many of the positions it considered repeat an id. */
export interface Selection {
  readonly positions: readonly number[];
  readonly repeats: number;
  readonly considered: number;
}

/**
 * The first `count` positions in `order`, each the first row of its id, as
 * Zapier needs each id once: it takes `count` positions, and twice as many
 * while repeated ids leave it short. When the ids are sorted, or the order
 * gives the rows of one id in the list's order (`sameIdInListOrder`), the
 * first row taken of an id is its first row. Otherwise the list is read up to
 * the last row taken, to find an earlier row of a taken id.
 */
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
    // Fewer taken than asked for: the order has no more rows.
    if (positions.length === count || taken.length < asked) {
      return { positions, repeats: considered - positions.length, considered };
    }
  }
}

/**
 * The most characters a title keeps in a result of `count` items: 1,000 (no real title is longer),
 * fewer the more items there are, and at least 16. The titles may take four fifths of the result
 * budget at 6 bytes a character (a control character's JSON escape); the ids and keys the rest.
 */
export const maxTitleLength = (count: number): number =>
  Math.max(16, Math.min(1_000, Math.floor((RESULT_BUDGET_BYTES * 4) / 5 / 6 / Math.max(1, count))));

/**
 * The items at the selected positions, `id` and `title` alone, titles cut to
 * maxTitleLength. Items are kept in order while they fit RESULT_BUDGET_BYTES;
 * the first that does not fit and all after it are left out and logged.
 */
export function resultOf(
  z: ZObject,
  spec: ListSpec,
  list: ListRows,
  { positions, repeats, considered }: Selection,
): ListItem[] {
  const where = whereOf(spec);
  if (repeats > 0) {
    z.console.log(
      `Left out ${repeats} of ${considered} ${spec.plural} from ${where}: their id repeats ` +
        'an earlier item, and Zapier needs each id once.',
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
      `Left out ${positions.length - items.length} of ${positions.length} ${spec.plural} from ` +
        `${where}, positions ${items.length + 1} to ${positions.length} of this result: with ` +
        "them, the result would pass Zapier's 6 MiB limit.",
    );
  }
  return items;
}
