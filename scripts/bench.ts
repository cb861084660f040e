// `npm run bench`: how fast the integration feels to a Zap builder and where
// Zapier's limits are, measured on loopback against the sandbox, no network.
// Runs the measures of scripts/bench/ in order: each prints its table (medians,
// with min and max, of several runs after a warm-up); this main lists the
// findings and writes the same figures to bench/results/latest.json.
// `npm run bench -- --only 7,9` runs those sections alone: their figures
// replace theirs in latest.json, and the other sections' stay as they were.
// Exits 1 only if a measure could not run; slow figures are findings, not failures.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, tmpdir, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { version as coreVersion } from 'zapier-platform-core';
import {
  createInvoker,
  loadCompiledApp,
  projectRoot,
  type CompiledApp,
  type Invoke,
} from '../sandbox/harness';
import { pointAppAt } from '../sandbox/env';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { ANSWER_CAP_RUNS, answerCap } from './bench/answer-cap';
import { artifact } from './bench/artifact';
import { bulkDeletes, DELIVERY_TARGET, LARGEST_BODY_BYTES } from './bench/bulk-delete';
import { renderScalingSvg } from './bench/chart';
import { coldStart, COLD_RUNS } from './bench/cold-start';
import { CORE_FLOOR_RUNS, CORE_FLOOR_SIZES, coreFloor } from './bench/core-floor';
import { startListServer } from './bench/list-server';
import { LIBRARY, largeAccounts } from './bench/large-accounts';
import { OVERHEAD_RUNS, OVERHEAD_WARM_UPS, overheadPerOperation } from './bench/overhead';
import { failures, findings, LIMITS, mark, out, RUNS, section, type Finding } from './bench/report';
import { requestsPerOperation } from './bench/requests';
import { SCALING_RUNS, SCALING_SIZES, scaling, type ScalingPoint } from './bench/scaling';
import { count, MiB } from './bench/stats';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../src/config';
import { extractZip } from './lib/zip';

const root = projectRoot();
const zipPath = join(root, 'build', 'build.zip');
const resultsPath = join(root, 'bench', 'results', 'latest.json');
const chartPath = join(root, 'bench', 'results', 'scaling.svg');

/** The scaling chart, titled with the run it comes from. */
async function writeChart(points: readonly ScalingPoint[], machine: string): Promise<void> {
  const svg = await renderScalingSvg(
    points,
    'CRMGrow for Zapier: a video poll and dropdown against the size of the library',
    [
      `npm run bench, ${new Date().toISOString().slice(0, 10)}, ${machine}.`,
      `Medians of ${SCALING_RUNS} fresh processes each; floor: the same request with Node's ` +
        'fetch + JSON.parse.',
    ],
  );
  writeFileSync(chartPath, svg);
  out(`Wrote ${relative(process.cwd(), chartPath) || chartPath}.`);
}

/** What a section may use: the unpacked zip, the compiled app, the sandbox. */
interface Context {
  readonly unpacked: string;
  readonly app: CompiledApp;
  readonly invoke: Invoke;
  readonly sandbox: Sandbox;
}

interface Section {
  readonly number: number;
  /** Its key in latest.json. */
  readonly key: string;
  readonly title: string;
  readonly run: (context: Context) => Promise<unknown>;
}

