// `npm run push`, after `npm run build:zapier` has built the zips: Zapier's integration
// checks on the definition about to be uploaded, then the upload, or no upload at all.
//
// `zapier-platform validate` prints failed checks but exits 0, so chaining it before
// `upload` uploads anyway; `zapier-platform push` does stop, but builds by copying the whole
// development node_modules (EMFILE here). So this asks the check service through the CLI's
// own client (the request `validate` makes, with the same credentials and linked app),
// stops on an error, and otherwise uploads with the function `zapier-platform upload` runs.
import { join } from 'node:path';
import { readZip } from './lib/zip';
import { missingForPush } from './lib/zapier-link';

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
const { buildAndOrUpload } = require('zapier-platform-cli/src/utils/build') as {
  buildAndOrUpload: (what: { readonly upload: true }, options: object) => Promise<void>;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const out = (line = ''): void => void process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const missing = missingForPush(process.env, process.cwd());
  for (const line of missing) process.stderr.write(`✗ ${line}\n`);
  if (missing.length > 0) return 1;

  // The definition inside build/build.zip: exactly what the upload sends.
  const entry = readZip(join('build', 'build.zip')).find((e) => e.name === 'definition.json');
  if (!entry)
    throw new Error('build/build.zip has no definition.json: run `npm run build:zapier`.');
  const definition = JSON.parse(entry.data().toString('utf8')) as { version: string };

  out(`\n▸ Zapier's integration checks on version ${definition.version}`);
  const result = await validateApp(definition);
  const failures = (group?: CheckGroup): number => group?.total_failures ?? 0;
  out(
    `  ${result.passes?.length ?? 0} passed · ${failures(result.errors)} failed · ` +
      `${failures(result.warnings)} publishing warnings · ${failures(result.suggestions)} general warnings`,
  );
  const errorLabel = result.errors?.display_label ?? 'Errors';
  for (const issue of flattenCheckResult(result)) {
    const mark = issue.category === errorLabel ? '✗' : '⚠';
    out(`  ${mark} ${issue.category} · ${issue.method}: ${issue.description}`);
    out(`      ${issue.link}`);
  }
  if (failures(result.errors) > 0) {
    out('\n✗ Not uploaded: fix the checks marked ✗, then run `npm run push` again.');
    return 1;
  }

  out(`\n▸ Uploading build/build.zip and build/source.zip as version ${definition.version}`);
  await buildAndOrUpload({ upload: true }, {});
  out(`\n✓ Uploaded version ${definition.version}. It stays private until promoted.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // fetch says only "fetch failed" when Zapier cannot be reached: its cause says why.
    const { message, cause } = error instanceof Error ? error : new Error(String(error));
    const code = (cause as { code?: unknown } | undefined)?.code;
    process.stderr.write(`✗ ${message}${typeof code === 'string' ? ` (${code})` : ''}\n`);
    process.exit(1);
  },
);
