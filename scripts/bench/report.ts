// The bench's figures and how they are printed: medians with min and max, and plain tables.

export type Summary = ReturnType<typeof summarise>;

export function summarise(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (i: number) => sorted[i] ?? NaN;
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  return { median, min: at(0), max: at(sorted.length - 1) };
}

export const median = (values: readonly number[]): number => summarise(values).median;

/** Memory targets are in MB, 10^6 bytes, as core counts its 450,000,000-byte limit. */
export const MB = 1e6;
export const MiB = 1024 * 1024;

/** A section's rows in latest.json, and its targets: printed, and kept in latest.json. */
export interface Outcome {
  readonly rows: readonly object[];
  readonly targets: readonly { met: boolean; text: string }[];
}

/** A figure with the decimals it has: 0.42, 4.2, 42, 420. */
export const fixed = (value: number): string =>
  value.toFixed(Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
export const spread = (s: Summary): string =>
  `${fixed(s.median)} (${fixed(s.min)}–${fixed(s.max)})`;
export const times = (ratio: number): string => `${ratio.toFixed(2)}×`;
export const count = (n: number): string => n.toLocaleString('en-US');
export const mark = (met: boolean): string => (met ? '✓' : '✗');
export const out = (line = ''): void => void process.stdout.write(`${line}\n`);

/** Prints rows under a header, each column as wide as its widest cell, indented. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((r) => r[i]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    `  ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
  for (const row of [header, widths.map((w) => '─'.repeat(w)), ...rows]) out(line(row));
}
