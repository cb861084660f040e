// The one size rule, so that a result passes Zapier's limit in every run: each list the app returns
// is filled, in order, while its JSON fits BUDGET; the rest are counted and logged. Zapier's and
// core's limits, and a worked example: docs/behaviour.md, "The size rule".
import { truncate } from './text';

/** The most a result may take as JSON, in UTF-8 bytes: under 6 MB, and under 6,291,456 characters. */
export const BUDGET = 5 * 1024 * 1024;
/** A list read out of one text field (contacts, materials): an item holds at most two. */
export const LIST_BUDGET = BUDGET / 4;

/** A value's size as JSON, in UTF-8 bytes. */
export const sizeOf = (value: unknown): number =>
  Buffer.byteLength(JSON.stringify(value) ?? 'null');

/** Top-level keys that show which record an item is. */
const IDENTITY = new Set(['id', 'email', 'first_name', 'last_name']);

/** A value with less in it: a text's first half; a list's or object's first half of entries, or
 * its one entry halved (dropped when it cannot be). Undefined when nothing can go. */
function halved(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > 1 ? truncate(value, Math.ceil(value.length / 2)) : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value);
  if (entries.length === 0) return undefined;
  let kept = entries.slice(0, entries.length >> 1);
  const [only] = entries;
  const half = entries.length === 1 && only ? halved(only[1]) : undefined;
  if (only && half !== undefined) kept = [[only[0], half]];
  // fromEntries: a custom field may be named "__proto__".
  return Array.isArray(value) ? kept.map(([, part]) => part) : Object.fromEntries(kept);
}

/** The entry with its largest value halved, again, until it fits `budget`, and its size. Each
 * value's size is measured once and then followed, so a large entry is not written out each time. */
function truncated(entry: unknown, budget: number): [unknown, number] {
  if (typeof entry !== 'object' || entry === null) {
    const size = sizeOf(entry);
    const half = size > budget ? halved(entry) : undefined;
    return half === undefined ? [entry, size] : truncated(half, budget);
  }
  // Summed value by value: the whole entry is never written out to be measured.
  const parts = Object.entries(entry);
  const sizes = parts.map(([, part]) => sizeOf(part));
  const keys = Array.isArray(entry) ? 0 : parts.reduce((sum, [key]) => sum + sizeOf(key) + 1, 0);
  let size = 1 + keys + sizes.reduce((sum, part) => sum + part + 1, 0) + Number(parts.length === 0);
  if (size <= budget) return [entry, size];
  const cuttable = parts.map(([key], at) => (IDENTITY.has(key) ? 0 : (sizes[at] ?? 0)));
  while (size > budget) {
    const largest = Math.max(...cuttable);
    const at = cuttable.indexOf(largest);
    const [key = '', part] = parts[at] ?? [];
    if (largest <= 0) break;
    const half = halved(part);
    // A value that cannot be halved is left as it is, and the next largest is cut.
    const halfSize = half === undefined ? 0 : sizeOf(half);
    if (half !== undefined) parts[at] = [key, half];
    size += half === undefined ? 0 : halfSize - largest;
    cuttable[at] = halfSize;
  }
  return [Array.isArray(entry) ? parts.map(([, part]) => part) : Object.fromEntries(parts), size];
}

/** The entry, truncated to fit `budget` as the rule says; as small as it gets if it cannot fit. */
export const truncateToFit = <T>(entry: T, budget = BUDGET): T => truncated(entry, budget)[0] as T;

/** A result, or a list read out of text, filled while it fits the budget. */
export class TruncatedList<T> {
  readonly kept: T[] = [];
  // "[" so far; each entry adds its size and one byte, a comma or the closing "]".
  private used = 1;
  private left = 0;

  /** `what` names the entries in the log: "contacts", "items of add_contact". */
  constructor(
    private readonly what: string,
    private readonly log: (line: string) => void,
    private readonly budget = BUDGET,
  ) {}

  /** Once one entry was left out, every later one is: read no more than you must. */
  get full(): boolean {
    return this.left > 0;
  }

  /** Keeps the entry while it fits; the first is truncated to fit instead of left out. */
  add(entry: T): void {
    if (!this.full) {
      const [kept, size] =
        this.kept.length === 0 ? truncated(entry, this.budget - 2) : [entry, sizeOf(entry)];
      if (this.used + size + 1 <= this.budget) {
        if (kept !== entry) this.log(`The first of the ${this.what} was truncated to fit.`);
        this.kept.push(kept as T);
        this.used += size + 1;
        return;
      }
    }
    this.left++;
  }

  /** Counts an entry left out, without making it. */
  skip(): void {
    this.left++;
  }

  done(): T[] {
    if (this.left > 0) {
      this.log(
        `${this.left} of ${this.kept.length + this.left} ${this.what} were left out: with them ` +
          "the result would pass Zapier's limit.",
      );
    }
    return this.kept;
  }
}