/** The measures, in the order `npm run bench` runs them. */
const SECTIONS: readonly Section[] = [
  {
    number: 1,
    key: 'coldStart',
    title: '1. Cold start: a fresh Node process loading build.zip, against core alone',
    run: ({ unpacked }) => coldStart(unpacked),
  },
  {
    number: 2,
    key: 'artifact',
    title: '2. Artifact: build/build.zip',
    run: () => artifact(zipPath),
  },
  {
    number: 3,
    key: 'requests',
    title: '3. Requests per operation (HTTP requests the sandbox received)',
    run: ({ app, invoke, sandbox }) => requestsPerOperation(app, invoke, sandbox),
  },
  {
    number: 4,
    key: 'overhead',
    title: "4. Overhead per operation: through zapier-platform-core, against Node's own fetch",
    run: ({ app, invoke, sandbox }) => overheadPerOperation(app, invoke, sandbox),
  },
  {
    number: 5,
    key: 'largeAccounts',
    title: `5. Large accounts: ${count(LIBRARY)} videos and ${count(LIBRARY)} templates, and a 1 MB webhook`,
    run: ({ unpacked }) => largeAccounts(unpacked),
  },
  {
    number: 6,
    key: 'scaling',
    title:
      `6. Scaling: video poll and dropdown from ${count(SCALING_SIZES[0])} to ` +
      `${count(SCALING_SIZES.at(-1) ?? 0)} videos, against the floor (fetch + JSON.parse)`,
    run: ({ unpacked }) => scaling(unpacked),
  },
  {
    number: 7,
    key: 'coreFloor',
    title:
      '7. The floor an app on core can reach: the video poll, dropdown and search at ' +
      `${CORE_FLOOR_SIZES.map(count).join(', ')} videos (stored order and shuffled, varied ` +
      'titles) against the core floor, fresh and warm',
    run: ({ unpacked }) => coreFloor(unpacked, startListServer),
  },
  {
    number: 8,
    key: 'bulkDelete',
    title:
      `8. Large deliveries: bulk deletes and the costliest shapes up to ${LARGEST_BODY_BYTES / 1e6} MB, ` +
      `against ${DELIVERY_TARGET.rssMiB} MiB and ${DELIVERY_TARGET.ms / 1000} s`,
    run: ({ unpacked, sandbox }) => bulkDeletes(unpacked, sandbox),
  },
  {
    number: 9,
    key: 'answerCap',
    title:
      `9. The answer cap: a video poll of the largest answer the app reads ` +
      `(${DEFAULT_MAX_RESPONSE_BYTES / MiB} MiB) in its costliest shapes, and one byte more`,
    run: ({ unpacked }) => answerCap(unpacked),
  },
];

const USAGE =
  'usage: npm run bench [-- --only <sections>], sections by number, comma-separated ' +
  `(1–${SECTIONS.length}): npm run bench -- --only 7,9`;

/** A wrong argument: its message alone is printed, with the usage. */
class UsageError extends Error {}

/** The sections asked for: `--only 7,9` (or `--only=7,9`, or repeated); all without it. */
function sectionsAskedFor(args: readonly string[]): Section[] {
  const wanted = new Set<number>();
  let only = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    let list: string | undefined;
    if (arg === '--only') list = args[++i];
    else if (arg.startsWith('--only=')) list = arg.slice('--only='.length);
    else throw new UsageError(`unknown argument "${arg}". ${USAGE}`);
    only = true;
    for (const part of (list ?? '').split(',')) {
      const number = Number(part.trim());
      if (!SECTIONS.some((s) => s.number === number)) {
        throw new UsageError(`no section "${part}". ${USAGE}`);
      }
      wanted.add(number);
    }
  }
  return only ? SECTIONS.filter((s) => wanted.has(s.number)) : [...SECTIONS];
}

