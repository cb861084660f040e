// Running the real zapier-platform CLI (and npm scripts that call it) against
// the local stand-in of Zapier's platform API, linked to the stand-in's app
// through a temporary copy of .zapierapprc: the project's own files are
// never changed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import * as core from 'zapier-platform-core';
import { loadCompiledApp } from '../../sandbox/harness';
import {
  startZapierPlatform,
  type ZapierPlatform,
  type ZapierPlatformOptions,
} from '../../sandbox/zapier-platform';

export const root = join(__dirname, '..', '..');

export interface CommandRun {
  readonly code: number | null;
  /** stdout and stderr, interleaved as they came. */
  readonly output: string;
}

/** Runs `command` in the project with the environment a deploy has, and its output. */
export function runIn(
  env: NodeJS.ProcessEnv,
  command: string,
  args: readonly string[],
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env });
    // Nothing to type: a command that asks a question meets the end of its input.
    child.stdin.end();
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * A stand-in for the enclosing describe block, and the environment that
 * points the CLI at it: its address, its deploy key, and a linked app.
 */
export function useZapierPlatform(
  options: ZapierPlatformOptions = {},
): () => { platform: ZapierPlatform; env: NodeJS.ProcessEnv } {
  let platform: ZapierPlatform | undefined;
  let dir = '';
  let env: NodeJS.ProcessEnv = {};
  beforeAll(async () => {
    platform = await startZapierPlatform(options);
    dir = mkdtempSync(join(tmpdir(), 'zapier-link-'));
    const appRc = join(dir, '.zapierapprc');
    const projectRc = JSON.parse(readFileSync(join(root, '.zapierapprc'), 'utf8')) as object;
    writeFileSync(appRc, JSON.stringify({ ...projectRc, ...platform.linkedApp }, null, 2));
    env = {
      ...process.env,
      ZAPIER_BASE_ENDPOINT: platform.url,
      ZAPIER_DEPLOY_KEY: platform.deployKey,
      ZAPIER_CURRENT_APP_FILE: appRc,
      // Never a developer's own ~/.zapierrc.
      ZAPIER_AUTH_LOCATION: join(dir, 'no-zapierrc'),
      DISABLE_ZAPIER_ANALYTICS: '1',
      NO_UPDATE_NOTIFIER: '1',
      FORCE_COLOR: '0',
    };
  });
  afterAll(async () => {
    await platform?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!platform) throw new Error('the stand-in is not running');
    return { platform, env };
  };
}

type Handler = (event: object, context: object) => Promise<{ results: unknown }>;
const { createAppHandler } = core as unknown as { createAppHandler: (app: object) => Handler };

/** The app's definition as the CLI and Zapier serialise it (core's `definition` command). */
export async function appDefinition(): Promise<unknown> {
  const handler = createAppHandler(loadCompiledApp());
  return (await handler({ command: 'definition' }, {})).results;
}

export const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

interface WorkflowStep {
  readonly name?: string;
  readonly run?: string;
}
export interface Workflow {
  readonly on: Record<string, unknown>;
  readonly env?: Record<string, string>;
  readonly jobs: Record<string, { readonly steps: readonly WorkflowStep[] }>;
}

export const readWorkflow = (file: string): Workflow =>
  parse(readFileSync(join(root, '.github', 'workflows', file), 'utf8')) as Workflow;

/**
 * Runs the `run` script of a workflow's step as GitHub runs it (`shell: bash`),
 * in the project, with `vars` standing in for what the workflow's expressions
 * give (inputs, job outputs, GITHUB_STEP_SUMMARY, …).
 */
export function runStep(
  env: NodeJS.ProcessEnv,
  [file, job, name]: readonly [string, string, string],
  vars: Readonly<Record<string, string>>,
): Promise<CommandRun> {
  const script = readWorkflow(file).jobs[job]?.steps.find((step) => step.name === name)?.run;
  if (script === undefined) throw new Error(`${file} has no step "${name}" in job ${job}`);
  return runIn({ ...env, ...vars }, 'bash', [
    '--noprofile',
    '--norc',
    '-eo',
    'pipefail',
    '-c',
    script,
  ]);
}
