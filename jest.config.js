// Three projects, each run by `npm test` in a jest process of its own (see
// scripts/test.ts for why): unit tests with nock and no network; end-to-end
// tests against the local sandbox over loopback, which never load nock; and
// the platform tests, which run the real zapier-platform CLI against a local
// stand-in of Zapier's platform API and rebuild dist/ and build/ as they go.
//
// A run type-checks the test code it compiles (test/, through ts-jest's
// language service: tsconfig.jest.json) and fails a file naming the error, so
// a one-file run (`npx jest <file> --selectProjects unit`) reports what
// `npm run typecheck` would about that file and its helpers. It costs about
// 3 s, paid only for a file whose compiled copy is not in jest's cache: one
// just edited, or whose imports changed. `npm test` has type-checked
// everything in pretest, so scripts/test.ts sets JEST_TRANSPILE_ONLY=1: its
// runs compile each file on its own, unchecked (tsconfig.test.json).
const tsJest = process.env.JEST_TRANSPILE_ONLY
  ? { tsconfig: 'tsconfig.test.json' }
  : { tsconfig: 'tsconfig.jest.json', diagnostics: { exclude: [`!${__dirname}/test/**`] } };
const transform = { '^.+\\.ts$': ['ts-jest', tsJest] };
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
