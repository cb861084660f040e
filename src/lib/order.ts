// The orders of a list, polls newest first and dropdowns A–Z, chosen without a full sort.
import { isObjectId } from './json';
import { TITLE_COLLATOR } from './text';

/** The indexes of the first `count` rows in one order. */
type Order = (count: number) => number[];

const byText = (a = '', b = ''): number => (a > b ? 1 : a < b ? -1 : 0);

// The first `count` of `length` indexes by `compare`, ties in list order, with no sort of them
// all: an index after the best `count` so far costs one comparison; those kept are sorted when
// twice as many wait.
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

/** Newest first, when every id (of `among`, or of all) is an ObjectId, which starts with its time.
 * Ids in the order they were made, as the service stores them, need no comparing: the newest are
 * at the end. */
export function newestFirst(ids: readonly string[], among?: readonly number[]): Order | undefined {
  const at = (k: number): number => (among ? (among[k] ?? 0) : k);
  const length = among ? among.length : ids.length;
  let rising = true;
  for (let k = 0; k < length; k++) {
    const id = ids[at(k)] ?? '';
    if (!isObjectId(id)) return undefined;
    rising &&= k === 0 || id > (ids[at(k - 1)] ?? '');
  }
  if (rising)
    return (count) => Array.from({ length: Math.min(count, length) }, (_, k) => at(length - 1 - k));
  return (count) => firstInOrder(length, count, (k, l) => byText(ids[at(l)], ids[at(k)])).map(at);
}

/** The dropdown's order: A–Z by title as TITLE_COLLATOR compares (src/lib/text.ts); untitled last. */
export function dropdownOrder(titles: readonly string[], ids: readonly string[]): Order {
  const compare = (i: number, j: number): number => {
    const a = titles[i] ?? '';
    const b = titles[j] ?? '';
    return (
      Number(a === '') - Number(b === '') || TITLE_COLLATOR.compare(a, b) || byText(ids[i], ids[j])
    );
  };
  return (count) => firstInOrder(titles.length, count, compare);
}
