// 1. Cold start: a fresh Node process requiring the unpacked build.zip's
// zapierwrapper.js and making the first handler call, against a fresh process
// loading zapier-platform-core alone with an empty app. Interleaved runs.
// This file is also the cold-start child (see child.ts): it imports only
// Node, child.ts, stats.ts and report.ts.
import { join } from 'node:path';
import {
  defineChild,
  runChild,
  summaryOf,
  zipCore,
  zipHandler,
  type ChildRun,
  type Handler,
} from './child';
import { findings, indent, WATCH } from './report';
import { fixed, percent, ratioOf, spread, summarise, table, times, type Summary } from './stats';

/** Cold starts are cheap and noisy: more runs. */
export const COLD_RUNS = 10;

const MODES = ['app', 'core', 'split'] as const;
type Mode = (typeof MODES)[number];

/**
 * One cold start, in a fresh process. `app`: requires build.zip's
 * zapierwrapper.js, as Zapier's Lambda does, and makes the first, cheapest
 * handler call (`definition`, which loads the app's index.js). `core`: the
 * same with zapier-platform-core alone and an empty app, to tell the app's own
 * share from core's. `split`: core, then the app's index.js required on its
 * own, to time the app's code apart from core's work on its definition.
 */
const coldStartChild = defineChild(
  __filename,
  'cold-start',
  async ({ mode, dir }: { mode: Mode; dir: string }) => {
    const started = performance.now();
    let handler: Handler;
    let appRequireMs: number | undefined;
    if (mode === 'app') {
      handler = zipHandler(dir);
    } else {
      const core = zipCore(dir);
      if (mode === 'core') {
        handler = core.createAppHandler({ version: '0.0.0', platformVersion: core.version });
      } else {
        const appStarted = performance.now();
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const app = require(join(dir, 'index.js')) as object;
        appRequireMs = performance.now() - appStarted;
        handler = core.createAppHandler(app);
      }
    }
    const loaded = performance.now();
    const output = await handler({ command: 'definition' }, {});
    const done = performance.now();
    if (typeof output.results !== 'object' || output.results === null) {
      throw new Error('the definition call returned no app definition');
    }
    return {
      ...(appRequireMs === undefined ? {} : { appRequireMs }),
      requireMs: loaded - started,
      firstCallMs: done - loaded,
      loadMs: done - started,
    };
  },
);

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
  const run = (mode: Mode): Promise<ChildRun> => runChild(coldStartChild, { mode, dir: unpacked });
  // One of each first, so all find the files in the OS cache.
  for (const mode of MODES) await run(mode);
  const samples: Record<Mode, ChildRun[]> = { app: [], core: [], split: [] };
  // Interleaved, so a busy moment of the machine hits all alike.
  for (let i = 0; i < COLD_RUNS; i++) {
    for (const mode of MODES) samples[mode].push(await run(mode));
  }
  const figuresOf = (runs: readonly ChildRun[]): ColdFigures => ({
    loadMs: summaryOf(runs, 'loadMs'),
    requireMs: summaryOf(runs, 'requireMs'),
    firstCallMs: summaryOf(runs, 'firstCallMs'),
    processMs: summarise(runs.map((r) => r.wallMs)),
  });
  const app = figuresOf(samples.app);
  const core = figuresOf(samples.core);
  // Both require the same core; the app's own work is in the first call, which loads it.
  const appOwnMs = app.firstCallMs.median - core.firstCallMs.median;
  const result: ColdStart = {
    app,
    core,
    appCodeMs: summaryOf(samples.split, 'appRequireMs'),
    appOwnMs,
    appShare: appOwnMs / app.loadMs.median,
    ratio: ratioOf(app.loadMs, core.loadMs),
    processRatio: ratioOf(app.processMs, core.processMs),
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
    `reading its definition. App / core alone: ${times(result.ratio)} in-process, ` +
      `${times(result.processRatio)} whole process.`,
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
