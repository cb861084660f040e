// The orders of a list: polls newest first, dropdowns A–Z by title. The tests write the
// same orders out as full sorts in test/support/lists.ts: change both together.
import { isLowerCaseObjectId } from '../http/ids';
import { byText, titleOf, type ListRows } from './rows';

/** The positions of the first `count` rows in one order. */
export type Order = (count: number) => readonly number[];

/** Newest first by ObjectId as MongoDB writes it (lower case), among `among` or all rows. */
export function newestFirst(list: ListRows, among?: readonly number[]): Order | undefined {
  const positionOf = (k: number): number => (among ? (among[k] ?? 0) : k);
  const ids = among ? among.map((position) => list.ids[position] ?? '') : list.ids;
  if (!ids.every(isLowerCaseObjectId)) return undefined;
  if (list.idOrder) {
    // Sorted ids have the newest at one end, so nothing is compared.
    const nth = (k: number): number => (list.idOrder === 'descending' ? k : ids.length - 1 - k);
    return (count) =>
      Array.from({ length: Math.min(count, ids.length) }, (_, k) => positionOf(nth(k)));
  }
  return (count) =>
    firstInOrder(ids.length, count, (i, j) => byText(ids[j], ids[i])).map(positionOf);
}

const letterOf = (code: number): number => (code > 96 && code < 123 ? code : 0);

// A–Z, case and accents aside, "#2" before "#10". Titles that start with different ASCII
// letters are in those letters' order, as the slower collator would say.
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

// The first `count` of `length` items by `compare`, ties in list order, with no sort of them all:
// an item after the best `count` so far costs one comparison; those kept are sorted at 2 × count.
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
