// The unit tests' environment under `npm run mutation` only. Once a test fails
// with a mutant active, that mutant is killed: the rest of its run is skipped
// (jest has no bail that Stryker can use). A surviving mutant still runs every
// test that covers it, so no result changes; only killed mutants end sooner.
const { TestEnvironment } = require('jest-environment-node');

/** The mutant whose run has a failed test; one per run, so this module's state is enough. */
let killed;

class StrykerBailEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
    if (!mutant) return;
    if (event.name === 'test_start' && killed === mutant) event.test.mode = 'skip';
    if (event.name === 'test_done' && event.test.errors.length > 0) killed = mutant;
  }
}

module.exports = StrykerBailEnvironment;
