// `npm run bench`: how fast the integration feels to a Zap builder and where
// Zapier's limits are, measured on loopback against the sandbox, no network.
// Runs the measures of scripts/bench/ in order: each prints its table (medians,
// with min and max, of several runs after a warm-up); this main lists the
// findings and writes the same figures to bench/results/latest.json.
// Exits 1 only if a measure could not run; slow figures are findings, not failures.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform, tmpdir, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { version as coreVersion } from 'zapier-platform-core';
import { createInvoker, loadCompiledApp } from '../sandbox/harness';
import { pointAppAt } from '../sandbox/env';
import { startSandbox } from '../sandbox/server';
import { artifact } from './bench/artifact';
import { bulkDeletes, LARGEST_BODY_BYTES } from './bench/bulk-delete';
import { renderScalingSvg } from './bench/chart';
import { coldStart, COLD_RUNS } from './bench/cold-start';
import { LIBRARY, largeAccounts } from './bench/large-accounts';
import { OVERHEAD_RUNS, OVERHEAD_WARM_UPS, overheadPerOperation } from './bench/overhead';
import { failures, findings, mark, out, section } from './bench/report';
import { requestsPerOperation } from './bench/requests';
import { SCALING_RUNS, SCALING_SIZES, scaling, type ScalingPoint } from './bench/scaling';
import { CORE_FLOOR_RUNS, coreFloor } from './bench/core-floor';
import { LIMITS, root, RUNS, zipPath } from './bench/setup';
import { count } from './bench/stats';
import { extractZip } from './lib/zip';

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

async function main(): Promise<number> {
  const started = performance.now();
  const app = loadCompiledApp();
  const cpuList = cpus();
  const machine = {
    node: process.version,
    platform: `${platform()} ${arch()}`,
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
  };
  out(
    `CRMGrow for Zapier ${app.version} · npm run bench · zapier-platform-core ${coreVersion} · ` +
      `Node ${machine.node}`,
  );
  out(
    `${machine.platform}, ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB. ` +
      `Figures are medians, with min and max, of ${RUNS} or more`,
  );
  out(
    'runs after a warm-up, over loopback against the sandbox, on a shared machine: expect ' +
      'noise of ±20 % or more.',
  );

  if (!existsSync(zipPath)) {
    throw new Error('build/build.zip is missing: run `npm run build:zapier` (npm run bench does).');
  }
  const unpacked = mkdtempSync(join(tmpdir(), 'crmgrow-bench-'));
  const sandbox = await startSandbox();
  const restoreEnv = pointAppAt(sandbox);
  const results: Record<string, unknown> = {};
  let scalingPoints: ScalingPoint[] | undefined;
  try {
    extractZip(zipPath, unpacked);
    results.coldStart = await section(
      '1. Cold start: a fresh Node process loading build.zip, against core alone',
      () => coldStart(unpacked),
    );
    results.artifact = await section('2. Artifact: build/build.zip', artifact);
    const invoke = createInvoker(app);
    results.requests = await section(
      '3. Requests per operation (HTTP requests the sandbox received)',
      () => requestsPerOperation(app, invoke, sandbox),
    );
    results.overhead = await section(
      "4. Overhead per operation: through zapier-platform-core, against Node's own fetch",
      () => overheadPerOperation(app, invoke, sandbox),
    );
    results.largeAccounts = await section(
      `5. Large accounts: ${count(LIBRARY)} videos and ${count(LIBRARY)} templates, and a 1 MB webhook`,
      () => largeAccounts(unpacked),
    );
    results.scaling = scalingPoints = await section(
      `6. Scaling: video poll and dropdown from ${count(SCALING_SIZES[0])} to ` +
        `${count(SCALING_SIZES.at(-1) ?? 0)} videos, against the floor (fetch + JSON.parse)`,
      () => scaling(unpacked),
    );
    results.coreFloor = await section(
      '7. The floor an app on core can reach: the video poll against the core floor, fresh and warm',
      () => coreFloor(unpacked),
    );
    results.bulkDelete = await section(
      `8. Bulk delete: a ${LARGEST_BODY_BYTES / 1e6} MB delete_contact webhook fanned out into ` +
        'one item per contact, and a smaller one',
      () => bulkDeletes(unpacked, sandbox),
    );
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
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    resultsPath,
    `${JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        command: 'npm run bench',
        app: { version: app.version, core: coreVersion },
        machine,
        runs: {
          measured: RUNS,
          coldStart: COLD_RUNS,
          overhead: OVERHEAD_RUNS,
          overheadWarmUps: OVERHEAD_WARM_UPS,
          scaling: SCALING_RUNS,
          coreFloor: CORE_FLOOR_RUNS,
        },
        units: { time: 'ms', memory: 'MiB', size: 'bytes' },
        limits: LIMITS,
        ...results,
        findings,
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
    console.error('npm run bench could not run:', error);
    process.exit(1);
  },
);
