// Starts a bench child (scripts/bench/child/) in a fresh Node process and
// reads the figures it reports.
import { spawn } from 'node:child_process';
import { basename, join } from 'node:path';
import { figuresIn } from './child/protocol';

const CHILD_TIMEOUT_MS = 60_000;

/** The compiled child scripts, beside this file in dist-tools/. */
export const CHILD = {
  coldStart: join(__dirname, 'child', 'cold-start.js'),
  zipRun: join(__dirname, 'child', 'zip-run.js'),
  floor: join(__dirname, 'child', 'floor.js'),
  coreRun: join(__dirname, 'child', 'core-run.js'),
} as const;

export interface ChildRun {
  readonly figures: Record<string, unknown>;
  /** Spawn to exit, as the parent saw it. */
  readonly wallMs: number;
}

/** Runs a compiled bench child in a fresh Node with a clean environment. */
export function runChild(script: string, args: readonly string[], stdin = ''): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [script, ...args], {
      // Nothing of the project's environment leaks into the "Lambda".
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      const figures = figuresIn(stdout);
      if (code === 0 && figures) resolve({ figures, wallMs });
      else
        reject(
          new Error(
            `${basename(script)} ${args.join(' ')} ended with ${code ?? signal}: ` +
              `${stderr.trim().split('\n')[0] || 'no figures'}`,
          ),
        );
    });
    // A child that dies before reading its input is reported by 'close', not as EPIPE here.
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
  });
}

export function numberIn(figures: Record<string, unknown>, key: string): number {
  const value = figures[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(`a child reported no number for ${key}`);
  }
  return value;
}
