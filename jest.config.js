// The three projects. `npm test` (package.json) runs unit, then every other project but
// platform, then platform, each in a jest process of its own (docs/testing.md says why), so a
// project added here runs with e2e; `npm run test:unit` runs the first.
// ts-jest compiles each file on its own (tsconfig.json's isolatedModules), without
// type checks: `tsc`, the first step of `npm test`, type-checks the whole project.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] };
// Stryker's sandboxes (npm run mutation) hold a copy of the project.
const modulePathIgnorePatterns = ['<rootDir>/.stryker-tmp/'];
const project = (displayName, extra = {}) => ({
  displayName,
  testEnvironment: 'node',
  transform,
  modulePathIgnorePatterns,
  testMatch: [`<rootDir>/test/${displayName}/**/*.test.ts`],
  ...extra,
});

module.exports = {
  // Core's handler ends the process once it has run 250 times with more than 450 MB resident
  // (zapier-platform-core, src/tools/memory-checker.js, KILL_MIN_LIMIT and KILL_MAX_LIMIT), as it
  // would a Lambda. A test file runs the app hundreds of times, so a worker grown past this limit
  // is replaced before its next file.
  workerIdleMemoryLimit: '200MB',
  projects: [
    // Unit tests: nock, and no network.
    project('unit', { setupFilesAfterEnv: ['<rootDir>/test/support/nock-setup.ts'] }),
    // The compiled app and build.zip against the sandbox, over loopback.
    project('e2e'),
    // `npm run push`, the real zapier-platform CLI, against the stand-in of Zapier's platform API.
    project('platform'),
  ],
};
