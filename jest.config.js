// Unit tests run with nock and no network; end-to-end tests talk to the
// local sandbox over loopback HTTP and never load nock. `npm test` runs the two
// projects in separate jest runs: core patches Node's http module for the whole
// worker process when the app runs through its Lambda handler (as the e2e
// harness does), and nock must not meet that patch in a reused worker.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] };
// Stryker's sandboxes (npm run mutation) hold a copy of the project.
const modulePathIgnorePatterns = ['<rootDir>/.stryker-tmp/'];

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      modulePathIgnorePatterns,
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/nock-setup.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      modulePathIgnorePatterns,
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    },
  ],
};
