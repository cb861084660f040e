// `npm run bench`: what the largest lists, deliveries and responses Zapier hands the app cost it,
// each in fresh Node processes through build.zip's handler, on loopback, with no network.
// `npm run bench -- --only 7,8,9` runs some sections; the others' figures stay in latest.json.
// Each section prints its table and its targets; bench/results/latest.json keeps the figures,
// and section 6 draws bench/results/scaling.svg. Exits 1 only if a section could not run: a
// missed target is a finding, not a failure.
import AdmZip from 'adm-zip';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../sandbox/harness';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../src/config';
import { scalingSvg } from './bench/chart';
import { coreFloor } from './bench/core-floor';
import { deliveries } from './bench/deliveries';
import { largestResponse } from './bench/largest-response';
import { count, out, printTargets, type Outcome } from './bench/report';
import { scaling, type ScalingPoint } from './bench/scaling';

interface Section {
  readonly number: number;
  /** Its key in latest.json. */
  readonly key: string;
  readonly title: string;
  readonly run: (dir: string) => Promise<Outcome>;
}

const SECTIONS: readonly Section[] = [
  {
    number: 6,
    key: 'scaling',
    title:
      '6. Scaling: the video poll and dropdown, 1,000 to 200,000 videos, beside the bare floor',
    run: scaling,
  },
  {
    number: 7,
    key: 'coreFloor',
    title: '7. The core floor: video poll, dropdown and search at 10,000 to 200,000 videos',
    run: coreFloor,
  },
  {
    number: 8,
    key: 'deliveries',
    title: '8. Large deliveries: webhook bodies of 10 MB in their costliest shapes',
    run: deliveries,
  },
  {
    number: 9,
    key: 'largestResponse',
    title: `9. The largest response: ${count(DEFAULT_MAX_RESPONSE_BYTES)} bytes, and one more`,
    run: largestResponse,
  },
];

const root = projectRoot();
const resultsDir = join(root, 'bench', 'results');
const resultsPath = join(resultsDir, 'latest.json');

/** The sections asked for: all, or `--only 7,8,9` (also `--only=7,8,9`). */
function sectionsAskedFor(args: readonly string[]): readonly Section[] {
  if (args.length === 0) return SECTIONS;
  const numbers = /^--only[= ](\d+(,\d+)*)$/.exec(args.join(' '))?.[1]?.split(',').map(Number);
  const sections = SECTIONS.filter((s) => numbers?.includes(s.number));
  if (!numbers || sections.length !== new Set(numbers).size) {
    const known = SECTIONS.map((s) => s.number).join(',');
    throw new Error(`usage: npm run bench [-- --only <sections>], of ${known}`);
  }
  return sections;
}

/** The latest.json of the run before, whose other sections a partial run keeps. */
function previousResults(): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(resultsPath, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const load = (): number[] => loadavg().map((value) => Number(value.toFixed(2)));

async function main(): Promise<number> {
  const chosen = sectionsAskedFor(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'crmgrow-bench-'));
  new AdmZip(join(root, 'build', 'build.zip')).extractAllTo(dir);
  const versionOf = (path: string) =>
    (JSON.parse(readFileSync(join(dir, path, 'package.json'), 'utf8')) as { version: string })
      .version;
  const app = { version: versionOf('.'), core: versionOf('node_modules/zapier-platform-core') };
  const machine = {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
  };
  out(`CRMGrow for Zapier ${app.version}, zapier-platform-core ${app.core}, Node ${machine.node},`);
  out(`${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB. Medians (min–max).`);

  const generatedAt = new Date().toISOString();
  const rows: Record<string, unknown> = {};
  const sections: Record<string, unknown> = {};
  const failures: string[] = [];
  try {
    for (const { number, key, title, run } of chosen) {
      const loadAverage = load();
      const started = performance.now();
      out();
      out(`${title} (load average ${loadAverage.join(', ')})`);
      try {
        const { rows: figures, targets } = await run(dir);
        printTargets(targets);
        const seconds = Math.round((performance.now() - started) / 1000);
        rows[key] = figures;
        sections[key] = { number, generatedAt, loadAverage, seconds, targets };
      } catch (error) {
        failures.push(`${number}: ${error instanceof Error ? error.message : String(error)}`);
        out(`  could not run: ${failures.at(-1)}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // A partial run keeps the other sections' figures from the run before.
  const partial = chosen.length < SECTIONS.length;
  const previous = partial ? previousResults() : {};
  const before = (previous.sections ?? {}) as Record<string, unknown>;
  const kept = SECTIONS.filter((s) => !(s.key in rows) && s.key in previous).map((s) => s.key);
  const results = {
    generatedAt,
    command: `npm run bench${partial ? ` -- --only ${chosen.map((s) => s.number).join(',')}` : ''}`,
    app,
    machine,
    sections: { ...Object.fromEntries(kept.map((key) => [key, before[key]])), ...sections },
    ...Object.fromEntries(kept.map((key) => [key, previous[key]])),
    ...rows,
    failures,
  };
  mkdirSync(resultsDir, { recursive: true });
  // Hundredths are all the precision the figures have.
  const rounded = (_key: string, value: unknown) =>
    typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 100) / 100 : value;
  writeFileSync(resultsPath, `${JSON.stringify(results, rounded, 2)}\n`);
  out(`Wrote bench/results/latest.json.`);
  if (rows.scaling) {
    const subtitle =
      `npm run bench, ${generatedAt.slice(0, 10)}, Node ${machine.node}, ${machine.cpus} CPUs ` +
      `(${machine.cpuModel}); medians of 5 fresh processes each`;
    const title = 'CRMGrow for Zapier: a video poll and dropdown against the size of the library';
    const svg = scalingSvg(rows.scaling as ScalingPoint[], title, subtitle);
    writeFileSync(join(resultsDir, 'scaling.svg'), svg);
    out('Wrote bench/results/scaling.svg.');
  }
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('npm run bench could not run:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
