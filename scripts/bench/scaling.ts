// 6. Scaling: the video poll and a page of the video dropdown from 1,000 to 200,000 videos,
// beside the bare floor (the same request with Node's fetch and JSON.parse alone). App and floor
// runs alternate, so that a busy moment of the shared machine hits both alike.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runChild, type Figures } from './child';
import { DROPDOWN_PAGE_0, executeEvent, startLists, videosOf } from './lists';
import { count, fixed, MB, MiB, out, printTable, spread, summarise, times } from './report';

const SIZES = [1_000, 10_000, 50_000, 100_000, 200_000];
const OPERATIONS = { 'video poll': {}, 'video dropdown, page 0': DROPDOWN_PAGE_0 };
type Operation = keyof typeof OPERATIONS;

/** One operation at one library size, app beside floor: a row of latest.json's `scaling`. */
type ScalingPoint = Awaited<ReturnType<typeof measure>>;

async function measure(root: string, operation: Operation, items: number) {
  const lists = await startLists();
  lists.serve(Buffer.from(JSON.stringify(videosOf(items))));
  const bundle = OPERATIONS[operation];
  const warmUp = executeEvent(lists, 'triggers.pdf.operation.perform', bundle);
  const event = executeEvent(lists, 'triggers.video.operation.perform', bundle);
  const { baseUrl, apiKey } = lists;
  const [app, floor]: [Figures[], Figures[]] = [[], []];
  try {
    for (let i = 0; i < 5; i++) {
      app.push(await runChild({ kind: 'app', root, warmUp, event, warmCalls: 0 }));
      floor.push(await runChild({ kind: 'bare', baseUrl, apiKey, warmCalls: 0 }));
    }
  } finally {
    await lists.close();
  }
  const ms = summarise(app.map((f) => f.ms));
  const floorMs = summarise(floor.map((f) => f.ms));
  const peakMiB = (runs: Figures[]) => summarise(runs.map((f) => f.peakBytes / MiB)).median;
  return {
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
    growthMsPer1000Items: null as number | null, // set by scaling(), from the smallest library
    peakRssMiB: peakMiB(app),
    floorPeakRssMiB: peakMiB(floor),
    resultBytes: summarise(app.map((f) => f.bytes)).median,
    bodyBytes: floor[0]?.bytes ?? 0,
  };
}

export async function scaling(root: string) {
  const rows: ScalingPoint[] = [];
  for (const operation of Object.keys(OPERATIONS) as Operation[]) {
    for (const items of SIZES) {
      const point = await measure(root, operation, items);
      const first = rows.find((p) => p.operation === operation);
      // The time above the smallest library's (mostly core's fixed cost), per 1,000 items more.
      const growth = first ? (point.ms - first.ms) / ((items - first.items) / 1000) : null;
      rows.push({ ...point, growthMsPer1000Items: growth });
    }
  }
  printTable(
    ['operation', 'items', 'app ms', 'floor ms', 'app/floor', 'growth/1,000', 'RSS MiB (floor)'],
    rows.map((p) => [
      ...[p.operation, count(p.items), spread({ median: p.ms, min: p.msMin, max: p.msMax })],
      ...[spread({ median: p.floorMs, min: p.floorMsMin, max: p.floorMsMax }), times(p.ratio)],
      p.growthMsPer1000Items === null ? '' : fixed(p.growthMsPer1000Items),
      `${fixed(p.peakRssMiB)} (${fixed(p.floorPeakRssMiB)})`,
    ]),
  );
  const largest = rows.filter((p) => p.items === SIZES.at(-1));
  const targets = largest.map(({ operation, items, resultBytes, peakRssMiB }) => ({
    met: resultBytes <= 6 * MiB && peakRssMiB * MiB <= 450 * MB,
    text: `${operation} at ${count(items)} videos: result ${fixed(resultBytes / 1024)} KiB (at most 6 MiB), peak ${fixed((peakRssMiB * MiB) / MB)} MB (at most 450)`,
  }));
  writeFileSync(join(root, 'bench', 'results', 'scaling.svg'), svg(rows));
  out('  Wrote bench/results/scaling.svg.');
  return { rows, targets };
}

/** The median times against the library's size: app lines solid, floor lines dashed. */
function svg(rows: readonly ScalingPoint[]): string {
  const maxItems = Math.max(...rows.map((p) => p.items));
  const maxMs = Math.max(...rows.map((p) => Math.max(p.ms, p.floorMs)));
  const lines = Object.keys(OPERATIONS).flatMap((operation, i) =>
    (['ms', 'floorMs'] as const).map((key) => {
      const at = rows
        .filter((p) => p.operation === operation)
        .map((p) => `${40 + (p.items / maxItems) * 500},${330 - (p[key] / maxMs) * 300}`);
      const style = `stroke="${['navy', 'orange'][i]}" stroke-dasharray="${key === 'ms' ? 0 : 4}"`;
      return `<polyline points="${at.join(' ')}" fill="none" ${style}/>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="360" font-size="12">
<rect width="100%" height="100%" fill="white"/><rect x="40" y="30" width="500" height="300" fill="none" stroke="gray"/>
<text x="40" y="20">ms by videos (to ${count(maxItems)}; top: ${fixed(maxMs)} ms): <tspan fill="navy">poll</tspan>, <tspan fill="orange">dropdown</tspan>; dashed: fetch + JSON.parse</text>
${lines.join('\n')}
</svg>
`;
}
