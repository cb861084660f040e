// 7. The floor a Zapier app can reach: the video poll through core's handler,
// against the same handler with the poll's perform replaced by one raw
// request, one JSON.parse and the first 1,000 items (the core floor), and
// against a definition holding that trigger alone (core's own cost for our
// definition), with the bare fetch + JSON.parse floor for context. Fresh
// processes and warm calls (the handler called again in the same process, as
// Zapier reuses a warm runtime), interleaved run by run.
import { startSandbox } from '../../sandbox/server';
import { replayOf } from './child/replay';
import { executeEvent, pollMethod } from './events';
import { findings, indent, out } from './report';
import { CHILD, numberIn, runChild } from './run-child';
import { count, fixed, summarise, table } from './stats';

export const CORE_FLOOR_SIZES = [1_000, 10_000, 50_000] as const;
export const CORE_FLOOR_RUNS = 5;
/** Calls after the measured one in each process; their median is the warm figure. */
export const WARM_CALLS = 10;
/** The target: the app within 1.2× of the core floor, fresh and warm, from 1,000 items. */
export const CORE_FLOOR_TARGET = 1.2;

const VARIANTS = ['app', 'minimal-perform', 'minimal-app'] as const;
type Variant = (typeof VARIANTS)[number] | 'bare';

export interface CoreFloorPoint {
  readonly items: number;
  /** Median ms of the measured call in a fresh process, and of the warm calls, by variant. */
  readonly fresh: Readonly<Record<Variant, number>>;
  readonly warm: Readonly<Record<Variant, number>>;
}

async function measureAt(unpacked: string, items: number): Promise<CoreFloorPoint> {
  const sandbox = await startSandbox({ seed: { videos: items } });
  try {
    const warmUp = executeEvent(sandbox, pollMethod('pdf'));
    const event = executeEvent(sandbox, pollMethod('video'));
    const runs: Record<Variant, { fresh: number[]; warm: number[] }> = {
      app: { fresh: [], warm: [] },
      'minimal-perform': { fresh: [], warm: [] },
      'minimal-app': { fresh: [], warm: [] },
      bare: { fresh: [], warm: [] },
    };
    let bareJob: string | undefined;
    for (let i = 0; i < CORE_FLOOR_RUNS; i++) {
      for (const variant of VARIANTS) {
        sandbox.resetRecords();
        const job = { dir: unpacked, variant, warmUp, event, warmCalls: WARM_CALLS };
        const { figures } = await runChild(CHILD.coreRun, [], JSON.stringify(job));
        if (numberIn(figures, 'items') !== Math.min(items, 1_000)) {
          throw new Error(`${variant} returned ${String(figures.items)} items at ${items}`);
        }
        runs[variant].fresh.push(numberIn(figures, 'ms'));
        runs[variant].warm.push(numberIn(figures, 'warmMs'));
        if (variant === 'app' && bareJob === undefined) {
          const [first, second] = sandbox.requests;
          if (!first || !second) throw new Error('the app made fewer than 2 requests');
          bareJob = JSON.stringify({
            warmUp: replayOf(sandbox, first),
            request: replayOf(sandbox, second),
            warmCalls: WARM_CALLS,
          });
        }
      }
      const { figures } = await runChild(CHILD.floor, [], bareJob);
      runs.bare.fresh.push(numberIn(figures, 'ms'));
      runs.bare.warm.push(numberIn(figures, 'warmMs'));
    }
    const median = (values: number[]): number => summarise(values).median;
    const by = (pick: 'fresh' | 'warm'): Record<Variant, number> => ({
      app: median(runs.app[pick]),
      'minimal-perform': median(runs['minimal-perform'][pick]),
      'minimal-app': median(runs['minimal-app'][pick]),
      bare: median(runs.bare[pick]),
    });
    return { items, fresh: by('fresh'), warm: by('warm') };
  } finally {
    await sandbox.close();
  }
}

export async function coreFloor(unpacked: string): Promise<CoreFloorPoint[]> {
  const points: CoreFloorPoint[] = [];
  for (const items of CORE_FLOOR_SIZES) points.push(await measureAt(unpacked, items));
  const rows = points.flatMap((p) =>
    (['fresh', 'warm'] as const).map((kind) => {
      const m = p[kind];
      return [
        count(p.items),
        kind,
        fixed(m.app),
        fixed(m['minimal-perform']),
        fixed(m['minimal-app']),
        fixed(m.bare),
        `${(m.app / m['minimal-perform']).toFixed(2)}×`,
        `${(m.app / m.bare).toFixed(2)}×`,
        fixed(m['minimal-perform'] - m['minimal-app']),
      ];
    }),
  );
  indent(
    table(
      [
        'items',
        'call',
        'app ms',
        'core floor ms',
        'minimal app ms',
        'bare floor ms',
        'app/core floor',
        'app/bare floor',
        'our definition adds',
      ],
      rows,
      [2, 3, 4, 5, 6, 7, 8],
    ),
  );
  indent([
    `ms; medians of ${CORE_FLOOR_RUNS} fresh processes each, the four interleaved. Fresh: the ` +
      'first video poll after a warm-up poll of PDFs; warm: the median of',
    `${WARM_CALLS} more polls in the same process. Core floor: our definition, the poll's perform ` +
      'one raw request, one JSON.parse and the first 1,000 items. Minimal app:',
    "that trigger alone. Bare floor: Node's fetch and JSON.parse, for context. Our definition " +
      "adds: core floor minus minimal app (core's cost of our definition per call).",
  ]);
  out('  Targets');
  for (const p of points) {
    for (const kind of ['fresh', 'warm'] as const) {
      const ratio = p[kind].app / p[kind]['minimal-perform'];
      const met = ratio <= CORE_FLOOR_TARGET;
      const text =
        `core floor: video poll at ${count(p.items)} items, ${kind}: app within ` +
        `${CORE_FLOOR_TARGET}× of the core floor: ${ratio.toFixed(2)}× ` +
        `(${fixed(p[kind].app)} ms against ${fixed(p[kind]['minimal-perform'])})`;
      out(`  ${met ? '✓' : '✗'} ${text}`);
      findings.push({ level: met ? 'ok' : 'watch', text });
    }
  }
  return points;
}
