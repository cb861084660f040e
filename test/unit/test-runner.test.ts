// `npm test` runs jest once per project; `npm test -- <args>` (and so
// `zapier-platform test -- <args>`) must reach every one of those runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jestRuns, PROJECTS } from '../../scripts/test';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const jestConfig = require(join(__dirname, '..', '..', 'jest.config.js')) as {
  projects: { displayName: string }[];
};

describe('the test runner (scripts/test.ts)', () => {
  it('runs every jest project, in order, with nothing added when no arguments are given', () => {
    expect(PROJECTS).toEqual(jestConfig.projects.map((project) => project.displayName));
    expect(jestRuns([])).toEqual([
      ['--selectProjects', 'unit'],
      ['--selectProjects', 'e2e'],
      ['--selectProjects', 'platform'],
    ]);
  });

  it('passes the arguments to every run, before --selectProjects, which would swallow them', () => {
    expect(jestRuns(['-t', 'auth pass', 'test/unit/auth.test.ts'])).toEqual(
      PROJECTS.map((project) => [
        '--passWithNoTests',
        '-t',
        'auth pass',
        'test/unit/auth.test.ts',
        '--selectProjects',
        project,
      ]),
    );
  });

  it('is what `npm test` runs', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.test).toBe('node dist-tools/scripts/test.js');
  });
});
