// The bench's scaling chart (npm run bench → bench/results/scaling.svg),
// rendered from a small fixed series: both runs, app and floor, must be drawn.
import { renderScalingSvg, SERIES } from '../../scripts/bench/chart';
import type { ScalingPoint } from '../../scripts/bench/scaling';

const point = (operation: string, items: number, ms: number, floorMs: number): ScalingPoint => ({
  operation,
  items,
  ms,
  msMin: ms - 1,
  msMax: ms + 1,
  floorMs,
  floorMsMin: floorMs - 1,
  floorMsMax: floorMs + 1,
  ratio: ms / floorMs,
  msPer1000Items: ms / (items / 1000),
  growthMsPer1000Items: null,
  peakRssMiB: 100 + items / 1000,
  floorPeakRssMiB: 50 + items / 2000,
  resultBytes: 75_000,
  bodyBytes: items * 72,
});

const POINTS = [
  point('video poll', 1_000, 41, 7),
  point('video poll', 20_000, 173, 29),
  point('video dropdown, page 0', 1_000, 43, 8),
  point('video dropdown, page 0', 20_000, 181, 31),
];

/** The accessible labels vega gives each drawn point. */
const labelsIn = (svg: string): string[] =>
  [...svg.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1] ?? '');

describe('the scaling chart', () => {
  let svg: string;
  beforeAll(async () => {
    svg = await renderScalingSvg(POINTS, 'A fixed series', 'two sizes');
  });

  it('is one SVG document with its title', () => {
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('>A fixed series</text>');
    expect(svg).toContain('>two sizes</text>');
  });

  it('draws the app and the floor at every size, in time and in peak RSS', () => {
    const labels = labelsIn(svg);
    for (const p of POINTS) {
      const at = `videos in the library: ${p.items.toLocaleString('en-US')}`;
      const run = `operation: ${p.operation}`;
      expect(labels).toContain(`${at}; ms: ${p.ms}; ${run}; run: ${SERIES.app}`);
      expect(labels).toContain(`${at}; ms: ${p.floorMs}; ${run}; run: ${SERIES.floor}`);
      expect(labels).toContain(`${at}; MiB: ${p.peakRssMiB}; ${run}; run: ${SERIES.app}`);
      expect(labels).toContain(`${at}; MiB: ${p.floorPeakRssMiB}; ${run}; run: ${SERIES.floor}`);
    }
  });

  it('draws one line through every size per operation and run, the floor dashed, in each panel', () => {
    const lines = [
      ...svg.matchAll(
        /<path aria-label="([^"]*)"[^>]*aria-roledescription="line mark" d="([^"]*)"[^>]*stroke-dasharray="([^"]*)"/g,
      ),
    ].map(([, label = '', d = '', dash]) => ({
      label,
      vertices: d.split(/[ML]/).length - 1,
      dash,
    }));
    // 2 operations × (app, floor) × 2 panels (time, peak RSS).
    expect(lines).toHaveLength(8);
    for (const line of lines) {
      expect(line.vertices).toBe(2);
      expect(line.dash).toBe(line.label.endsWith(SERIES.floor) ? '4,2' : '1,0');
    }
    expect(lines.filter((line) => line.label.endsWith(SERIES.app))).toHaveLength(4);
    expect(lines.filter((line) => line.label.endsWith(SERIES.floor))).toHaveLength(4);
  });

  it('names both runs and both operations in the legend', () => {
    for (const name of [SERIES.app, SERIES.floor, 'video poll', 'video dropdown, page 0']) {
      expect(svg).toContain(`>${name}</text>`);
    }
  });
});
