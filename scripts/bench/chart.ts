// The scaling chart (bench/results/scaling.svg): time and peak RSS against the library's size,
// the app beside the bare floor, one colour per operation, the floor dashed. Plain SVG text:
// two panels of lines need no charting library.
import type { ScalingPoint } from './scaling';

export const SERIES = { app: 'app (build.zip handler)', floor: 'floor (fetch + JSON.parse)' };

const COLOURS = ['#1f77b4', '#e6550d', '#31a354', '#756bb1'];
const PANEL = { width: 360, height: 240, top: 100, lefts: [70, 520] };
/** Core kills a warm container past 450 MB: the RSS panel draws it as a rule, in MiB. */
const RSS_LIMIT_MIB = 450e6 / (1024 * 1024);

const escape = (text: string): string =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

const text = (x: number, y: number, content: string, attributes = ''): string =>
  `<text x="${x}" y="${y}" ${attributes}>${escape(content)}</text>`;

/** Round steps (1, 2 or 5 times a power of ten) from 0 past `max`, four or five of them. */
function ticks(max: number): number[] {
  const rough = Math.max(max, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

interface Panel {
  readonly title: string;
  readonly value: (p: ScalingPoint, series: keyof typeof SERIES) => number;
  readonly rule?: number;
}

function panel(points: readonly ScalingPoint[], left: number, spec: Panel): string[] {
  const { width, height, top } = PANEL;
  const values = points.flatMap((p) => [spec.value(p, 'app'), spec.value(p, 'floor')]);
  const xTicks = ticks(Math.max(...points.map((p) => p.items)));
  const yTicks = ticks(Math.max(...values, spec.rule ?? 0));
  const x = (items: number) => left + (items / (xTicks.at(-1) ?? 1)) * width;
  const y = (value: number) => top + height - (value / (yTicks.at(-1) ?? 1)) * height;
  const bottom = top + height;
  const svg = [
    text(left, top - 12, spec.title, 'font-weight="bold"'),
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="none" stroke="#999"/>`,
    ...xTicks.map((t) =>
      text(x(t), bottom + 16, t.toLocaleString('en-US'), 'text-anchor="middle"'),
    ),
    ...yTicks.map((t) => text(left - 6, y(t) + 4, t.toLocaleString('en-US'), 'text-anchor="end"')),
    text(left + width / 2, bottom + 34, 'videos in the library', 'text-anchor="middle"'),
  ];
  if (spec.rule !== undefined) {
    const at = y(spec.rule).toFixed(1);
    svg.push(
      `<line x1="${left}" x2="${left + width}" y1="${at}" y2="${at}" stroke="#c0392b" stroke-dasharray="2,2"/>`,
    );
  }
  const operations = [...new Set(points.map((p) => p.operation))];
  operations.forEach((operation, i) => {
    const line = points.filter((p) => p.operation === operation);
    for (const series of ['app', 'floor'] as const) {
      const at = line.map((p) => `${x(p.items).toFixed(1)},${y(spec.value(p, series)).toFixed(1)}`);
      svg.push(
        `<polyline aria-label="${escape(`${spec.title}: ${operation}, ${SERIES[series]}`)}" ` +
          `points="${at.join(' ')}" fill="none" stroke="${COLOURS[i % COLOURS.length]}" ` +
          `stroke-width="2" stroke-dasharray="${series === 'floor' ? '4,2' : 'none'}"/>`,
      );
    }
  });
  return svg;
}

/** The chart as one SVG document. */
export function scalingSvg(
  points: readonly ScalingPoint[],
  title: string,
  subtitle: string,
): string {
  const operations = [...new Set(points.map((p) => p.operation))];
  const legendTop = PANEL.top + PANEL.height + 60;
  const entries = [
    ...operations.map((operation, i) => ({ label: operation, colour: COLOURS[i], dash: 'none' })),
    { label: SERIES.app, colour: '#444', dash: 'none' },
    { label: SERIES.floor, colour: '#444', dash: '4,2' },
  ];
  const legend = entries.flatMap(({ label, colour, dash }, i) => {
    const top = legendTop + i * 18;
    return [
      `<line x1="70" x2="100" y1="${top}" y2="${top}" stroke="${colour}" stroke-width="2" stroke-dasharray="${dash}"/>`,
      text(108, top + 4, label),
    ];
  });
  const height = legendTop + entries.length * 18 + 10;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="920" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    text(20, 28, title, 'font-size="16" font-weight="bold"'),
    text(20, 50, subtitle),
    ...panel(points, PANEL.lefts[0] ?? 0, {
      title: 'Time of one run (median, ms)',
      value: (p, series) => (series === 'app' ? p.ms : p.floorMs),
    }),
    ...panel(points, PANEL.lefts[1] ?? 0, {
      title: 'Peak RSS of the process (median, MiB; rule: 450 MB)',
      value: (p, series) => (series === 'app' ? p.peakRssMiB : p.floorPeakRssMiB),
      rule: RSS_LIMIT_MIB,
    }),
    ...legend,
    '</svg>',
    '',
  ].join('\n');
}
