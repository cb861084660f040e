// Runs build/build.zip as Zapier runs it: unpacked into a temporary folder, its
// zapierwrapper.js handler called in a fresh Node process (lambda-driver.cjs) with Lambda-style
// events.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractZip, type ZipEntry } from '../../scripts/lib/zip';

const root = join(__dirname, '..', '..');
const driver = join(root, 'test', 'support', 'lambda-driver.cjs');

export interface Outcome {
  readonly ok: boolean;
  readonly results?: unknown;
  /** The error's type and message, as core hands them to Zapier. */
  readonly name?: string;
  readonly message?: string;
  /** The process's peak resident memory so far, in bytes. */
  readonly maxRssBytes: number;
  /** How long the handler call took, in milliseconds. */
  readonly ms: number;
  /** The lines the call wrote with z.console.log: the developers' log of the run. */
  readonly logs: string[];
}

/** Calls the handler once per event, in order, in one fresh process with a clean environment. */
export function invoke(dir: string, events: readonly object[]): Promise<Outcome[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [driver, dir],
      {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
        maxBuffer: 64 * 1024 * 1024,
        // Within the tests' 60 s, so a hung process is ended, not left running.
        timeout: 50_000,
      },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`driver failed: ${error.message}\n${stderr}`));
        const results = stdout.split('\n').filter((line) => line.startsWith('RESULT '));
        resolve(results.map((line) => JSON.parse(line.slice('RESULT '.length)) as Outcome));
      },
    );
    child.stdin?.end(JSON.stringify(events));
  });
}

/** A failure's type, and the code of a plain error (core hands its message over as JSON). */
export function failureOf(outcome: Outcome | undefined): { type?: string; code?: string } {
  if (outcome?.ok !== false) return { type: 'none: it succeeded' };
  if (outcome.name !== 'AppError') return { type: outcome.name };
  const { code } = JSON.parse(outcome.message ?? '') as { code?: string };
  return { type: 'AppError', code };
}

/** build.zip unpacked into a temporary folder, and a way to remove it. */
export function unpackZip(): { dir: string; entries: ZipEntry[]; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'crmgrow-zip-'));
  const entries = extractZip(join(root, 'build', 'build.zip'), dir);
  return { dir, entries, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
