// 6. Scaling: the video poll and a page of the video dropdown from 1,000 to 200,000 videos,
// beside the bare floor (the same request with Node's fetch and JSON.parse alone). App and floor
// runs alternate, so that a busy moment of the shared machine hits both alike.
import { runChild, succeeded, type Figures } from './child';
import { DROPDOWN_PAGE_0, executeEvent, startLists, videosOf } from './lists';
import {
  count,
  fixed,
  MB,
  MiB,
  printTable,
  RESULT_LIMIT,
  RUNS,
  spread,
  summarise,
  times,
  type Outcome,
} from './report';

export const SCALING_SIZES = [1_000, 10_000, 50_000, 100_000, 200_000];

const OPERATIONS = [
  { operation: 'video poll', bundle: {} },
  { operation: 'video dropdown, page 0', bundle: DROPDOWN_PAGE_0 },
];

/** One operation at one library size: a row of latest.json's `scaling`. */
export interface ScalingPoint {
  readonly operation: string;
  /** Videos in the library. */
  readonly items: number;
  /** The app's median, min and max; then the floor's. */
  readonly ms: number;
  readonly msMin: number;
  readonly msMax: number;
  readonly floorMs: number;
  readonly floorMsMin: number;
  readonly floorMsMax: number;
  /** App / floor, of the medians. */
  readonly ratio: number;
  readonly msPer1000Items: number;
  /** The time above the smallest library's (mostly core's fixed cost), per 1,000 items more. */
  readonly growthMsPer1000Items: number | null;
  readonly peakRssMiB: number;
  readonly floorPeakRssMiB: number;
  /** The JSON the app returned, and the body the service sent (which the floor parsed). */
  readonly resultBytes: number;
  readonly bodyBytes: number;
}

async function measureAt(dir: string, items: number): Promise<ScalingPoint[]> {
  const lists = await startLists();
  lists.serve(Buffer.from(JSON.stringify(videosOf(items))));
  const floorJob = {
    kind: 'floor',
    warmUpUrl: `${lists.baseUrl}/api/pdf`,
    url: `${lists.baseUrl}/api/video`,
    apiKey: lists.apiKey,
    warmCalls: 0,
  } as const;
  try {
    const points: ScalingPoint[] = [];
    for (const { operation, bundle } of OPERATIONS) {
      const appJob = {
        kind: 'app',
        dir,
        warmUp: executeEvent(lists, 'triggers.pdf.operation.perform', bundle),
        event: executeEvent(lists, 'triggers.video.operation.perform', bundle),
        warmCalls: 0,
      } as const;
      const app: Figures[] = [];
      const floor: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        app.push(succeeded(await runChild(appJob)));
        floor.push(await runChild(floorJob));
      }
      const ms = summarise(app.map((f) => f.ms));
      const floorMs = summarise(floor.map((f) => f.ms));
      const peakMiB = (runs: Figures[]) => summarise(runs.map((f) => f.peakBytes / MiB)).median;
      points.push({
        operation,
        items,
        ms: ms.median,
        msMin: ms.min,
        msMax: ms.max,
        floorMs: floorMs.median,
        floorMsMin: floorMs.min,
        floorMsMax: floorMs.max,
        ratio: ms.median / floorMs.median,
        msPer1000Items: ms.median / (items / 1000),
        growthMsPer1000Items: null,
        peakRssMiB: peakMiB(app),
        floorPeakRssMiB: peakMiB(floor),
        resultBytes: summarise(app.map((f) => f.bytes)).median,
        bodyBytes: floor[0]?.bytes ?? 0,
      });
    }
    return points;
  } finally {
    await lists.close();
  }
}

export async function scaling(dir: string): Promise<Outcome> {
  const measured: ScalingPoint[] = [];
  for (const items of SCALING_SIZES) measured.push(...(await measureAt(dir, items)));
  const rows = OPERATIONS.flatMap(({ operation }) => {
    const series = measured.filter((p) => p.operation === operation);
    const [smallest] = series;
    return series.map((p) =>
      smallest && p !== smallest
        ? { ...p, growthMsPer1000Items: (p.ms - smallest.ms) / ((p.items - smallest.items) / 1000) }
        : p,
    );
  });
  printTable(
    ['operation', 'items', 'app ms', 'floor ms', 'app/floor', 'growth/1,000', 'RSS MiB (floor)'],
    rows.map((p) => [
      p.operation,
      count(p.items),
      spread({ median: p.ms, min: p.msMin, max: p.msMax }),
      spread({ median: p.floorMs, min: p.floorMsMin, max: p.floorMsMax }),
      times(p.ratio),
      p.growthMsPer1000Items === null ? '' : fixed(p.growthMsPer1000Items),
      `${fixed(p.peakRssMiB)} (${fixed(p.floorPeakRssMiB)})`,
    ]),
  );
  const targets = OPERATIONS.flatMap(({ operation }) => {
    const largest = rows.filter((p) => p.operation === operation).at(-1);
    if (!largest) return [];
    const peakMB = (largest.peakRssMiB * MiB) / MB;
    return [
      {
        met: largest.resultBytes <= RESULT_LIMIT && peakMB <= 450,
        text:
          `${operation} at ${count(largest.items)} videos: result ` +
          `${fixed(largest.resultBytes / 1024)} KiB (at most 6 MiB), peak ${fixed(peakMB)} MB (at most 450)`,
      },
    ];
  });
  return { rows, targets };
}
