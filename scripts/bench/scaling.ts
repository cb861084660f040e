// 6. Scaling: how a poll's and a dropdown's cost grows with the library, from
// 1,000 to 200,000 videos, against the floor: the same request made with
// Node's fetch and JSON.parse alone. Each run is a fresh process through
// build.zip's handler (as in large accounts), each followed by a fresh floor
// process, so a busy moment of the machine hits both alike.
import type { Bundle } from 'zapier-platform-core';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import {
  DROPDOWN_PAGE_0,
  executeEvent,
  floorChild,
  handlerChild,
  peakRssOf,
  pollMethod,
  replayOf,
  runChild,
  summaryOf,
  type ChildRun,
  type FloorJob,
} from './child';
import { findings, indent, LIMITS, out } from './report';
import { count, fixed, median, mib, ratioOf, spread, table, times } from './stats';

/** Library sizes, in videos. */
export const SCALING_SIZES = [1_000, 10_000, 50_000, 100_000, 200_000] as const;
/** Runs of the app and of the floor at each size and operation. */
export const SCALING_RUNS = 5;

const OPERATIONS: readonly { readonly operation: string; readonly bundle: Partial<Bundle> }[] = [
  { operation: 'video poll', bundle: {} },
  { operation: 'video dropdown, page 0', bundle: DROPDOWN_PAGE_0 },
];

/** The targets: app/floor from 10,000 items, linear growth, and the largest size. */
const TARGETS = {
  ratio: 1.5,
  ratioFromItems: 10_000,
  /** ms per 1,000 items within ±25 % of their median, 10,000 items and up. */
  linearSpread: 0.25,
  resultBytes: LIMITS.resultBytes,
  rssMiB: LIMITS.rssMiB,
} as const;

/** One operation at one library size: what `latest.json` holds under `scaling`. */
export interface ScalingPoint {
  readonly operation: string;
  /** Videos in the library. */
  readonly items: number;
  /** The app's median, min and max. */
  readonly ms: number;
  readonly msMin: number;
  readonly msMax: number;
  readonly floorMs: number;
  readonly floorMsMin: number;
  readonly floorMsMax: number;
  /** Ratio of the medians. */
  readonly ratio: number;
  readonly msPer1000Items: number;
  /**
   * What each further 1,000 items cost: the time above the smallest library's
   * (which is mostly core's fixed cost of a call), per 1,000 items more.
   * Null for the smallest library.
   */
  readonly growthMsPer1000Items: number | null;
  readonly peakRssMiB: number;
  readonly floorPeakRssMiB: number;
  /** The JSON of what the app returned. */
  readonly resultBytes: number;
  /** The body the service sent (what the floor parsed). */
  readonly bodyBytes: number;
}

/** The requests the app's run made: its warm-up, then the measured one. */
function requestsOf(sandbox: Sandbox): FloorJob {
  const [warmUp, request, ...more] = sandbox.requests;
  if (!warmUp || !request || more.length > 0) {
    throw new Error(`a run made ${sandbox.requests.length} requests, not 2 (warm-up and measure)`);
  }
  return { warmUp: replayOf(sandbox, warmUp), request: replayOf(sandbox, request) };
}

async function measureAt(unpacked: string, items: number): Promise<ScalingPoint[]> {
  const sandbox = await startSandbox({ seed: { videos: items } });
  try {
    const points: ScalingPoint[] = [];
    for (const { operation, bundle } of OPERATIONS) {
      // The warm-up runs the same code on the sandbox's two PDFs.
      const appJob = {
        dir: unpacked,
        warmUp: executeEvent(sandbox, pollMethod('pdf'), bundle),
        event: executeEvent(sandbox, pollMethod('video'), bundle),
      };
      let floorJob: FloorJob | undefined;
      const app: ChildRun[] = [];
      const floor: ChildRun[] = [];
      for (let i = 0; i < SCALING_RUNS; i++) {
        sandbox.resetRecords();
        app.push(await runChild(handlerChild, appJob));
        floorJob ??= requestsOf(sandbox);
        floor.push(await runChild(floorChild, floorJob));
      }
      sandbox.resetRecords();
      const ms = summaryOf(app, 'ms');
      const floorMs = summaryOf(floor, 'ms');
      points.push({
        operation,
        items,
        ms: ms.median,
        msMin: ms.min,
        msMax: ms.max,
        floorMs: floorMs.median,
        floorMsMin: floorMs.min,
        floorMsMax: floorMs.max,
        ratio: ratioOf(ms, floorMs),
        msPer1000Items: ms.median / (items / 1000),
        growthMsPer1000Items: null,
        peakRssMiB: peakRssOf(app).median,
        floorPeakRssMiB: peakRssOf(floor).median,
        resultBytes: summaryOf(app, 'resultBytes').median,
        bodyBytes: summaryOf(floor, 'resultBytes').median,
      });
    }
    return points;
  } finally {
    await sandbox.close();
  }
}

interface TargetCheck {
  readonly met: boolean;
  readonly text: string;
  /**
   * Against the bare floor, which no app on core can reach (core's fixed cost
   * alone is several times it): shown for context. The targets that decide
   * are against the core floor (core-floor.ts) and the size limits.
   */
  readonly context?: boolean;
}

/** The growth of each point above the smallest library of its operation. */
function withGrowth(points: readonly ScalingPoint[]): ScalingPoint[] {
  return points.map((p) => {
    const smallest = points.find((q) => q.operation === p.operation);
    return smallest && p.items > smallest.items
      ? { ...p, growthMsPer1000Items: (p.ms - smallest.ms) / ((p.items - smallest.items) / 1000) }
      : p;
  });
}

