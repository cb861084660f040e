// The one size rule. Zapier refuses a step's result over 6 MiB, and then nothing reaches the Zap.
// So every list the app returns, and every list it reads out of one text field, is filled by a
// Fitting: entries go in, in order, while the JSON array they make stays within its budget in
// UTF-8 bytes: 5 MiB for a result, and a quarter of that for a list read out of text, as an item
// holds at most two such lists, each beside the text it came from. From the first entry that
// does not fit, it and all later ones are counted instead of kept, and one log line says how
// many. An entry too large on its own is cut rather than dropped when it comes first: its largest
// value is halved until it fits, and an item's id, email and names are never cut. Reading stops
// where the budget ends, which bounds memory too.
import { cutText } from './text';

/** The most a result may take as JSON, in bytes, under Zapier's 6 MiB. */
export const BUDGET = 5 * 1024 * 1024;
export const LIST_BUDGET = BUDGET / 4;

/** A value's size as JSON, in UTF-8 bytes, as Zapier counts it. */
export function sizeOf(value: unknown): number {
  if (typeof value !== 'string') return Buffer.byteLength(JSON.stringify(value) ?? 'null');
  // A text is measured where it is, not written out again: its UTF-8, its quotes, and the bytes
  // its escapes add (`\"`, `\\`, `\n`, a control as `\u0000`, a lone surrogate as `\ud800`).
  let bytes = Buffer.byteLength(value) + 2;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x22 || code === 0x5c || (code >= 8 && code <= 13 && code !== 11)) bytes += 1;
    else if (code < 0x20) bytes += 5;
    else if (code >= 0xd800 && code <= 0xdfff) {
      const pair = code <= 0xdbff && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (pair) i++;
      else bytes += 3;
    }
  }
  return bytes;
}

/** Top-level keys that show which record an item is. */
const IDENTITY = new Set(['id', 'email', 'first_name', 'last_name']);

/** A value with less in it: a text's first half; a list's or object's first half of entries, or
 * its one entry halved (dropped when it cannot be). Undefined when nothing can go. */
function halved(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > 1 ? cutText(value, Math.ceil(value.length / 2)) : undefined;
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
function fitted(entry: unknown, budget: number): [unknown, number] {
  if (typeof entry !== 'object' || entry === null) {
    const size = sizeOf(entry);
    const half = size > budget ? halved(entry) : undefined;
    return half === undefined ? [entry, size] : fitted(half, budget);
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

/** The entry, cut to fit `budget` as the rule says; as small as it gets if it cannot fit. */
export const cutToFit = <T>(entry: T, budget = BUDGET): T => fitted(entry, budget)[0] as T;

/** A result, or a list read out of text, filled while it fits the budget. */
export class Fitting<T> {
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

  /** Keeps the entry while it fits; the first is cut to fit instead of left out. */
  add(entry: T): void {
    if (!this.full) {
      const [kept, size] =
        this.kept.length === 0 ? fitted(entry, this.budget - 2) : [entry, sizeOf(entry)];
      if (this.used + size + 1 <= this.budget) {
        if (kept !== entry) this.log(`The first of the ${this.what} was cut to fit.`);
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

  /** The entries kept; the log says how many were left out. */
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
