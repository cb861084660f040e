// What every measure shares: where the artifact is, how many runs make a
// figure, and the limits a figure is judged against.
import { join } from 'node:path';
import { projectRoot } from '../../sandbox/harness';
import { MiB } from './stats';

/** Measured runs per measure, each after a warm-up. */
export const RUNS = 5;
/** Zapier's limits (see docs/benchmarks.md): a result, a run's time, the process's memory. */
export const LIMITS = { resultBytes: 6 * MiB, ms: 30_000, rssMiB: 450 } as const;
/** Past these a figure is worth a look, though within the limits. */
export const WATCH = { resultBytes: 3 * MiB, ms: 1_000, rssMiB: 300, appShare: 0.5 } as const;

export const root = projectRoot();
export const zipPath = join(root, 'build', 'build.zip');
