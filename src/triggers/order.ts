// The orders a list is returned in. Polls (and the editor's samples) are newest
// first, by `newestFirst`. Dropdowns are A–Z by title, by `dropdownOrder`:
// change the dropdown order there and in test/support/lists.ts, which writes
// the same order out as a full sort for the tests.
import { isLowerCaseObjectId, isObjectId } from '../http/ids';
import { byText, titleOf, type ListRows } from './rows';

/** The positions of the first `count` rows in one order (all the rows when there are fewer). */
export type Order = (count: number) => readonly number[];

/**
 * Newest first, by the creation time in the first 8 hex digits of each
 * ObjectId, among the positions `among` or the whole list. Undefined when an
 * id is not an ObjectId: then the ids do not show which items are newest.
 */
export function newestFirst(list: ListRows, among?: readonly number[]): Order | undefined {
  const positionOf = (k: number): number => (among ? (among[k] ?? 0) : k);
  const ids = among ? among.map((position) => list.ids[position] ?? '') : list.ids;
  // MongoDB writes ObjectIds in lower case, and those sort by age as they are.
  const lowerCase = ids.every(isLowerCaseObjectId);
  if (lowerCase && list.idOrder) {
    // The list is already sorted by id, so the newest are at one end and nothing is compared.
    const nth = (k: number): number => (list.idOrder === 'descending' ? k : ids.length - 1 - k);
    return (count) =>
      Array.from({ length: Math.min(count, ids.length) }, (_, k) => positionOf(nth(k)));
  }
  if (!lowerCase && !ids.every(isObjectId)) return undefined;
  const keys = lowerCase ? ids : ids.map((id) => id.toLowerCase());
  return (count) =>
    firstInOrder(keys.length, count, (i, j) => byText(keys[j], keys[i])).map(positionOf);
}

/** The lower-case code of an ASCII letter a–z, or 0 for any other character. */
const letterOf = (code: number): number => (code > 96 && code < 123 ? code : 0);

/**
 * Compares titles A–Z, case and accents aside, "#2" before "#10", with a
 * collator made once a run. Two titles that start with different ASCII
 * letters are in the order of those letters, which is what the collator
 * would say, without the slower call.
 */
export function titleComparer(): (a: string, b: string) => number {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return (a, b) => {
    const x = letterOf(a.charCodeAt(0) | 32);
    const y = letterOf(b.charCodeAt(0) | 32);
    return (x && y && x - y) || collator.compare(a, b);
  };
}

/** The dropdown order: A–Z by title, untitled last, equal titles by id, then in the list's order. */
export function dropdownOrder({ rows, ids }: ListRows): Order {
  const compareTitles = titleComparer();
  const compare = (i: number, j: number): number => {
    const a = titleOf(rows[i]);
    const b = titleOf(rows[j]);
    return Number(a === '') - Number(b === '') || compareTitles(a, b) || byText(ids[i], ids[j]);
  };
  return (count) => firstInOrder(ids.length, count, compare);
}

/** The service's order, for ids that do not show their age. */
export function listOrder({ ids }: ListRows): Order {
  return (count) => Array.from({ length: Math.min(count, ids.length) }, (_, i) => i);
}

/**
 * The positions of the first `count` of `length` items by `compare` (negative
 * when item i comes first), equal items in the list's order, as a stable sort
 * would give them. A poll wants the newest 1,000 of what may be 200,000 items,
 * so this does not sort the whole list: it keeps the best `count` so far, and
 * an item that comes after the last of them costs one comparison. The kept
 * items are sorted only when twice `count` of them are waiting.
 */
export function firstInOrder(
  length: number,
  count: number,
  compare: (i: number, j: number) => number,
): number[] {
  const order = (i: number, j: number): number => compare(i, j) || i - j;
  let kept: number[] = [];
  let last: number | undefined;
  for (let i = 0; i < length; i++) {
    if (last !== undefined && order(i, last) > 0) continue;
    kept.push(i);
    if (kept.length >= 2 * count) {
      kept = kept.sort(order).slice(0, count);
      last = kept[count - 1];
    }
  }
  return kept.sort(order).slice(0, count);
}
