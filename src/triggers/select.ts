// The first few of a long list in some order without sorting it all: a poll wants the
// newest 1,000 of what may be 200,000 items, a dropdown the first page by title.

/** The positions of the first `count` of `length` items by `compare` (negative when item i comes
 * before item j), in that order; equal items in the list's order, as a stable sort gives them. It
 * keeps the best `count` so far: an item after the last of them costs one comparison, and the kept
 * are sorted only when twice as many wait (a sort of it all costs log2(length) an item). */
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
