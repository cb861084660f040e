// The unit tests' environment under `npm run mutation` only (see docs/testing.md).
// 1. In Stryker's first run (no mutant active) it records which test files
//    reach each mutant, for stryker-filter.cjs to load only those files.
// 2. Once a test fails with a mutant active, that mutant is killed: the rest
//    of its run is skipped (jest has no bail that Stryker can use).
// A surviving mutant still runs every test that reaches it, so no result
// changes; runs only end sooner.
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const { TestEnvironment } = require('jest-environment-node');
const { COVERING_FILES } = require('./stryker-filter.cjs');

/** The mutant whose run has a failed test; one run at a time per process. */
let killed;
/** Mutant id → the test files whose loading or tests reached it. */
const covering = {};

/** Every [mutant id, hits] of Stryker's coverage counters, static and per test. */
const hitsOf = (coverage) =>
  coverage
    ? [coverage.static, ...Object.values(coverage.perTest)].flatMap((hits) => Object.entries(hits))
    : [];

class StrykerEnvironment extends TestEnvironment {
  #testPath;
  #before = new Map();

  constructor(config, context) {
    super(config, context);
    this.#testPath = context.testPath;
  }

  #coverage() {
    const namespace = this.global.__strykerGlobalNamespace__ ?? '__stryker__';
    return this.global[namespace]?.mutantCoverage;
  }

  async setup() {
    await super.setup();
    if (process.env.__STRYKER_ACTIVE_MUTANT__) return;
    for (const [id, hits] of hitsOf(this.#coverage())) {
      this.#before.set(id, (this.#before.get(id) ?? 0) + hits);
    }
  }

  async teardown() {
    if (!process.env.__STRYKER_ACTIVE_MUTANT__) {
      const after = new Map();
      for (const [id, hits] of hitsOf(this.#coverage())) after.set(id, (after.get(id) ?? 0) + hits);
      for (const [id, hits] of after) {
        if (hits > (this.#before.get(id) ?? 0)) (covering[id] ??= []).push(this.#testPath);
      }
      mkdirSync(dirname(COVERING_FILES), { recursive: true });
      writeFileSync(COVERING_FILES, JSON.stringify(covering));
    }
    await super.teardown();
  }

  async handleTestEvent(event) {
    const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
    if (!mutant) return;
    if (event.name === 'test_start' && killed === mutant) event.test.mode = 'skip';
    if (event.name === 'test_done' && event.test.errors.length > 0) killed = mutant;
  }
}

module.exports = StrykerEnvironment;
