// The size rule, so that a result passes Zapier's limit in every run: a result keeps whole items,
// in order, while its JSON fits BUDGET; the rest are counted and logged once. A first item too
// large alone keeps its identity fields and has its largest values cut until it fits. The one
// case that needs more: a list read out of a webhook's text follows the same rule within its item,
// with a quarter of the budget (LIST_BUDGET). Zapier's and core's limits, and worked examples:
// docs/behaviour.md, "The size rule".
import { truncate } from './text';

/** The most a result may take as JSON, in UTF-8 bytes: under 6 MB, and under 6,291,456 characters. */
export const BUDGET = 5 * 1024 * 1024;

/** The one case that needs a second budget: a list read out of a webhook's text, kept while it
 * fits a quarter, the rest counted. Each entry read is an object of its own, many times its text's
 * size in memory, so at the whole budget a webhook of tiny entries passes the memory bench section 8
 * holds (docs/benchmarks.md has the figures). */
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
export function cutToFit<T>(entry: T, budget = BUDGET): [T, number] {
  if (typeof entry !== 'object' || entry === null) {
    const size = sizeOf(entry);
    const half = size > budget ? halved(entry) : undefined;
    return half === undefined ? [entry, size] : cutToFit(half as T, budget);
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
  const cut = Array.isArray(entry) ? parts.map(([, part]) => part) : Object.fromEntries(parts);
  return [cut as T, size];
}

/** A result that keeps entries while it fits the budget, and leaves out the rest. */
export class ListWithinBudget<T> {
  readonly kept: T[] = [];
  // "[" so far; each entry adds its size and one byte, a comma or the closing "]".
  private used = 1;
  private left = 0;

  /** `what` names the entries in the log: "videos", "items of add_contact". */
  constructor(
    private readonly what: string,
    private readonly log: (line: string) => void,
    private readonly budget = BUDGET,
  ) {}

  /** Once one entry was left out, every later one is: read no more than you must. */
  get leavingOut(): boolean {
    return this.left > 0;
  }

  /** Keeps the entry while it fits; the first has its largest values cut to fit instead. */
  add(entry: T): void {
    if (!this.leavingOut) {
      const [kept, size] =
        this.kept.length === 0 ? cutToFit(entry, this.budget - 2) : [entry, sizeOf(entry)];
      if (this.used + size + 1 <= this.budget) {
        if (kept !== entry) {
          this.log(
            `The first of the ${this.what} was too large alone: its largest values were cut.`,
          );
        }
        this.kept.push(kept as T);
        this.used += size + 1;
        return;
      }
    }
    this.left++;
  }

  /** Counts an entry left out, without making it. */
  leaveOut(): void {
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
