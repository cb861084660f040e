// Picking the first few of a long list in some order, without sorting it all:
// a poll wants the newest 1,000 of what may be 200,000 items, a dropdown page
// the next 100 by title.

/** How firstInOrder visits the items. */
export type Visits =
  /**
   * From the last: then a list that is mostly in ascending order costs one
   * comparison an item when the largest come first in `compare`.
   */
  | { readonly fromEnd: true }
  | {
      /**
       * From the first. Once `count` items are kept: from position `from` on,
       * the next that may come before the item at `last` (the last kept), or
       * `length` when none may. The items passed over are not compared: the
       * caller knows they come after it, by a test cheaper than `compare`.
       */
      readonly next?: (from: number, last: number) => number;
    };

/**
 * The positions of the first `count` of `length` items in the order `compare`
 * (negative when item i comes before item j), in that order. Equal items keep the list's order,
 * as a stable sort would, so the result is exactly a full sort's first `count`.
 * A bounded heap keeps the best `count` seen so far: most items cost one
 * comparison against the last one kept, at worst log2(count), instead of the
 * log2(length) of each item in a sort; `visits` can spare even that.
 */
export function firstInOrder(
  length: number,
  count: number,
  compare: (i: number, j: number) => number,
  visits: Visits = {},
): number[] {
  const limit = Math.min(count, length);
  if (limit <= 0) return [];
  const fromEnd = 'fromEnd' in visits;
  const next = 'next' in visits ? visits.next : undefined;
  // Equal items: the earlier position first.
  const precedes = (i: number, j: number): boolean => {
    const order = compare(i, j);
    return order < 0 || (order === 0 && i < j);
  };
  // A max-heap by `precedes`: heap[0] is the last of the items kept so far.
  const heap: number[] = [];
  const at = (k: number): number => heap[k] ?? 0;
  const swap = (a: number, b: number): void => {
    const kept = at(a);
    heap[a] = at(b);
    heap[b] = kept;
  };
  const siftUp = (start: number): void => {
    let k = start;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!precedes(at(parent), at(k))) return;
      swap(parent, k);
      k = parent;
    }
  };
  const siftDown = (start: number): void => {
    let k = start;
    for (;;) {
      const left = 2 * k + 1;
      if (left >= heap.length) return;
      const right = left + 1;
      const later = right < heap.length && precedes(at(left), at(right)) ? right : left;
      if (!precedes(at(k), at(later))) return;
      swap(k, later);
      k = later;
    }
  };
  for (let visit = 0; visit < length; visit++) {
    if (heap.length < limit) {
      heap.push(fromEnd ? length - 1 - visit : visit);
      siftUp(heap.length - 1);
      continue;
    }
    const last = at(0);
    // From the first (see Visits), where a visit is a position.
    if (next) visit = next(visit, last);
    if (visit >= length) break;
    const i = fromEnd ? length - 1 - visit : visit;
    // precedes(i, last) written out: most items lose to the last one kept, and a fresh
    // process runs this loop uncompiled, where each call costs.
    const order = compare(i, last);
    if (order < 0 || (order === 0 && i < last)) {
      heap[0] = i;
      siftDown(0);
    }
  }
  return heap.sort((i, j) => (precedes(i, j) ? -1 : 1));
}

/**
 * A test for ids already seen, in one pass over a list: true for each repeat;
 * each id that is not a repeat is appended to `kept`, which the caller may
 * then use as the list of ids kept.
 * While the ids keep rising (or keep falling), none can repeat an earlier one,
 * so no set is kept: a list in the order it was stored (oldest first) or newest
 * first costs one string comparison an id. A set of 200,000 ids takes longer
 * than parsing them; it is built only the first time the order breaks.
 */
export function repeatFinder(kept: string[] = []): (id: string) => boolean {
  let direction = 0;
  let seen: Set<string> | undefined;
  const keep = (id: string): false => {
    kept.push(id);
    return false;
  };
  const inSet = (set: Set<string>, id: string): boolean =>
    set.size === set.add(id).size || keep(id);
  return (id) => {
    if (seen) return inSet(seen, id);
    const last = kept.at(-1);
    if (last !== undefined) {
      const step = id > last ? 1 : id < last ? -1 : 0;
      if (step === 0 || step === -direction) {
        seen = new Set(kept);
        return inSet(seen, id);
      }
      direction = step;
    }
    return keep(id);
  };
}
