// What Zapier accepts as the result of a step: its runtime refuses a response
// over 6 MiB in bytes, and then no item reaches the Zap. Every trigger, search
// and action keeps its result within this one budget.
import { idOf } from './http/ids';
import { cutText } from './text';

/** The most a result may take as JSON, in bytes: room is left for core's own keys. */
export const RESULT_BUDGET_BYTES = 5 * 1024 * 1024;

/** A value's size as JSON, in bytes (UTF-8, as Zapier counts it). */
export const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '');

// ---- An item too large on its own ----

/** Top-level keys that show which record an item is: never cut. */
const IDENTITY_KEYS: ReadonlySet<string> = new Set(['id', 'email', 'first_name', 'last_name']);

/**
 * A part larger than this share of its list or object is cut itself, so a
 * custom field of 7 MiB is cut and the fields beside it stay; where every
 * part is smaller, the list or object loses its last half.
 */
const LARGE_PART = 1 / 16;

type Container = Readonly<Record<string, unknown>>;

/** Text of 3 characters or more (its half and "…" are shorter), or a list or an object not empty. */
const canCut = (value: unknown, bytes: number): boolean =>
  typeof value === 'string'
    ? value.length >= 3
    : typeof value === 'object' && value !== null && bytes > 2;

/** The largest part of a list or an object that can be cut, if larger than `floor` bytes. */
function largestPart(container: Container, floor: number) {
  let found: { key: string; value: unknown; bytes: number } | undefined;
  for (const key of Object.keys(container)) {
    const value = container[key];
    const bytes = bytesOf(value);
    if (bytes > (found?.bytes ?? floor) && canCut(value, bytes)) found = { key, value, bytes };
  }
  return found;
}

/**
 * Where to cut next: the largest top-level value but the identity keys
 * (`sizes` holds each one's size), then, while one of its parts is large
 * (see LARGE_PART), that part. Undefined when nothing is left to cut.
 */
function nextCut(item: Container, sizes: ReadonlyMap<string, number>): string[] | undefined {
  let top: { key: string; bytes: number } | undefined;
  for (const [key, bytes] of sizes) {
    if (IDENTITY_KEYS.has(key) || bytes <= (top?.bytes ?? 0)) continue;
    if (canCut(item[key], bytes)) top = { key, bytes };
  }
  if (top === undefined) return undefined;
  const path = [top.key];
  let value = item[top.key];
  let { bytes } = top;
  for (;;) {
    if (typeof value !== 'object' || value === null) return path;
    const part = largestPart(value as Container, bytes * LARGE_PART);
    if (part === undefined) return path;
    path.push(part.key);
    ({ value, bytes } = part);
  }
}

/** The first half of a text (with "…"), of a list's entries, or of an object's keys. */
function halfOf(value: unknown): unknown {
  if (typeof value === 'string') return cutText(value, Math.floor(value.length / 2) + 1);
  if (Array.isArray(value)) return value.slice(0, Math.floor(value.length / 2));
  const object = value as Container;
  const keys = Object.keys(object);
  // fromEntries: a custom field may be named "__proto__".
  return Object.fromEntries(keys.slice(0, keys.length >> 1).map((key) => [key, object[key]]));
}

/** A copy of `node` with the value at `path` halved: `node` itself is left as it was. */
function withHalf(node: Container, [key = '', ...rest]: readonly string[]): unknown {
  const value = node[key];
  const half = rest.length === 0 ? halfOf(value) : withHalf(value as Container, rest);
  if (Array.isArray(node))
    return node.map((entry, index) => (String(index) === key ? half : entry));
  return Object.fromEntries(
    Object.entries(node).map(([name, entry]) => [name, name === key ? half : entry]),
  );
}

/**
 * An item within `budget` bytes of JSON, the one way any result is cut: its
 * largest value, or a large part inside it, halved again and again until the
 * item fits; never its id, e-mail address or names. The log names each value
 * cut. An item that fits is returned as it is; one that cannot be cut enough
 * is returned as small as it gets (the caller then leaves it out).
 */
export function fitItem<T extends object>(
  whole: T,
  log: (line: string) => void,
  budget = RESULT_BUDGET_BYTES,
): T {
  const item = whole as Readonly<Record<string, unknown>>;
  let total = bytesOf(item);
  if (total <= budget) return whole;
  // The size of each top-level value, kept as values are cut.
  const sizes = new Map(Object.keys(item).map((key) => [key, bytesOf(item[key])]));
  let fitted: Container = item;
  const cut = new Set<string>();
  while (total > budget) {
    const path = nextCut(fitted, sizes);
    if (path === undefined) break;
    // The item's copy is an object as the item is.
    fitted = withHalf(fitted, path) as Container;
    const [key = ''] = path;
    const bytes = bytesOf(fitted[key]);
    total += bytes - (sizes.get(key) ?? 0);
    sizes.set(key, bytes);
    cut.add(path.join('.'));
  }
  if (cut.size > 0) {
    const id = idOf(item.id);
    log(
      `${id === undefined ? 'An item' : `Item ${id}`} was larger than Zapier takes: ` +
        `${[...cut].map((path) => `"${path}"`).join(', ')} cut short.`,
    );
  }
  // Each value cut is of its own kind still: text, a list or an object.
  return fitted as T;
}
