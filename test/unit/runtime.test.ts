// Zapier runs zapier-platform-core 19 on Node 22: the tests run on it, and the project
// installs it (the `node` development dependency) and moves core and the CLI together.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

it('runs on Node 22, the Node it declares and installs', () => {
  expect(process.versions.node.split('.')[0]).toBe('22');
  expect(pkg.engines.node).toBe('>=22');
  expect(pkg.devDependencies.node?.split('.')[0]).toBe('22');
});

it('pins zapier-platform-core and the CLI to one version', () => {
  expect(pkg.dependencies['zapier-platform-core']).toMatch(/^\d+\.\d+\.\d+$/);
  expect(pkg.devDependencies['zapier-platform-cli']).toBe(pkg.dependencies['zapier-platform-core']);
});
