// `npm run push` (after `npm run build:zapier`): Zapier's integration checks on
// the definition we are about to upload, then the upload, or no upload at all.
//
// `zapier-platform validate` prints failed checks but exits 0, so chaining it
// before `upload` uploads anyway. `zapier-platform push` does stop, but it
// builds by copying the whole development node_modules (EMFILE here). So we
// ask the check service ourselves, through the CLI's own client (same request,
// same credentials, same linked app), stop on errors, and then run the CLI's
// `upload` on the zips build:zapier made.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { readZip } from './lib/zip';
import { unreachableMessage } from './lib/zapier-link';

interface CheckGroup {
  readonly display_label?: string;
  readonly total_failures?: number;
}
interface CheckResult {
  readonly passes?: readonly unknown[];
  readonly errors?: CheckGroup;
  readonly warnings?: CheckGroup;
  readonly suggestions?: CheckGroup;
}
interface FlatIssue {
  readonly category: string;
  readonly method: string;
  readonly description: string;
  readonly link: string;
}

// The CLI's own modules (plain CommonJS, no type definitions).
/* eslint-disable @typescript-eslint/no-require-imports */
const { validateApp } = require('zapier-platform-cli/src/utils/api') as {
  validateApp: (definition: unknown) => Promise<CheckResult>;
};
const { flattenCheckResult } = require('zapier-platform-cli/src/utils/display') as {
  flattenCheckResult: (result: CheckResult) => FlatIssue[];
};
/* eslint-enable @typescript-eslint/no-require-imports */

const root = process.cwd();
const out = (line = ''): void => void process.stdout.write(`${line}\n`);

/** The definition inside build/build.zip: exactly what the upload sends. */
function builtDefinition(): Record<string, unknown> {
  const zipPath = join(root, 'build', 'build.zip');
  const entry = readZip(zipPath).find((e) => e.name === 'definition.json');
  if (!entry) throw new Error(`${zipPath} has no definition.json: run \`npm run build:zapier\`.`);
  return JSON.parse(entry.data().toString('utf8')) as Record<string, unknown>;
}

/** Prints the check's findings; true when nothing blocks the upload. */
function reportChecks(result: CheckResult, print: (line?: string) => void): boolean {
  const failures = (group?: CheckGroup): number => group?.total_failures ?? 0;
  const issues = flattenCheckResult(result);
  const errorLabel = result.errors?.display_label ?? 'Errors';
  print(
    `  ${result.passes?.length ?? 0} passed · ${failures(result.errors)} failed · ` +
      `${failures(result.warnings)} publishing warnings · ${failures(result.suggestions)} general warnings`,
  );
  for (const issue of issues) {
    const mark = issue.category === errorLabel ? '✗' : '⚠';
    print(`  ${mark} ${issue.category} · ${issue.method}: ${issue.description}`);
    print(`      ${issue.link}`);
  }
  return failures(result.errors) === 0;
}

async function main(): Promise<number> {
  const definition = builtDefinition();
  out(`\n▸ Zapier's integration checks on version ${String(definition.version)}`);
  const passed = reportChecks(await validateApp(definition), out);
  if (!passed) {
    out(
      '\n✗ Not uploaded: the checks above marked ✗ block a push. Fix them and run `npm run push` again.',
    );
    return 1;
  }
  out('\n▸ zapier-platform upload (build/build.zip and build/source.zip)');
  const upload = spawnSync('zapier-platform', ['upload'], { stdio: 'inherit', env: process.env });
  if (upload.error) throw upload.error;
  return upload.status ?? 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      unreachableMessage(error, process.env) ??
      (error instanceof Error ? error.message : String(error));
    process.stderr.write(`✗ ${message}\n`);
    process.exit(1);
  },
);
