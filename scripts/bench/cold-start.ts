// 1. Cold start: a fresh Node process requiring the unpacked build.zip's
// zapierwrapper.js and making the first handler call, against a fresh process
// loading zapier-platform-core alone with an empty app. Interleaved runs.
import { CHILD, numberIn, runChild, type ChildRun } from './run-child';
import { findings, indent } from './report';
import { WATCH } from './setup';
import { fixed, percent, spread, summarise, table, type Summary } from './stats';

/** Cold starts are cheap and noisy: more runs. */
export const COLD_RUNS = 10;

type ColdFigures = Record<'loadMs' | 'requireMs' | 'firstCallMs' | 'processMs', Summary>;

interface ColdStart {
  readonly app: ColdFigures;
  readonly core: ColdFigures;
  /** The app's index.js required on its own, after core. */
  readonly appCodeMs: Summary;
  /** The app's first call less core's with an empty app: the app's own start-up. */
  readonly appOwnMs: number;
  readonly appShare: number;
  readonly ratio: number;
  readonly processRatio: number;
}

export async function coldStart(unpacked: string): Promise<ColdStart> {
  const modes = ['app', 'core', 'split'] as const;
  // One of each first, so all find the files in the OS cache.
  for (const mode of modes) await runChild(CHILD.coldStart, [mode, unpacked]);
  const samples = { app: [] as ChildRun[], core: [] as ChildRun[], split: [] as ChildRun[] };
  // Interleaved, so a busy moment of the machine hits all alike.
  for (let i = 0; i < COLD_RUNS; i++) {
    for (const mode of modes) samples[mode].push(await runChild(CHILD.coldStart, [mode, unpacked]));
  }
  const summaryOf = (runs: readonly ChildRun[]): ColdFigures => ({
    loadMs: summarise(runs.map((r) => numberIn(r.figures, 'loadMs'))),
    requireMs: summarise(runs.map((r) => numberIn(r.figures, 'requireMs'))),
    firstCallMs: summarise(runs.map((r) => numberIn(r.figures, 'firstCallMs'))),
    processMs: summarise(runs.map((r) => r.wallMs)),
  });
  const app = summaryOf(samples.app);
  const core = summaryOf(samples.core);
  // Both require the same core; the app's own work is in the first call, which loads it.
  const appOwnMs = app.firstCallMs.median - core.firstCallMs.median;
  const result: ColdStart = {
    app,
    core,
    appCodeMs: summarise(samples.split.map((r) => numberIn(r.figures, 'appRequireMs'))),
    appOwnMs,
    appShare: appOwnMs / app.loadMs.median,
    ratio: app.loadMs.median / core.loadMs.median,
    processRatio: app.processMs.median / core.processMs.median,
  };

  indent(
    table(
      ['', 'require + first call', 'require', 'first call', 'whole process'],
      [
        ['packaged app (zapierwrapper.js)', app] as const,
        ['zapier-platform-core alone', core] as const,
      ].map(([name, s]) => [
        name,
        spread(s.loadMs),
        fixed(s.requireMs.median),
        fixed(s.firstCallMs.median),
        spread(s.processMs),
      ]),
      [1, 2, 3, 4],
    ),
  );
  indent([
    `ms; medians (min–max) of ${COLD_RUNS} fresh processes each. First call: the \`definition\` ` +
      'event, which loads',
    'the app (core alone: an empty app). Whole process: spawn to exit, Node’s own boot included.',
    `The app's own share: ${fixed(appOwnMs)} ms of ${fixed(app.loadMs.median)} ms ` +
      `(${percent(result.appShare)}): its code loads in ${fixed(result.appCodeMs.median)} ms, ` +
      'the rest is core',
    `reading its definition. App / core alone: ${result.ratio.toFixed(2)}× in-process, ` +
      `${result.processRatio.toFixed(2)}× whole process.`,
  ]);
  findings.push(
    result.appShare > WATCH.appShare
      ? {
          level: 'problem',
          text: `cold start is dominated by the app's own code (${percent(result.appShare)})`,
        }
      : {
          level: 'ok',
          text: `cold start is core's: the app adds ${fixed(appOwnMs)} ms (${percent(result.appShare)})`,
        },
  );
  return result;
}
