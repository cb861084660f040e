// Every development dependency has its reason in docs/dependencies.md, and no copy of
// form-data in the lock file is older than 4.0.6, which fixed a published advisory.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const read = (file: string): string => readFileSync(join(__dirname, '..', '..', file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string }>;
};

it('docs/dependencies.md gives each development dependency, and no other, a reason', () => {
  const rows = [...read('docs/dependencies.md').matchAll(/^\| `([^`]+)` +\| (.{10,}) \|$/gm)];
  expect(rows.map(([, name]) => name).sort()).toEqual(Object.keys(pkg.devDependencies).sort());
});

it('holds every copy of form-data at 4.0.6 or later', () => {
  const copies = Object.entries(lock.packages)
    .filter(([path]) => /(^|\/)node_modules\/form-data$/.test(path))
    .map(([path, { version = '' }]) => {
      const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
      return { path, fixed: major > 4 || (major === 4 && (minor > 0 || patch >= 6)) };
    });
  expect(copies.length).toBeGreaterThan(0);
  expect(copies.filter((copy) => !copy.fixed)).toEqual([]);
});
