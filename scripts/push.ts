// `npm run push` (after building the zips as `npm run build:zapier` does): Zapier's checks on
// the definition we are about to upload, then the upload, or no upload at all.
// `npm run push -- --snapshot LABEL` uploads the same build as version
// 0.0.0-LABEL instead, as `zapier-platform push --snapshot LABEL` does: a
// preview (the pull-request workflow's), which promote never takes.
//
// `zapier-platform validate` prints failed checks but exits 0, so chaining it
// before `upload` uploads anyway. `zapier-platform push` does stop, but it
// builds by copying the whole development node_modules (EMFILE here). So we
// ask the check service ourselves, through the CLI's own client (same request,
// same credentials, same linked app), stop on errors, and then upload the zips
// build:zapier made with the function the CLI's `upload` and `push` call.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readZip } from './lib/zip';
import { snapshotVersion, unreachableMessage } from './lib/zapier-link';

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
// `upload` runs buildAndOrUpload({ upload: true }); `push --snapshot` passes the version too.
const { buildAndOrUpload } = require('zapier-platform-cli/src/utils/build') as {
  buildAndOrUpload: (
    what: { readonly upload: true },
    options: Record<string, never>,
    snapshotVersion: string | undefined,
  ) => Promise<void>;
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

/** For the run's summary on GitHub: what the preview is and how to try it. */
const previewSummary = (version: string): string =>
  [
    `### Preview: version \`${version}\` is on Zapier`,
    '',
    "- **Try it in a real Zap.** The version is private: only the integration's team sees it. " +
      `In the Zap editor, add a CRMGrow step and choose version \`${version}\` for it.`,
    '- **It follows the pull request.** Each push to the pull request uploads its build ' +
      'again as this version, checks first.',
    '- **It is never released.** Zapier does not promote a labeled version; a release is ' +
      "pushed from package.json's version (see docs/releasing.md).",
    `- **When the pull request is closed**, and no Zap uses it any more: \`npx zapier-platform delete:version ${version}\`.`,
    '',
  ].join('\n');

async function main(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({ args: [...args], options: { snapshot: { type: 'string' } } });
  const snapshot = values.snapshot === undefined ? undefined : snapshotVersion(values.snapshot);
  const definition = builtDefinition();
  const version = snapshot ?? String(definition.version);
  out(`\n▸ Zapier's integration checks on version ${String(definition.version)}`);
  const passed = reportChecks(await validateApp(definition), out);
  if (!passed) {
    out(
      '\n✗ Not uploaded: the checks above marked ✗ block a push. Fix them and run `npm run push` again.',
    );
    return 1;
  }
  out(`\n▸ Uploading build/build.zip and build/source.zip as version ${version}`);
  await buildAndOrUpload({ upload: true }, {}, snapshot);
  out(
    snapshot
      ? `\n✓ Uploaded version ${version}, a preview: private to the integration's team, never promoted.`
      : `\n✓ Uploaded version ${version}. It stays private until promoted.`,
  );
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (snapshot && summary) appendFileSync(summary, previewSummary(snapshot));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      unreachableMessage(error, process.env) ??
      (error instanceof Error ? error.message : String(error));
    process.stderr.write(`✗ ${message}\n`);
    process.exit(1);
  },
);
