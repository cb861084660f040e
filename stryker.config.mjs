// Mutation testing of src/ against the unit tests (`npm run mutation`).
// Not part of `npm test`: a full run takes up to 2 hours on two cores.
// See docs/testing.md.
import { createRequire } from 'node:module';
import { fileURLToPath, URL } from 'node:url';

const require = createRequire(import.meta.url);
// The unit project exactly as `npm test` runs it: one source for both.
const unit = require('./jest.config.js').projects.find((project) => project.displayName === 'unit');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    config: {
      ...unit,
      projects: [],
      // Load only the test files that reach the mutant, and end its run at
      // its first failing test; see the two files.
      testEnvironment: './test/support/stryker-environment.cjs',
      // Absolute, so that both files are loaded from the project: see them.
      filter: fileURLToPath(new URL('test/support/stryker-filter.cjs', import.meta.url)),
    },
  },
  coverageAnalysis: 'perTest',
  mutate: ['src/**/*.ts'],
  // Mutants in module-level constants run only at import time: costly, and
  // mostly caught by the table tests already.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 2,
  // A jest process grows with every mutant it runs (to 4 GB in an hour); a fresh one every 50 keeps
  // the runs from slowing down.
  maxTestRunnerReuse: 50,
  // A mutant that breaks the configuration fails every test, which takes
  // longer than the passing run Stryker times; on a busy machine that was
  // counted a timeout and cost a restart of the test runner. No mutant hangs
  // (Stryker's hit limit stops infinite loops), so a long timeout is cheap.
  timeoutMS: 60000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  // break: the least score the project accepts (docs/testing.md).
  thresholds: { high: 95, low: 90, break: 90 },
};
