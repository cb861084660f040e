// `npm run build:zip` (in `npm test`, `npm run build:zapier` and `npm run push`): builds
// build/build.zip and build/source.zip with `zapier-platform build`, offline.
//
// The CLI's build of the project itself copies the whole development node_modules (EMFILE
// here) and posts the definition to Zapier's check endpoint. So the compiled app is staged
// with the production packages alone, and the CLI builds the staged copy with its checks
// skipped: `npm run push` runs them before it uploads, and `zapier-platform validate`
// (the platform tests) checks the schema. The CLI's build ends by loading the zip it made.
//
// Node runs this file as it is, stripping the types, so that it needs no compiling first:
// it holds only TypeScript that strips away, and imports only Node's own modules.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative, sep } from 'node:path';

const root = process.cwd();
// What runs (index.js, dist/) and the sources that source.zip is for; the staged
// .gitignore keeps node_modules and dist out of source.zip, not out of build.zip.
const STAGED = [
  'index.js',
  'package.json',
  'package-lock.json',
  '.zapierapprc',
  '.gitignore',
  'dist',
  'src',
  'tsconfig.json',
  'tsconfig.app.json',
  'README.md',
  'CHANGELOG.md',
];

/** The installed packages the app needs at run time: the lock file's entries not marked dev. */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.dev)
    .map(([path]) => path)
    .filter((path) => existsSync(join(root, path)));
}

function stage(): string {
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    process.stderr.write('✗ dist/index.js is missing: run `npm run build` first.\n');
    process.exit(1);
  }
  const dir = mkdtempSync(join(tmpdir(), 'crmgrow-zapier-build-'));
  for (const file of STAGED) cpSync(join(root, file), join(dir, file), { recursive: true });
  // The CLI runs the `_zapier-build` script before it reads an app; the staged copy is
  // compiled already and has no TypeScript.
  const pkgFile = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { scripts: Record<string, string> };
  delete pkg.scripts['_zapier-build'];
  writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  // A nested node_modules is a package of its own in the lock file, copied on its own.
  for (const path of productionPackages()) {
    cpSync(join(root, path), join(dir, path), {
      recursive: true,
      filter: (source) => !relative(join(root, path), source).split(sep).includes('node_modules'),
    });
  }
  return dir;
}

const staging = stage();
try {
  execFileSync(
    join(root, 'node_modules', '.bin', 'zapier-platform'),
    ['build', '--skip-dep-install', '--skip-validation'],
    {
      cwd: staging,
      stdio: 'inherit',
      env: {
        ...process.env,
        // The project's Node 22 first, as npm scripts have it: the CLI refuses older ones.
        PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
        DISABLE_ZAPIER_ANALYTICS: '1',
        NO_UPDATE_NOTIFIER: '1',
        // The CLI colours even a pipe: colour for a terminal only.
        ...(process.stdout.isTTY ? {} : { FORCE_COLOR: '0' }),
      },
    },
  );
  mkdirSync(join(root, 'build'), { recursive: true });
  for (const zip of ['build.zip', 'source.zip']) {
    cpSync(join(staging, 'build', zip), join(root, 'build', zip));
  }
  // The CLI's last line says to upload with `zapier-platform upload`, which skips the checks.
  process.stdout.write('To upload: `npm run push`, which checks first.\n');
} finally {
  rmSync(staging, { recursive: true, force: true });
}
