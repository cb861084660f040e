// `npm test`: every step in two lanes that run side by side, one for each of the machine's
// two cores. A lane runs its steps in order. Steps that share files share a lane: `build:zip`
// (the CLI's build, in place) and the platform tests rebuild dist/ and build/, which the
// end-to-end tests read; the other lane reads neither. Each jest project runs in a process of
// its own: core patches Node's http module for the whole process when the app runs through
// its Lambda handler (e2e), which nock (unit) must never meet. A step's output is printed
// whole when it ends, so the lanes never interleave; after a failure no lane starts another.
//
// Node runs this file as it is, stripping the types, so that it needs no compiling first:
// it holds only TypeScript that strips away, and imports only Node's own modules.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const load = createRequire(join(process.cwd(), 'package.json'));

interface Step {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

const npmRun = (script: string): Step => ({
  name: script,
  command: 'npm',
  args: ['run', '--silent', script],
});
const jest = (project: string): Step => ({
  name: `jest ${project}`,
  command: process.execPath,
  args: [load.resolve('jest/bin/jest'), '--selectProjects', project],
});

const LANES: readonly (readonly Step[])[] = [
  [npmRun('build:zip'), jest('e2e'), jest('platform')],
  [{ name: 'tsc', command: 'tsc', args: [] }, npmRun('lint'), jest('unit')],
];

interface Outcome {
  readonly step: Step;
  readonly code: number | null;
  readonly seconds: number;
}

function run(step: Step): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(step.command, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The CLI asks npm for its updates and sends usage analytics to Zapier unless told not to.
      env: { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1', NO_UPDATE_NOTIFIER: '1' },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(
        `\n▸ ${step.name}: ${code === 0 ? 'passed' : 'FAILED'}, ${seconds.toFixed(1)} s\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve({ step, code, seconds });
    });
  });
}

async function main(args: readonly string[]): Promise<number> {
  if (args.length > 0) {
    process.stderr.write(
      'npm test takes no arguments. One test file: npx jest <file>; ' +
        'the unit tests alone: npm run test:unit -- <jest arguments>.\n',
    );
    return 2;
  }
  // A jest project missing here would never run, and npm test would still pass.
  const config = load('./jest.config.js') as {
    projects: { displayName: string }[];
  };
  const planned = LANES.flat().map((step) => step.name);
  const missing = config.projects.filter((p) => !planned.includes(`jest ${p.displayName}`));
  if (missing.length > 0) throw new Error(`scripts/test.mts runs no ${missing[0]?.displayName}`);

  let failed = false;
  const outcomes: Outcome[] = [];
  await Promise.all(
    LANES.map(async (lane) => {
      for (const step of lane) {
        if (failed) return;
        const outcome = await run(step);
        outcomes.push(outcome);
        if (outcome.code !== 0) failed = true;
      }
    }),
  );
  process.stdout.write('\n');
  for (const { step, code, seconds } of outcomes) {
    const mark = code === 0 ? '✓' : '✗';
    process.stdout.write(`${mark} ${step.name.padEnd(16)} ${seconds.toFixed(1).padStart(5)} s\n`);
  }
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