/** ±`spread` around the median of `values`: met, and the figures. */
function linearity(values: readonly number[]): { met: boolean; text: string } {
  const mid = median(values);
  const widest = values
    .map((v) => v / mid - 1)
    .reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
  return {
    met: Math.abs(widest) <= TARGETS.linearSpread,
    text:
      `${values.map(fixed).join(', ')} (median ${fixed(mid)}, widest ` +
      `${widest >= 0 ? '+' : ''}${Math.round(widest * 100)} %)`,
  };
}

/** Each target, per operation, as met or missed with its figures. */
function checkTargets(points: readonly ScalingPoint[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const operation of new Set(points.map((p) => p.operation))) {
    const series = points.filter((p) => p.operation === operation);
    const fromTen = series.filter((p) => p.items >= TARGETS.ratioFromItems);
    const worst = fromTen.reduce<ScalingPoint | undefined>(
      (w, p) => (w === undefined || p.ratio > w.ratio ? p : w),
      undefined,
    );
    if (worst) {
      checks.push({
        context: true,
        met: worst.ratio <= TARGETS.ratio,
        text:
          `${operation}: app/floor at most ${TARGETS.ratio}× from ${count(TARGETS.ratioFromItems)} ` +
          `items: worst ${times(worst.ratio)} at ${count(worst.items)} ` +
          `(${fixed(worst.ms)} ms against ${fixed(worst.floorMs)}; at ` +
          `${count(series[0]?.items ?? 0)} items, mostly core's fixed cost: ` +
          `${fixed(series[0]?.ms ?? 0)} ms)`,
      });
    }
    if (fromTen.length > 1) {
      const within = `within ±${TARGETS.linearSpread * 100} % from ${count(TARGETS.ratioFromItems)} items`;
      const perThousand = linearity(fromTen.map((p) => p.msPer1000Items));
      checks.push({
        context: true,
        met: perThousand.met,
        text: `${operation}: linear, ms per 1,000 items ${within}: ${perThousand.text}`,
      });
      const growth = linearity(fromTen.map((p) => p.growthMsPer1000Items ?? 0));
      checks.push({
        context: true,
        met: growth.met,
        text:
          `${operation}: (beside the targets) growth per 1,000 items above the smallest ` +
          `library, ${within}: ${growth.text}`,
      });
    }
    const largest = series.at(-1);
    if (largest) {
      checks.push({
        met: largest.resultBytes < TARGETS.resultBytes && largest.peakRssMiB < TARGETS.rssMiB,
        text:
          `${operation} at ${count(largest.items)} items: result ` +
          `${mib(largest.resultBytes)} MiB (< 6 MiB), peak RSS ` +
          `${fixed(largest.peakRssMiB)} MiB (< ${TARGETS.rssMiB})`,
      });
    }
  }
  return checks;
}

export async function scaling(unpacked: string): Promise<ScalingPoint[]> {
  const measured: ScalingPoint[] = [];
  for (const items of SCALING_SIZES) measured.push(...(await measureAt(unpacked, items)));
  const ordered = withGrowth(
    OPERATIONS.flatMap(({ operation }) => measured.filter((p) => p.operation === operation)),
  );
  const largest = ordered.at(-1);
  indent(
    table(
      [
        'operation',
        'items',
        'app ms',
        'floor ms',
        'app/floor',
        'ms/1,000 items',
        'growth/1,000',
        'floor ms/1,000',
        'peak RSS MiB',
        'floor RSS',
        'result KiB',
      ],
      ordered.map((p) => [
        p.operation,
        count(p.items),
        spread({ median: p.ms, min: p.msMin, max: p.msMax }),
        spread({ median: p.floorMs, min: p.floorMsMin, max: p.floorMsMax }),
        times(p.ratio),
        fixed(p.msPer1000Items),
        p.growthMsPer1000Items === null ? '' : fixed(p.growthMsPer1000Items),
        fixed(p.floorMs / (p.items / 1000)),
        fixed(p.peakRssMiB),
        fixed(p.floorPeakRssMiB),
        fixed(p.resultBytes / 1024),
      ]),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    ),
  );
  indent([
    `ms; medians (min–max) of ${SCALING_RUNS} fresh processes each, app and floor interleaved. ` +
      "App: build.zip's",
    'handler after a warm-up on a small list, as in large accounts. Floor: the same request to the ' +
      'same sandbox',
    "with Node's fetch and JSON.parse only, after the same warm-up. Peak RSS: maxRSS of the " +
      'process. Result: the',
    `JSON the app returned; the floor parses the whole body, ${mib(largest?.bodyBytes ?? 0)} MiB ` +
      `at ${count(largest?.items ?? 0)} items. Growth: ms above the ` +
      `${count(SCALING_SIZES[0])}-item run (mostly core's`,
    'fixed cost of a call: building the app, middleware, checks), per 1,000 items more.',
  ]);
  out('  Targets (· for context: against the bare floor, which no app on core can reach)');
  for (const check of checkTargets(ordered)) {
    const mark = check.context ? '·' : check.met ? '✓' : '✗';
    out(`  ${mark} ${check.text}${check.context ? (check.met ? ' (met)' : ' (not met)') : ''}`);
    if (!check.context) {
      findings.push({ level: check.met ? 'ok' : 'watch', text: `scaling: ${check.text}` });
    }
  }
  return ordered;
}
