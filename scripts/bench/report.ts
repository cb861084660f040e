// The bench's figures and how they are printed: medians with min and max, and plain tables.
// No imports: the fresh processes of child.ts load it too.

export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

export function summarise(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('no values to summarise');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}

export const median = (values: readonly number[]): number => summarise(values).median;

/** Fresh processes per measure (sections 6, 8, 9): peak RSS barely moves between them; time does. */
export const RUNS = 5;

/** Memory targets are in MB, 10^6 bytes, as core counts its 450,000,000-byte limit. */
export const MB = 1e6;
export const MiB = 1024 * 1024;
/** Zapier refuses a step's result over 6 MiB. */
export const RESULT_LIMIT = 6 * MiB;

/** What a section was asked to reach, and whether it did: printed, and kept in latest.json. */
export interface Target {
  readonly met: boolean;
  readonly text: string;
}

export interface Outcome {
  /** The rows of latest.json under the section's key. */
  readonly rows: readonly object[];
  readonly targets: readonly Target[];
}

/** A figure with the decimals it has: 0.42, 4.2, 42, 420. */
export function fixed(value: number): string {
  const size = Math.abs(value);
  return value.toFixed(size >= 100 ? 0 : size >= 10 ? 1 : 2);
}

/** "median (min–max)". */
export const spread = (s: Summary): string =>
  `${fixed(s.median)} (${fixed(s.min)}–${fixed(s.max)})`;
export const times = (ratio: number): string => `${ratio.toFixed(2)}×`;
export const count = (n: number): string => n.toLocaleString('en-US');
export const mark = (met: boolean): string => (met ? '✓' : '✗');

export const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

/** Prints rows under a header, each column as wide as its widest cell, indented. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    `  ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
  out(line(header));
  out(line(widths.map((width) => '─'.repeat(width))));
  for (const row of rows) out(line(row));
}

export function printTargets(targets: readonly Target[]): void {
  for (const target of targets) out(`  ${mark(target.met)} ${target.text}`);
}