/** The previous latest.json, whose other sections a partial run keeps. */
function previousResults(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(resultsPath, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  const chosen = sectionsAskedFor(process.argv.slice(2));
  const partial = chosen.length < SECTIONS.length;
  const app = loadCompiledApp();
  const cpuList = cpus();
  const machine = {
    node: process.version,
    platform: `${platform()} ${arch()}`,
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
  };
  out(
    `CRMGrow for Zapier ${app.version} · npm run bench · zapier-platform-core ${coreVersion} · ` +
      `Node ${machine.node}`,
  );
  out(
    `${machine.platform}, ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, ` +
      `load average ${machine.loadAverage.join(', ')}. Figures are medians, with min and max, of ${RUNS} or more`,
  );
  out(
    'runs after a warm-up, over loopback against the sandbox, on a shared machine: expect ' +
      'noise of ±20 % or more.',
  );
  if (partial) out(`Sections ${chosen.map((s) => s.number).join(', ')} only (--only).`);

  if (!existsSync(zipPath)) {
    throw new Error('build/build.zip is missing: run `npm run build:zapier` (npm run bench does).');
  }
  const unpacked = mkdtempSync(join(tmpdir(), 'crmgrow-bench-'));
  const sandbox = await startSandbox();
  const restoreEnv = pointAppAt(sandbox);
  const results: Record<string, unknown> = {};
  /** The findings of each section run, by its key. */
  const sectionFindings: Record<string, Finding[]> = {};
  /** The load average as each section started. */
  const sectionLoad: Record<string, number[]> = {};
  try {
    extractZip(zipPath, unpacked);
    const context: Context = { unpacked, app, invoke: createInvoker(app), sandbox };
    for (const s of chosen) {
      const before = findings.length;
      sectionLoad[s.key] = loadavg().map((load) => Number(load.toFixed(2)));
      results[s.key] = await section(s.title, () => s.run(context));
      sectionFindings[s.key] = findings.slice(before);
    }
  } finally {
    restoreEnv();
    await sandbox.close();
    rmSync(unpacked, { recursive: true, force: true });
  }

  out();
  out('Findings');
  for (const f of findings) out(`  ${mark[f.level]} ${f.text}`);
  for (const failure of failures) out(`  ✗ could not run: ${failure}`);

  const seconds = (performance.now() - started) / 1000;
  const generatedAt = new Date().toISOString();
  const previous = partial ? previousResults() : {};
  const sectionOf = (f: unknown): unknown =>
    typeof f === 'object' && f !== null ? (f as { section?: unknown }).section : undefined;
  const ran = new Set(chosen.map((s) => s.key));
  // A partial run keeps the other sections' figures and findings of the run before.
  const kept = Object.fromEntries(
    SECTIONS.filter((s) => !ran.has(s.key) && s.key in previous).map((s) => [
      s.key,
      previous[s.key],
    ]),
  );
  const keptFindings = Array.isArray(previous.findings)
    ? previous.findings.filter((f) => {
        const key = sectionOf(f);
        return typeof key === 'string' && !ran.has(key);
      })
    : [];
  const previousSections =
    typeof previous.sections === 'object' && previous.sections !== null
      ? (previous.sections as Record<string, unknown>)
      : {};
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    resultsPath,
    `${JSON.stringify(
      {
        generatedAt,
        command: partial
          ? `npm run bench -- --only ${chosen.map((s) => s.number).join(',')}`
          : 'npm run bench',
        app: { version: app.version, core: coreVersion },
        machine,
        runs: {
          measured: RUNS,
          coldStart: COLD_RUNS,
          overhead: OVERHEAD_RUNS,
          overheadWarmUps: OVERHEAD_WARM_UPS,
          scaling: SCALING_RUNS,
          coreFloor: CORE_FLOOR_RUNS,
          answerCap: ANSWER_CAP_RUNS,
        },
        units: { time: 'ms', memory: 'MiB', size: 'bytes' },
        limits: LIMITS,
        // When each section's figures were made, and on what load: a partial run keeps the rest.
        sections: {
          ...Object.fromEntries(Object.entries(previousSections).filter(([key]) => key in kept)),
          ...Object.fromEntries(
            chosen.map((s) => [
              s.key,
              {
                number: s.number,
                generatedAt,
                loadAverage: sectionLoad[s.key] ?? machine.loadAverage,
              },
            ]),
          ),
        },
        ...kept,
        ...results,
        findings: [
          ...keptFindings,
          ...Object.entries(sectionFindings).flatMap(([key, list]) =>
            list.map((f) => ({ section: key, ...f })),
          ),
        ],
        failures,
        seconds: Number(seconds.toFixed(1)),
      },
      // Hundredths are all the precision the figures have.
      (_key, value: unknown) =>
        typeof value === 'number' && !Number.isInteger(value)
          ? Math.round(value * 100) / 100
          : value,
      2,
    )}\n`,
  );
  out();
  const scalingPoints = results.scaling as ScalingPoint[] | undefined;
  if (scalingPoints) {
    await writeChart(
      scalingPoints,
      `Node ${machine.node}, ${machine.cpus} CPUs (${machine.cpuModel})`,
    );
  }
  out(`Wrote ${relative(process.cwd(), resultsPath) || resultsPath} (${seconds.toFixed(0)} s).`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      'npm run bench could not run:',
      error instanceof UsageError ? error.message : error,
    );
    process.exit(1);
  },
);
