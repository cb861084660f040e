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
  projects: [
    // Unit tests: nock, and no network.
    project('unit', { setupFilesAfterEnv: ['<rootDir>/test/support/nock-setup.ts'] }),
    // The compiled app and build.zip against the sandbox, over loopback.
    project('e2e'),
    // `npm run push`, the real zapier-platform CLI, against the stand-in of Zapier's platform API.
    project('platform'),
  ],
};
