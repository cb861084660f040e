// Mutation testing of the rules the app keeps as module-level constants (codes, caps, sizes,
// patterns, tables), with the mutants Stryker calls static counted: `npm run mutation:static`.
// Each static mutant runs every unit test, so this run names only the files that hold such rules;
// docs/testing.md has its latest score and the survivors named equivalent.
import base from './stryker.config.mjs';

export default {
  ...base,
  ignoreStatic: false,
  mutate: ['src/http/errors.ts', 'src/config.ts', 'src/triggers/new-item.ts', 'src/lib/size.ts'],
  incrementalFile: 'reports/stryker-static-incremental.json',
};
