// Jest's test-file filter under `npm run mutation` only: with a mutant active,
// only the test files that reached it in Stryker's first run are loaded (as
// recorded by stryker-environment.cjs). Without a record, every file runs.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * In the project's reports/, where Stryker's other output goes. Both modules
 * are loaded from the project, not from Stryker's sandboxes (stryker.config.mjs).
 */
const COVERING_FILES = join(__dirname, '..', '..', 'reports', 'stryker-covering-test-files.json');

let covering;

function filter(testPaths) {
  const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
  if (mutant) {
    try {
      covering ??= JSON.parse(readFileSync(COVERING_FILES, 'utf8'));
    } catch {
      covering = {};
    }
    const files = new Set(covering[mutant] ?? []);
    const chosen = testPaths.filter((path) => files.has(path));
    if (chosen.length > 0) return { filtered: chosen };
  }
  return { filtered: testPaths };
}

module.exports = filter;
module.exports.COVERING_FILES = COVERING_FILES;
