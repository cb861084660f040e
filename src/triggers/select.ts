// The first few of a long list in some order without sorting it all: a poll wants the
// newest 1,000 of what may be 200,000 items, a dropdown the first page by title.

/**
 * The positions of the first `count` of `length` items by `compare`
 * (negative when item i comes before item j), in that order; equal items in
 * the list's order, so the answer is a stable sort's first `count`. A heap
 * keeps the best `count` seen so far: most items lose to its last at one
 * comparison, where a sort costs log2(length) comparisons an item.
 */
export function firstInOrder(
  length: number,
  count: number,
  compare: (i: number, j: number) => number,
): number[] {
  const precedes = (i: number, j: number): boolean => {
    const order = compare(i, j);
    return order < 0 || (order === 0 && i < j);
  };
  // heap[0] is the last of the items kept so far: each parent comes after its children.
  const heap: number[] = [];
  const at = (k: number): number => heap[k] ?? 0;
  const swap = (a: number, b: number): void => {
    [heap[a], heap[b]] = [at(b), at(a)];
  };
  const limit = Math.min(count, length);
  for (let i = 0; i < length; i++) {
    if (heap.length < limit) {
      heap.push(i);
      for (let k = heap.length - 1; k > 0 && precedes(at((k - 1) >> 1), at(k));) {
        swap(k, (k - 1) >> 1);
        k = (k - 1) >> 1;
      }
    } else if (limit > 0 && precedes(i, at(0))) {
      heap[0] = i;
      for (let k = 0; ;) {
        const left = 2 * k + 1;
        if (left >= limit) break;
        const later = left + 1 < limit && precedes(at(left), at(left + 1)) ? left + 1 : left;
        if (!precedes(at(k), at(later))) break;
        swap(k, later);
        k = later;
      }
    }
  }
  return heap.sort((i, j) => (precedes(i, j) ? -1 : 1));
}
