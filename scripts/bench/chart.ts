// The scaling chart: time and peak memory against the library's size, the app
// beside the floor, drawn by vega-lite and rendered to SVG by vega in Node
// (no browser, no canvas). Vega 5: vega 6 is ESM-only, and the scripts and
// jest run as CommonJS.
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { LIMITS } from './report';
import type { ScalingPoint } from './scaling';

/** What a line is: the app through build.zip's handler, or the bare request. */
export const SERIES = { app: 'app (build.zip handler)', floor: 'floor (fetch + JSON.parse)' };

/** Peak RSS the bench holds a run to, drawn as a rule. */
const RSS_LIMIT_MIB = LIMITS.rssMiB;

interface Row {
  readonly operation: string;
  readonly series: string;
  readonly items: number;
  readonly ms: number;
  readonly rssMiB: number;
}

const rowsOf = (points: readonly ScalingPoint[]): Row[] =>
  points.flatMap((p) => [
    { operation: p.operation, series: SERIES.app, items: p.items, ms: p.ms, rssMiB: p.peakRssMiB },
    {
      operation: p.operation,
      series: SERIES.floor,
      items: p.items,
      ms: p.floorMs,
      rssMiB: p.floorPeakRssMiB,
    },
  ]);

/** Two panels over the same x axis: the median time, and the peak RSS. */
function scalingChartSpec(
  points: readonly ScalingPoint[],
  title: string,
  subtitle: string | string[] = '',
): TopLevelSpec {
  const x = {
    field: 'items',
    type: 'quantitative',
    title: 'videos in the library',
    axis: { format: ',d', tickCount: 4 },
  } as const;
  const lines = {
    color: { field: 'operation', type: 'nominal', title: 'operation' },
    strokeDash: {
      field: 'series',
      type: 'nominal',
      title: 'run',
      sort: [SERIES.app, SERIES.floor],
      legend: {
        symbolType: 'stroke',
        // vega-lite draws a dash legend's strokes without a colour otherwise.
        encode: { symbols: { update: { stroke: { value: '#444' } } } },
        symbolStrokeWidth: 2,
        symbolSize: 400,
      },
    },
  } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: { text: title, subtitle, anchor: 'start' },
    data: { values: rowsOf(points) },
    config: {
      font: 'sans-serif',
      legend: { orient: 'bottom', direction: 'vertical', labelLimit: 0 },
    },
    hconcat: [
      {
        title: 'Time of one run (median, ms)',
        width: 360,
        height: 260,
        mark: { type: 'line', point: true },
        encoding: { x, y: { field: 'ms', type: 'quantitative', title: 'ms' }, ...lines },
      },
      {
        title: `Peak RSS of the process (median, MiB; rule: ${RSS_LIMIT_MIB})`,
        width: 360,
        height: 260,
        layer: [
          {
            mark: { type: 'line', point: true },
            encoding: { x, y: { field: 'rssMiB', type: 'quantitative', title: 'MiB' }, ...lines },
          },
          {
            data: { values: [{ limit: RSS_LIMIT_MIB }] },
            mark: { type: 'rule', color: '#c0392b', strokeDash: [2, 2] },
            encoding: { y: { field: 'limit', type: 'quantitative' } },
          },
        ],
      },
    ],
  };
}

/** The chart as an SVG document. */
export async function renderScalingSvg(
  points: readonly ScalingPoint[],
  title: string,
  subtitle: string | string[] = '',
): Promise<string> {
  const view = new View(parse(compile(scalingChartSpec(points, title, subtitle)).spec), {
    renderer: 'none',
  });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
