// The road to Zapier, run for real: `npm run push`, `zapier-platform validate`
// and `zapier-platform test` against the local stand-in of Zapier's platform
// API (sandbox/zapier-platform.ts). Each command rebuilds dist/ and build/ in
// place, so these tests run one after another in a jest run of their own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip } from '../../scripts/lib/zip';
import { appDefinition, packageJson, root, runIn, useZapierPlatform } from './helpers';

interface VersionChangelog {
  readonly changelog: string;
  readonly appMetadata?: readonly Record<string, string>[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getVersionChangelog } = require('zapier-platform-cli/src/utils/changelog') as {
  getVersionChangelog: (version: string, appDir?: string) => Promise<VersionChangelog>;
};

jest.setTimeout(300_000);

const standIn = useZapierPlatform();

/** The entries of a zip the stand-in received, and a reader for one of them. */
function unzip(data: Buffer): { names: string[]; text: (name: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'uploaded-'));
  try {
    writeFileSync(join(dir, 'upload.zip'), data);
    const entries = readZip(join(dir, 'upload.zip'));
    const texts = new Map(
      entries.map((e) => [e.name, e.isDirectory ? '' : e.data().toString('utf8')]),
    );
    return { names: entries.map((e) => e.name), text: (name) => texts.get(name) ?? '' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { version } = packageJson;
const versionPath = (appId: number): string =>
  `/api/platform/cli/apps/${appId}/versions/${version}`;

describe('npm run push', () => {
  it('checks the definition it is about to upload, prints warnings, then uploads the built zips', async () => {
    const { platform, env } = standIn();
    platform.answerChecksWith({
      warnings: [{ tag: 'D012', message: 'Trigger "video" has no static sample.', key: 'video' }],
      suggestions: [{ tag: 'S001', message: 'Consider a search for "video".', key: 'video' }],
    });
    const requestsBefore = platform.requests.length;

    const run = await runIn(env, 'npm', ['run', 'push']);

    expect(run.output).toContain('0 failed · 1 publishing warnings · 1 general warnings');
    expect(run.output).toContain(
      '⚠ Publishing Tasks · triggers.video: Trigger "video" has no static sample. (D012)',
    );
    expect(run.output).toContain(
      '⚠ General Tasks · triggers.video: Consider a search for "video". (S001)',
    );
    expect(run.code).toBe(0);

    const requests = platform.requests.slice(requestsBefore);
    const appPath = `/api/platform/cli/apps/${platform.appId}`;
    expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `GET ${appPath} 200`, // the check finds the linked app,
      'POST /api/platform/cli/check 200', // checks this app's version,
      `GET ${appPath} 200`, // upload finds the app again,
      `PUT ${versionPath(platform.appId)} 200`, // and uploads.
    ]);
    for (const request of requests)
      expect(request.headers['x-deploy-key']).toBe(platform.deployKey);

    const definition = await appDefinition();
    const check = platform.checks.at(-1);
    expect(check).toEqual({
      appId: platform.appId,
      version,
      definition,
      withDeployKey: true,
    });

    expect(platform.uploads).toHaveLength(1);
    const [upload] = platform.uploads;
    expect(upload?.version).toBe(version);
    expect(upload?.skipValidation).toBe(false);
    const build = unzip(upload?.zipFile ?? Buffer.alloc(0));
    expect(build.names).toEqual(
      expect.arrayContaining(['zapierwrapper.js', 'index.js', 'definition.json', 'package.json']),
    );
    expect(JSON.parse(build.text('definition.json'))).toEqual(definition);
    expect(build.names.filter((name) => name.startsWith('dist/')).length).toBeGreaterThan(10);
    const packagesInZip = new Set(
      build.names.flatMap((name) => {
        const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(name);
        return match?.[1] ? [match[1]] : [];
      }),
    );
    expect(packagesInZip).toContain('zapier-platform-core');
    for (const devDependency of Object.keys(packageJson.devDependencies))
      expect(packagesInZip).not.toContain(devDependency);

    const source = unzip(upload?.sourceZipFile ?? Buffer.alloc(0));
    expect(source.names).toEqual(
      expect.arrayContaining(['src/index.ts', 'package.json', 'CHANGELOG.md']),
    );
    expect(source.names.some((name) => name.startsWith('node_modules/'))).toBe(false);
  });

  it('stops before uploading when the checks report an error, and shows it', async () => {
    const { platform, env } = standIn();
    platform.answerChecksWith({
      errors: [
        {
          tag: 'D010',
          message: 'Sample for "send_pdf" has no "id".',
          type: 'write',
          key: 'send_pdf',
        },
      ],
      warnings: [
        { tag: 'D021', message: 'Description should start with "Triggers when".', key: 'pdf' },
      ],
    });
    const requestsBefore = platform.requests.length;
    const uploadsBefore = platform.uploads.length;

    // Push's last step on the zips the test above built: the build before it is the same.
    const run = await runIn(env, process.execPath, ['dist-tools/scripts/push.js']);

    expect(platform.requests.slice(requestsBefore).map((r) => r.method)).not.toContain('PUT');
    expect(platform.uploads).toHaveLength(uploadsBefore);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('1 failed');
    expect(run.output).toContain(
      '✗ Errors · creates.send_pdf: Sample for "send_pdf" has no "id". (D010)',
    );
    expect(run.output).toContain(
      '⚠ Publishing Tasks · triggers.pdf: Description should start with "Triggers when". (D021)',
    );
    expect(run.output).toContain('✗ Not uploaded');
  });
});

describe('zapier-platform promote, as the release workflow runs it', () => {
  it('sends the changelog entry and the operations it names; --yes goes past warnings', async () => {
    const { platform, env } = standIn();
    platform.answerChecksWith({});
    if (!platform.uploads.some((upload) => upload.version === version)) {
      expect((await runIn(env, 'npm', ['run', 'push'])).code).toBe(0);
    }
    platform.warnOnPromote(['This version removes nothing, but is a test warning.']);
    const promotionsBefore = platform.promotions.length;

    const run = await runIn(env, 'npx', ['zapier-platform', 'promote', version, '--yes']);

    expect(run.output).toContain(`Changelog found for ${version}`);
    expect(run.output).toContain('This version removes nothing, but is a test warning.');
    expect(run.output).toContain('Promotion successful!');
    expect(run.code).toBe(0);
    const { changelog, appMetadata } = await getVersionChangelog(version, root);
    const job = {
      name: 'promote',
      to_version: version,
      changelog,
      app_metadata: appMetadata,
      is_feature_update: true,
      is_bugfix: true,
      is_other: false,
    };
    expect(platform.promotions.slice(promotionsBefore)).toEqual([
      { stage: 'pre-check', job: expect.objectContaining(job) },
      { stage: 'migration', job: expect.objectContaining(job) },
    ]);
    // The changelog names the operations the release changed, by kind.
    expect(appMetadata).toEqual(
      expect.arrayContaining([
        { app_change_type: 'FEATURE_UPDATE', action_key: 'send_video', action_type: 'write' },
        { app_change_type: 'BUGFIX', action_key: 'delete_contact', action_type: 'read' },
      ]),
    );
  });

  it('refuses a version that was never pushed', async () => {
    const { env } = standIn();
    const run = await runIn(env, 'npx', ['zapier-platform', 'promote', '9.9.9', '--yes']);
    expect(run.code).not.toBe(0);
  });
});

describe('zapier-platform validate, with the integration checks', () => {
  it('compiles the app first (_zapier-build) and passes against the stand-in', async () => {
    const { platform, env } = standIn();
    platform.answerChecksWith({});
    const checksBefore = platform.checks.length;

    const run = await runIn(env, 'npx', ['zapier-platform', 'validate']);

    expect(run.output).toContain('Running _zapier-build script');
    expect(run.output).toContain('This project is structurally sound!');
    expect(run.output).toContain('0 checks failed');
    expect(run.output).toContain('Integration checks passed, no issues found.');
    expect(run.code).toBe(0);
    expect(platform.checks.slice(checksBefore)).toEqual([
      { appId: platform.appId, version, definition: await appDefinition(), withDeployKey: true },
    ]);
  });

  it('exits 0 even when a check fails: why `npm run push` does not chain it before uploading', async () => {
    const { platform, env } = standIn();
    platform.answerChecksWith({ errors: [{ tag: 'D010', message: 'No id.', key: 'video' }] });

    const run = await runIn(env, 'npx', ['zapier-platform', 'validate', '--skip-build']);

    expect(run.output).toContain('1 checks failed');
    expect(run.output).toContain('No id. (D010)');
    expect(run.code).toBe(0);
  });
});

describe('zapier-platform test', () => {
  // CLI 19.1.0's argument parser (oclif) eats the first `--`, and the command
  // forwards only what follows a second one: `zapier-platform test -- -- <args>`.
  it('runs the integration checks, then npm test with the jest arguments in every jest run', async () => {
    const { platform, env } = standIn();
    platform.answerChecksWith({});
    const checksBefore = platform.checks.length;

    // `npm test`'s pretest (build, lint, zip) already ran for this very run:
    // ignore-scripts skips it, and skips nothing else.
    const run = await runIn({ ...env, npm_config_ignore_scripts: 'true' }, 'npx', [
      'zapier-platform',
      'test',
      '--',
      '--',
      'test/unit/runtime.test.ts',
    ]);

    expect(run.output).toContain('0 checks failed');
    expect(run.output).toContain('npm run --silent test -- test/unit/runtime.test.ts');
    expect(run.output).toMatch(/PASS unit test\/unit\/runtime\.test\.ts/);
    expect(run.output).toMatch(/Tests: +3 passed, 3 total/);
    // The e2e and platform runs got the path too, so they found nothing to run.
    expect(run.output.match(/No tests found, exiting with code 0/g)).toHaveLength(2);
    expect(run.code).toBe(0);
    expect(platform.checks.length).toBe(checksBefore + 1);
  });
});
