// Zapier refuses a step's response over 6 MiB, and then no item reaches the Zap.
import { idOf } from './http/ids';
import { cutText } from './text';

/** The most a result may take as JSON, in bytes, leaving space for core's own keys. */
export const RESULT_BUDGET_BYTES = 5 * 1024 * 1024;

/** The bytes JSON adds to a text: its quotes, and an escape for `"`, `\\` and control characters. */
function escapeBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) bytes += 1;
    else if (code < 0x20) bytes += [8, 9, 10, 12, 13].includes(code) ? 1 : 5;
    else if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      // A lone surrogate is written as \uXXXX (6 bytes), not as 3 bytes of UTF-8.
      else bytes += 3;
    }
  }
  return bytes;
}

const leafBytes = (value: unknown): number =>
  typeof value === 'string'
    ? Buffer.byteLength(value) + escapeBytes(value)
    : Buffer.byteLength(JSON.stringify(value) ?? '');

// A value's size as JSON in UTF-8, as Zapier counts it, summed member by member with no copy of
// a text or of the members: that keeps the costliest delivery of bench section 8 within its
// memory bound.
export function bytesOf(value: unknown): number {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return leafBytes(value);
  let bytes = 1;
  let members = 0;
  for (const key of Object.keys(value)) {
    const member: unknown = (value as Record<string, unknown>)[key];
    if (member === undefined || typeof member === 'function') continue;
    members++;
    bytes += leafBytes(key) + 2 + leafBytes(member);
  }
  return members === 0 ? 2 : bytes;
}

/** Top-level keys that show which record an item is: never cut. */
const IDENTITY_KEYS: ReadonlySet<string> = new Set(['id', 'email', 'first_name', 'last_name']);

/** A part larger than this share of its container is cut itself, so the parts beside it stay. */
const LARGE_PART = 1 / 16;

type Container = Readonly<Record<string, unknown>>;

/** Text of 3 characters or more (its half and "…" are shorter), or a list or an object not empty. */
const canCut = (value: unknown, bytes: number): boolean =>
  typeof value === 'string'
    ? value.length >= 3
    : typeof value === 'object' && value !== null && bytes > 2;

/** The largest part that can be cut and is larger than `floor` bytes; `sizeOf` gives a part's size. */
function largestPart(
  container: Container,
  floor: number,
  sizeOf = (key: string): number | undefined => bytesOf(container[key]),
) {
  let found: { key: string; value: unknown; bytes: number } | undefined;
  for (const key of Object.keys(container)) {
    const value = container[key];
    const bytes = sizeOf(key) ?? 0;
    if (bytes > (found?.bytes ?? floor) && canCut(value, bytes)) found = { key, value, bytes };
  }
  return found;
}

/** The path to cut next: the largest top-level value but the identity keys, then its large parts. */
function nextCut(item: Container, sizes: ReadonlyMap<string, number>): string[] {
  const path: string[] = [];
  const sizeOf = (key: string) => (IDENTITY_KEYS.has(key) ? 0 : sizes.get(key));
  for (let part = largestPart(item, 0, sizeOf); part;) {
    path.push(part.key);
    const { value, bytes } = part;
    if (typeof value !== 'object' || value === null) break;
    part = largestPart(value as Container, bytes * LARGE_PART);
  }
  return path;
}

/** The first half of a text (with "…"), of a list's entries, or of an object's keys. */
function halfOf(value: unknown): unknown {
  if (typeof value === 'string') return cutText(value, Math.floor(value.length / 2) + 1);
  if (Array.isArray(value)) return value.slice(0, Math.floor(value.length / 2));
  const entries = Object.entries(value as Container);
  // fromEntries: a custom field may be named "__proto__".
  return Object.fromEntries(entries.slice(0, entries.length >> 1));
}

/** A copy of `node` with the value at `path` halved. */
function withHalf(node: Container, [key = '', ...rest]: readonly string[]): unknown {
  const value = node[key];
  const half = rest.length === 0 ? halfOf(value) : withHalf(value as Container, rest);
  if (Array.isArray(node))
    return node.map((entry, index) => (String(index) === key ? half : entry));
  return Object.fromEntries(
    Object.entries(node).map(([name, entry]) => [name, name === key ? half : entry]),
  );
}

// An item within `budget` bytes of JSON: its largest value, or a large part inside it, halved
// until the item fits, each cut logged; one that cannot be cut enough is as small as it gets.
export function fitItem<T extends object>(
  whole: T,
  log: (line: string) => void,
  budget = RESULT_BUDGET_BYTES,
): T {
  const item = whole as Container;
  let total = bytesOf(item);
  if (total <= budget) return whole;
  const sizes = new Map(Object.keys(item).map((key) => [key, bytesOf(item[key])]));
  let fitted = item;
  const cut = new Set<string>();
  while (total > budget) {
    const path = nextCut(fitted, sizes);
    if (path.length === 0) break;
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
  return fitted as T;
}
