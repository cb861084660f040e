// What the benchmark prints and how it judges: each measure prints its own
// table and adds its findings, judged against Zapier's limits; the main lists
// them last. Loads nothing but child.ts and stats.ts: a bench child loads it too.
import { peakRssOf, summaryOf, type ChildRun } from './child';
import { MiB } from './stats';

/** Measured runs per measure, each after a warm-up. */
export const RUNS = 5;
/** Zapier's limits (see docs/benchmarks.md): a result, a run's time, the process's memory. */
export const LIMITS = { resultBytes: 6 * MiB, ms: 30_000, rssMiB: 450 } as const;
/** Past these a figure is worth a look, though within the limits. */
export const WATCH = { resultBytes: 3 * MiB, ms: 1_000, rssMiB: 300, appShare: 0.5 } as const;

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

/**
 * Runs of build.zip's handler judged against Zapier's limits (result, time,
 * memory) and the requests expected (large accounts, bulk delete).
 */
export function judgeHandler(
  runs: readonly ChildRun[],
  requestsPerRun: number,
  expectedRequests: number,
) {
  const resultBytes = summaryOf(runs, 'resultBytes').median;
  const figures = {
    resultBytes,
    ofLimit: resultBytes / LIMITS.resultBytes,
    ms: summaryOf(runs, 'ms'),
    peakRssMiB: peakRssOf(runs),
    requestsPerRun,
  };
  const problems: string[] = [];
  const watch: string[] = [];
  if (resultBytes > LIMITS.resultBytes) problems.push("over Zapier's 6 MiB result limit");
  else if (resultBytes > WATCH.resultBytes) watch.push('over half of 6 MiB');
  if (figures.ms.median > LIMITS.ms) problems.push("over Zapier's 30 s");
  else if (figures.ms.median > WATCH.ms) watch.push('takes seconds');
  if (figures.peakRssMiB.median > LIMITS.rssMiB) problems.push('over 450 MB of memory');
  else if (figures.peakRssMiB.median > WATCH.rssMiB) watch.push('uses over 300 MiB');
  if (requestsPerRun !== expectedRequests) {
    problems.push(`${requestsPerRun} requests, not ${expectedRequests}`);
  }
  const verdict: Finding =
    problems.length > 0
      ? { level: 'problem', text: [...problems, ...watch].join(', ') }
      : watch.length > 0
        ? { level: 'watch', text: watch.join(', ') }
        : { level: 'ok', text: 'within limits' };
  return { figures, verdict };
}
