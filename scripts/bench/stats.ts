// The bench's one place for figures: medians with min and max, ratios, and
// how they are written in the tables. No imports: a bench child loads it too.

export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}

export function summarise(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('no values to summarise');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0, runs: sorted.length };
}

export const median = (values: readonly number[]): number => summarise(values).median;

/** A ratio is of medians: the runs' spread stays beside, in each median's min and max. */
export const ratioOf = (a: Summary, b: Summary): number => a.median / b.median;

/** A ratio as the tables write it: "1.23×". */
export const times = (ratio: number, digits = 2): string => `${ratio.toFixed(digits)}×`;

/** A figure with a sensible number of decimals: 0.42, 4.2, 42, 420. */
export function fixed(value: number): string {
  const size = Math.abs(value);
  if (size >= 100) return value.toFixed(0);
  if (size >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** "median (min–max)". */
export const spread = (s: Pick<Summary, 'median' | 'min' | 'max'>): string =>
  `${fixed(s.median)} (${fixed(s.min)}–${fixed(s.max)})`;

export const MiB = 1024 * 1024;

/** Columns are left-aligned unless `right` lists them. */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  right: readonly number[] = [],
): string[] {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) =>
        right.includes(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '─'.repeat(w))), ...rows.map((row) => line(row))];
}

export const count = (n: number): string => n.toLocaleString('en-US');
export const mib = (bytes: number): string => (bytes / MiB).toFixed(2);
export const kib = (bytes: number): string => (bytes / 1024).toFixed(1);
export const percent = (part: number): string => `${Math.round(part * 100)} %`;
