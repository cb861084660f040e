// `npm test`: jest once per project, in order, each in a process of its own,
// with any arguments given (`npm test -- <args>`, `zapier-platform test --
// <args>`) passed to every run.
//
// Separate runs, not one jest with three projects: core patches Node's http
// module for the whole worker when the app runs through its Lambda handler
// (e2e), which nock (unit) must never meet; and the platform tests rebuild
// dist/ and build/ in place, which nothing else may be reading meanwhile.
import { spawnSync } from 'node:child_process';

export const PROJECTS = ['unit', 'e2e', 'platform'] as const;

/** The jest arguments of each run. */
export function jestRuns(args: readonly string[]): string[][] {
  // Arguments usually narrow the run (a path, -t): a project with no match is not a failure.
  const narrowed = args.length > 0 ? ['--passWithNoTests'] : [];
  // --selectProjects last: it takes every word after it as a project name.
  return PROJECTS.map((project) => [...narrowed, ...args, '--selectProjects', project]);
}

function main(args: readonly string[]): number {
  const jest = require.resolve('jest/bin/jest');
  // Pretest has type-checked every test (`npm run typecheck`): jest need not
  // check them again (see jest.config.js).
  const env = { ...process.env, JEST_TRANSPILE_ONLY: '1' };
  for (const run of jestRuns(args)) {
    const { status, error } = spawnSync(process.execPath, [jest, ...run], {
      stdio: 'inherit',
      env,
    });
    if (error) throw error;
    if (status !== 0) return status ?? 1;
  }
  return 0;
}

if (require.main === module) process.exit(main(process.argv.slice(2)));
