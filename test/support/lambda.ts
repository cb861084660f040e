// Runs build/build.zip as Zapier runs it: unpacked into a temporary folder,
// its zapierwrapper.js handler called in a fresh Node process (see
// lambda-driver.cjs) with Lambda-style events.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractZip, type ZipEntry } from '../../scripts/lib/zip';

const root = join(__dirname, '..', '..');
export const zipPath = join(root, 'build', 'build.zip');
const driver = join(root, 'test', 'support', 'lambda-driver.cjs');

export interface Outcome {
  ok: boolean;
  results?: unknown;
  name?: string;
  message?: string;
  /** The driver process's peak resident memory so far, in bytes. */
  maxRssBytes?: number;
  /** How long the handler call took, in milliseconds. */
  ms?: number;
  /** The lines the call wrote with z.console.log (Zapier's log of the run). */
  logs?: string[];
}

/**
 * Calls the handler once per event, in order, in one fresh process. The
 * events may come as their JSON text: a value nested a few thousand levels
 * deep is past what JSON.stringify can write.
 */
export function invoke(dir: string, events: readonly object[] | string): Promise<Outcome[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [driver, dir],
      // A clean environment: nothing of the project's leaks into the "Lambda".
      {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
        timeout: 50_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`driver failed: ${error.message}\n${stderr}`));
        else
          resolve(
            stdout
              .split('\n')
              .filter((line) => line.startsWith('RESULT '))
              .map((line) => JSON.parse(line.slice('RESULT '.length)) as Outcome),
          );
      },
    );
    child.stdin?.end(typeof events === 'string' ? events : JSON.stringify(events));
  });
}

/** The message a Zap builder reads: core wraps app errors as JSON, and appends what it ran. */
export const userMessage = (outcome: Outcome): string => {
  try {
    return (JSON.parse(outcome.message ?? '') as { message: string }).message;
  } catch {
    return (outcome.message ?? '').split(/\nWhat happened:|\n\nConsole logs:/)[0] ?? '';
  }
};

/** build.zip unpacked into a temporary folder, and a way to remove it. */
export function unpackZip(): { dir: string; entries: ZipEntry[]; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'crmgrow-artifact-'));
  const entries = extractZip(zipPath, dir);
  return { dir, entries, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
