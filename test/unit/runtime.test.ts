import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Zapier runs core 19 on Node 22; the tests must run on the same major.
const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  dependencies: Record<string, string>;
};

describe('runtime', () => {
  it('runs on Node 22, the runtime Zapier gives zapier-platform-core 19', () => {
    expect(process.versions.node.split('.')[0]).toBe('22');
  });

  it('installs the same Node major it declares', () => {
    expect(pkg.engines.node).toBe('>=22');
    expect(pkg.devDependencies.node?.split('.')[0]).toBe('22');
  });

  it('pins zapier-platform-core and the CLI to the same version', () => {
    expect(pkg.dependencies['zapier-platform-core']).toBe('19.1.0');
    expect(pkg.devDependencies['zapier-platform-cli']).toBe('19.1.0');
  });
});
