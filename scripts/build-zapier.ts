// `npm run build:zapier`: builds build/build.zip and build/source.zip offline.
//
// `zapier-platform build` on the project itself copies the whole dev
// node_modules (EMFILE here) and posts the definition to Zapier's style-check
// endpoint (unreachable here). So we stage the compiled app with production
// dependencies only, validate the schema locally, and let the CLI zip and
// test-load the staged copy with its remote check skipped.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join, relative } from 'node:path';
import { readZip } from './lib/zip';

const root = process.cwd();
const cli = join(root, 'node_modules', '.bin', 'zapier-platform');
// The project's Node 22 first on PATH, as npm scripts have it: the CLI refuses older ones.
const env = {
  ...process.env,
  PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
  DISABLE_ZAPIER_ANALYTICS: '1',
  NO_UPDATE_NOTIFIER: '1',
  // The CLI colours its output even into a pipe or a file: colour for a terminal,
  // or when asked for.
  ...(process.stdout.isTTY || process.env.FORCE_COLOR !== undefined ? {} : { FORCE_COLOR: '0' }),
};
// What runs (index.js, dist/) plus the sources that source.zip is for; the staged
// .gitignore keeps node_modules and dist out of source.zip, not out of build.zip.
const STAGED_FILES = [
  'index.js',
  'package.json',
  'package-lock.json',
  '.zapierapprc',
  '.gitignore',
  'dist',
  'src',
  'tsconfig.json',
  'README.md',
  'CHANGELOG.md',
];

function step(title: string): void {
  process.stdout.write(`\n▸ ${title}\n`);
}

function productionPackages(): string[] {
  const listing = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: root,
    encoding: 'utf8',
    env,
  });
  return listing
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== root);
}

/**
 * The CLI runs the `_zapier-build` script before it reads an app. The staged
 * app is already compiled and has no TypeScript to run it with, so its copy
 * of package.json goes without that script.
 */
function withoutBuildScript(packageJson: string): void {
  const pkg = JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts?: Record<string, string> };
  delete pkg.scripts?.['_zapier-build'];
  writeFileSync(packageJson, `${JSON.stringify(pkg, null, 2)}\n`);
}

function stage(): string {
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    throw new Error('dist/index.js is missing: run `npm run build` first.');
  }
  const dir = mkdtempSync(join(tmpdir(), 'crmgrow-zapier-build-'));
  for (const file of STAGED_FILES) cpSync(join(root, file), join(dir, file), { recursive: true });
  withoutBuildScript(join(dir, 'package.json'));
  const packages = productionPackages();
  for (const pkg of packages) {
    // Nested node_modules are listed (and copied) as packages of their own.
    cpSync(pkg, join(dir, relative(root, pkg)), {
      recursive: true,
      filter: (src) => src === pkg || basename(src) !== 'node_modules',
    });
  }
  process.stdout.write(`  staged the compiled app and ${packages.length} production packages\n`);
  return dir;
}

function main(): void {
  step('Staging the compiled app with production dependencies only');
  const staging = stage();
  try {
    step('Schema validation, locally (zapier-platform validate --without-style)');
    execFileSync(cli, ['validate', '--without-style'], { cwd: staging, env, stdio: 'inherit' });

    step('zapier-platform build --skip-dep-install --skip-validation');
    process.stdout.write(
      "  SKIPPED: Zapier's remote style check, so that this step works offline. Answered\n" +
        '  locally instead by the schema validation above and by the publishing-check tests\n' +
        '  in `npm test` (test/unit/publishing-checks.test.ts). The real check runs in\n' +
        '  `npm run push` (before it uploads) and `npm run validate`.\n',
    );
    execFileSync(cli, ['build', '--skip-dep-install', '--skip-validation'], {
      cwd: staging,
      env,
      stdio: 'inherit',
    });

    const out = join(root, 'build');
    mkdirSync(out, { recursive: true });
    for (const zip of ['build.zip', 'source.zip']) {
      cpSync(join(staging, 'build', zip), join(out, zip));
    }
    const zipPath = join(out, 'build.zip');
    const files = readZip(zipPath).filter((entry) => !entry.isDirectory).length;
    const kib = (statSync(zipPath).size / 1024).toFixed(1);
    step('Done');
    process.stdout.write(
      `  build/build.zip: ${kib} KiB, ${files} files (tested by the CLI's own load)\n`,
    );
    process.stdout.write('  build/source.zip\n');
    // The CLI's build ends with "Now you can upload them with zapier-platform upload":
    // that skips the integration checks, which `npm run push` runs first.
    process.stdout.write(
      '  To upload: `npm run push` (checks, then uploads), not `zapier-platform upload`.\n',
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

main();
