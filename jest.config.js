// Three projects, each run by `npm test` in a jest process of its own (see
// scripts/test.ts for why): unit tests with nock and no network; end-to-end
// tests against the local sandbox over loopback, which never load nock; and
// the platform tests, which run the real zapier-platform CLI against a local
// stand-in of Zapier's platform API and rebuild dist/ and build/ as they go.
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
    {
      displayName: 'platform',
      testEnvironment: 'node',
      transform,
      modulePathIgnorePatterns,
      testMatch: ['<rootDir>/test/platform/**/*.test.ts'],
    },
  ],
};
