// `npm run bench`: what the largest lists, deliveries and responses Zapier hands the app cost it,
// each in fresh Node processes through core's Lambda handler, on loopback, with no network.
// `npm run bench -- --only 7,8,9` runs some sections; the others' figures stay in latest.json.
// Each section prints its table and its targets; bench/results/latest.json keeps the figures.
// Exits 1 only if a section could not run: a missed target is a finding, not a failure.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../sandbox/harness';
import { coreFloor } from './bench/core-floor';
import { deliveries } from './bench/deliveries';
import { largestResponse } from './bench/largest-response';
import { mark, out, type Outcome } from './bench/report';
import { scaling } from './bench/scaling';

const SECTIONS: [number, string, string, (root: string) => Promise<Outcome>][] = [
  [6, 'scaling', 'Scaling: the video poll and dropdown, 1,000 to 200,000 videos', scaling],
  [7, 'coreFloor', 'The core floor: poll, dropdown and search, 10,000 to 200,000', coreFloor],
  [8, 'deliveries', 'Large deliveries: webhook bodies of 10 MB', deliveries],
  [9, 'largestResponse', 'The largest response, and one byte more', largestResponse],
];

async function main(): Promise<number> {
  const args = process.argv.slice(2).join(' ');
  const only = args ? /^--only[= ]([\d,]+)$/.exec(args)?.[1]?.split(',').map(Number) : [6, 7, 8, 9];
  const chosen = SECTIONS.filter(([number]) => only?.includes(number));
  if (!only || chosen.length !== only.length)
    throw new Error('usage: npm run bench [-- --only 7,8]');
  const partial = chosen.length < SECTIONS.length;
  const root = projectRoot();
  const resultsPath = join(root, 'bench', 'results', 'latest.json');
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const read = (path: string) =>
    JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
  const core = read('node_modules/zapier-platform-core/package.json').version;
  const app = { version: read('package.json').version, core };
  const [cpu, memoryGiB] = [cpus(), Number((totalmem() / 1024 ** 3).toFixed(1))];
  const machine = { node: process.version, cpus: cpu.length, cpuModel: cpu[0]?.model, memoryGiB };
  out(`CRMGrow for Zapier ${app.version}, zapier-platform-core ${core}, Node ${machine.node},`);
  out(`${machine.cpus} CPUs (${machine.cpuModel}), ${memoryGiB} GiB. Medians (min–max).`);

  // A partial run keeps the other sections' figures from the run before.
  const results = partial && existsSync(resultsPath) ? read('bench/results/latest.json') : {};
  const generatedAt = new Date().toISOString();
  const sections = (results.sections ?? {}) as Record<string, unknown>;
  const failures: string[] = [];
  for (const [number, key, title, run] of chosen) {
    const loadAverage = loadavg().map((value) => Number(value.toFixed(2)));
    out(`\n${number}. ${title} (load average ${loadAverage.join(', ')})`);
    try {
      const { rows, targets } = await run(root);
      for (const target of targets) out(`  ${mark(target.met)} ${target.text}`);
      results[key] = rows;
      sections[key] = { number, generatedAt, loadAverage, targets };
    } catch (error) {
      failures.push(`${number}: ${error instanceof Error ? error.message : String(error)}`);
      out(`  could not run: ${failures.at(-1)}`);
    }
  }
  const command = `npm run bench${partial ? ` -- --only ${only.join(',')}` : ''}`;
  Object.assign(results, { generatedAt, command, app, machine, sections, failures });
  // Hundredths are all the precision the figures have.
  const rounded = (_key: string, value: unknown) =>
    typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 100) / 100 : value;
  writeFileSync(resultsPath, `${JSON.stringify(results, rounded, 2)}\n`);
  out('Wrote bench/results/latest.json.');
  return failures.length === 0 ? 0 : 1;
}

// A usage error or a failure outside the sections rejects, which ends Node with its message.
void main().then((code) => process.exit(code));
