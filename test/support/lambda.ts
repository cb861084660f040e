// Runs build/build.zip as Zapier runs it: unpacked into a temporary folder, its
// zapierwrapper.js handler called in a fresh Node process (lambda-driver.cjs) with Lambda-style
// events.
import AdmZip from 'adm-zip';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** build.zip unpacked into a temporary folder, the names of its files, and a way to remove it. */
export function unpackZip(): { dir: string; files: string[]; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'crmgrow-zip-'));
  const zip = new AdmZip(join(root, 'build', 'build.zip'));
  zip.extractAllTo(dir);
  const files = zip.getEntries().filter((entry) => !entry.isDirectory);
  return {
    dir,
    files: files.map((entry) => entry.entryName),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The files at build.zip's root: the entry points, and the definition the CLI wrote. */
export const ZIP_ROOT = ['zapierwrapper.js', 'index.js', 'package.json', 'definition.json'];

/**
 * The files of a zip that are not the app's nor a production package's: of any other package,
 * the CLI may keep its package.json alone, for module resolution. The lock file marks every
 * package installed for development alone, direct or not.
 */
export function notForProduction(files: readonly string[]): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  /** The installed package a file belongs to: its innermost node_modules folder's package. */
  const packageOf = (file: string) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
  const isProduction = (path = '') => path in lock.packages && !lock.packages[path]?.dev;
  return files.filter((file) =>
    file.startsWith('node_modules/')
      ? !file.endsWith('/package.json') && !isProduction(packageOf(file))
      : !file.startsWith('dist/') && !ZIP_ROOT.includes(file),
  );
}
