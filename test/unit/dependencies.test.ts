// Every development dependency earns its place in docs/dependencies.md, and no
// copy of form-data in the lock file is below the fixed 4.0.6.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
  overrides: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};
const page = readFileSync(join(root, 'docs', 'dependencies.md'), 'utf8');

/** The packages the page's table names, one a row: `| \`name\` | why |`. */
const documented = [...page.matchAll(/^\| `([^`]+)` +\| (.+) \|$/gm)].map(([, name, why]) => ({
  name,
  why: why?.trim() ?? '',
}));

const atLeast = (version: string, floor: readonly number[]): boolean => {
  const parts = version.split('.').map(Number);
  const first = floor.findIndex((part, i) => (parts[i] ?? 0) !== part);
  return first === -1 || (parts[first] ?? 0) > (floor[first] ?? 0);
};

describe('dependencies', () => {
  it('docs/dependencies.md says why each development dependency is there, and names no other', () => {
    expect(documented.map((row) => row.name).sort()).toEqual(
      Object.keys(packageJson.devDependencies).sort(),
    );
    for (const row of documented) expect(row.why.length).toBeGreaterThan(10);
  });

  it('overrides form-data to 4.0.6 or later, and the lock file holds no older copy', () => {
    expect(packageJson.overrides['form-data']).toBe('^4.0.6');
    const copies = Object.entries(lock.packages).filter(([path]) =>
      /(^|\/)node_modules\/form-data$/.test(path),
    );
    expect(copies.length).toBeGreaterThan(0);
    for (const [path, { version = '' }] of copies) {
      expect({ path, version, fixed: atLeast(version, [4, 0, 6]) }).toEqual({
        path,
        version,
        fixed: true,
      });
    }
  });
});
