// The bench's scaling chart (bench/results/scaling.svg), drawn from a small fixed series: every
// line is there, at the right height, the floor dashed, and the text escaped.
import { scalingSvg, SERIES } from '../../scripts/bench/chart';
import type { ScalingPoint } from '../../scripts/bench/scaling';

// Time and memory deliberately in different orders, so that a panel drawing the other's values fails.
const point = (operation: string, items: number, ms: number, floorMs: number, peakRssMiB: number) =>
  ({ operation, items, ms, floorMs, peakRssMiB, floorPeakRssMiB: peakRssMiB / 2 }) as ScalingPoint;
const POINTS = [
  point('video poll', 1_000, 40, 7, 300),
  point('video poll', 20_000, 170, 30, 100),
  point('video poll', 50_000, 400, 90, 200),
  point('video dropdown', 1_000, 35, 6, 120),
  point('video dropdown', 20_000, 180, 31, 110),
  point('video dropdown', 50_000, 300, 80, 150),
];

const svg = scalingSvg(POINTS, 'Poll & dropdown <fixed>', 'three sizes');
/** Each line's label and its points, x and y. */
const lines = [...svg.matchAll(/<polyline aria-label="([^"]*)" points="([^"]*)"[^>]*>/g)].map(
  ([whole, label = '', points = '']) => ({
    label,
    dashed: !whole.includes('stroke-dasharray="none"'),
    points: points.split(' ').map((pair) => pair.split(',').map(Number) as [number, number]),
  }),
);

it('is one SVG document, its text escaped', () => {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  expect(svg).toContain('>Poll &amp; dropdown &lt;fixed&gt;</text>');
  expect(svg).not.toContain('<fixed>');
});

it('draws each operation, app and floor, in both panels, the floor alone dashed', () => {
  expect(lines).toHaveLength(8);
  for (const line of lines) expect(line.dashed).toBe(line.label.endsWith(SERIES.floor));
});

it.each([
  ['Time', (p: ScalingPoint, app: boolean) => (app ? p.ms : p.floorMs)],
  ['Peak RSS', (p: ScalingPoint, app: boolean) => (app ? p.peakRssMiB : p.floorPeakRssMiB)],
])('puts every point of the %s panel left to right by size, higher the larger', (panel, value) => {
  const drawn = lines.filter((line) => line.label.startsWith(panel));
  expect(drawn).toHaveLength(4);
  const all = drawn.flatMap((line) => {
    const app = line.label.endsWith(SERIES.app);
    const series = POINTS.filter((p) => line.label.includes(`: ${p.operation},`));
    expect(line.points.map(([x]) => x)).toEqual(
      [...line.points.map(([x]) => x)].sort((a, b) => a - b),
    );
    return series.map((p, i) => ({ value: value(p, app), y: line.points[i]?.[1] ?? NaN }));
  });
  // One linear scale: the same height for the same value, and a larger value always higher up.
  const byValue = [...all].sort((a, b) => a.value - b.value);
  const ys = byValue.map((p) => p.y);
  expect(ys).toEqual([...ys].sort((a, b) => b - a));
  expect(new Set(ys).size).toBe(new Set(byValue.map((p) => p.value)).size);
});
