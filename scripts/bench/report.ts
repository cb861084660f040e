// What the benchmark prints, and the findings it gathers on the way: each
// measure prints its own table and adds its findings; the main lists them last.

export interface Finding {
  readonly level: 'ok' | 'watch' | 'problem';
  readonly text: string;
}

export const findings: Finding[] = [];
/** Sections that could not run: `npm run bench` then exits 1. */
export const failures: string[] = [];
export const mark = { ok: '✓', watch: '⚠', problem: '✗' } as const;

export const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

export const indent = (lines: readonly string[]): void => {
  for (const line of lines) out(`  ${line}`);
};

/** Runs one section; a failure is reported and recorded, and the next section still runs. */
export async function section<T>(title: string, run: () => Promise<T>): Promise<T | undefined> {
  out();
  out(title);
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`${title}: ${message}`);
    out(`  ✗ could not run: ${message}`);
    return undefined;
  }
}
