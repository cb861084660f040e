// The road to Zapier, run for real: `npm run push` (and its preview, as
// preview.yml runs it), the staged release's steps as release.yml runs them
// (canary, promote, migrate), `zapier-platform validate` and `zapier-platform
// test`, against the local stand-in of Zapier's platform API
// (sandbox/zapier-platform.ts). Commands rebuild dist/ and build/ in place, so
// these tests run one after another, in this one file, in a jest run of their own.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releasePlan } from '../../scripts/lib/releases';
import { readZip } from '../../scripts/lib/zip';
import {
  appDefinition,
  packageJson,
  readWorkflow,
  root,
  runIn,
  runStep,
  useZapierPlatform,
} from './helpers';

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

/** A file GitHub gives a step ($GITHUB_STEP_SUMMARY, $GITHUB_OUTPUT), and what the step wrote. */
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
function stepFile(name: string): { path: string; text: () => string } {
  const dir = mkdtempSync(join(tmpdir(), 'github-'));
  scratch.push(dir);
  const path = join(dir, name);
  writeFileSync(path, '');
  return { path, text: () => readFileSync(path, 'utf8') };
}

const line = (r: { method: string; path: string; status: number }): string =>
  `${r.method} ${r.path} ${r.status}`;

describe('the preview of a pull request (preview.yml)', () => {
  const PUSH_PREVIEW = ['preview.yml', 'preview', 'Push the preview'] as const;

  it('checks the build, uploads it as 0.0.0-pr<number>, and says in the summary how to try it', async () => {
    const { platform, env } = standIn();
    platform.answerChecksWith({});
    const summary = stepFile('summary.md');
    const requestsBefore = platform.requests.length;

    const run = await runStep(env, PUSH_PREVIEW, {
      PR_NUMBER: '7',
      GITHUB_STEP_SUMMARY: summary.path,
    });

    expect(run.output).toContain(
      "✓ Uploaded version 0.0.0-pr7, a preview: private to the integration's team, never promoted.",
    );
    expect(run.code).toBe(0);
    const appPath = `/api/platform/cli/apps/${platform.appId}`;
    expect(platform.requests.slice(requestsBefore).map(line)).toEqual([
      `GET ${appPath} 200`,
      'POST /api/platform/cli/check 200',
      `GET ${appPath} 200`,
      `PUT ${appPath}/versions/0.0.0-pr7 200`,
    ]);
    // As `zapier-platform push --snapshot` does: the checks and the zip hold the
    // definition as it is, package.json's version included; the upload names the snapshot.
    const definition = await appDefinition();
    expect(platform.checks.at(-1)).toEqual({
      appId: platform.appId,
      version,
      definition,
      withDeployKey: true,
    });
    const upload = platform.uploads.at(-1);
    expect(upload?.version).toBe('0.0.0-pr7');
    expect(JSON.parse(unzip(upload?.zipFile ?? Buffer.alloc(0)).text('definition.json'))).toEqual(
      definition,
    );
    expect(summary.text()).toContain('### Preview: version `0.0.0-pr7` is on Zapier');
    expect(summary.text()).toContain('choose version `0.0.0-pr7` for it');
    expect(summary.text()).toContain('`npx zapier-platform delete:version 0.0.0-pr7`');
  });

  it('refuses a label longer than the CLI takes, before any request', async () => {
    const { platform, env } = standIn();
    const requestsBefore = platform.requests.length;

    // The last step of `npm run push`, on the build the test above made.
    const run = await runIn(env, 'node', [
      'dist-tools/scripts/push.js',
      '--snapshot',
      'pr1234567890X',
    ]);

    expect(run.output).toContain('✗ --snapshot "pr1234567890X" is not a label Zapier takes');
    expect(run.code).toBe(1);
    expect(platform.requests.length).toBe(requestsBefore);
  });
});

describe('zapier-platform promote', () => {
  it('sends the changelog entry and the operations it names; --yes goes past warnings', async () => {
    const { platform, env } = standIn();
    platform.answerChecksWith({});
    if (!platform.uploads.some((upload) => upload.version === version)) {
      expect((await runIn(env, 'npm', ['run', 'push'])).code).toBe(0);
    }
    platform.warnOnPreCheck(['This version removes nothing, but is a test warning.']);
    const migrationsBefore = platform.migrations.length;

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
    expect(platform.migrations.slice(migrationsBefore)).toEqual([
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

describe('the staged release (release.yml), stage by stage', () => {
  // The live version: released (releases/1.0.0.json, its changelog entry), on a public
  // app whose production version it is. The new version was pushed (tested above).
  const LIVE = '1.0.0';
  const release = useZapierPlatform({
    versions: [LIVE, version],
    app: { status: 'public', public: true, latest_version: LIVE },
  });
  const { inputs } = readWorkflow('release.yml').on.workflow_dispatch as {
    inputs: Record<'canary_percent' | 'canary_duration', { default: number }>;
  };
  const CANARY = ['release.yml', 'canary', 'Canary from the live version'] as const;
  const canaryVars = {
    VERSION: version,
    LIVE,
    CANARY_PERCENT: String(inputs.canary_percent.default),
    CANARY_DURATION: String(inputs.canary_duration.default),
  };
  const appPath = (): string => `/api/platform/cli/apps/${release().platform.appId}`;
  const canaryPath = (): string => `${appPath()}/versions/${LIVE}/canary-to/${version}`;

  it('plans the stages from releases/: the live version, and whether a canary and a migration run', async () => {
    const { env } = release();
    const outputs = stepFile('outputs');

    const run = await runStep(env, ['release.yml', 'push', 'Plan the stages'], {
      GITHUB_OUTPUT: outputs.path,
    });

    const plan = releasePlan(join(root, 'releases'), version);
    expect(run.code).toBe(0);
    expect(outputs.text()).toBe(
      `version=${version}\nlive=${plan.live}\ngradual=${String(plan.gradual)}\n`,
    );
    expect(run.output).toContain(plan.why);
  });

  it("canary: sends the default 10 % of the live version's traffic to the new one for an hour, and checks it runs", async () => {
    const { platform, env } = release();
    const summary = stepFile('summary.md');
    const requestsBefore = platform.requests.length;
    const started = Math.floor(Date.now() / 1000);

    const run = await runStep(env, CANARY, { ...canaryVars, GITHUB_STEP_SUMMARY: summary.path });

    const ended = Math.floor(Date.now() / 1000);
    expect(run.output).toContain('Canary deployment created successfully.');
    expect(run).toEqual({ code: 0, output: expect.any(String) });
    const requests = platform.requests.slice(requestsBefore);
    expect(requests.map(line)).toEqual([
      `GET ${appPath()}/canaries 200`, // canary:create looks for a running canary,
      `POST ${canaryPath()} 200`, // starts this one,
      `GET ${appPath()}/canaries 200`, // and canary:list shows it.
    ]);
    expect(requests[1]?.body).toEqual({ percent: 10, duration: 3600 });
    for (const request of requests)
      expect(request.headers['x-deploy-key']).toBe(platform.deployKey);
    const [canary, ...others] = platform.activeCanaries();
    expect(others).toEqual([]);
    expect(canary).toEqual({
      from_version: LIVE,
      to_version: version,
      percent: 10,
      until_timestamp: expect.any(Number),
      user: null,
      account_id: null,
    });
    const until = canary?.until_timestamp ?? 0;
    expect(until).toBeGreaterThanOrEqual(started + 3600);
    expect(until).toBeLessThanOrEqual(ended + 3600);
    expect(summary.text()).toContain(
      `### Canary: 10 % of the traffic of ${LIVE} runs on ${version}, for about 60 more minutes`,
    );
  });

  it('canary: fails naming the canary that runs, where canary:create itself exits 0', async () => {
    const { platform, env } = release();
    const requestsBefore = platform.requests.length;

    const run = await runStep(env, CANARY, { ...canaryVars, VERSION: '1.1.1' });

    expect(run.output).toContain(
      `A canary deployment already exists from version ${LIVE} to version ${version}`,
    );
    expect(run.output).toContain(
      `::error::No canary from ${LIVE} to 1.1.1 runs; the one from ${LIVE} to ${version} does.`,
    );
    expect(run.code).toBe(1);
    expect(platform.requests.slice(requestsBefore).map(line)).toEqual([
      `GET ${appPath()}/canaries 200`,
      `GET ${appPath()}/canaries 200`,
    ]);
  });

  it("promote, once approved: ends the canary, promotes, then migrates the live version's users", async () => {
    const { platform, env } = release();
    const requestsBefore = platform.requests.length;
    const migrationsBefore = platform.migrations.length;

    const runs = [];
    for (const name of ['End the canary', 'Promote', "Migrate the live version's users"]) {
      runs.push(await runStep(env, ['release.yml', 'promote', name], { VERSION: version, LIVE }));
    }

    expect(runs.map((run) => run.code)).toEqual([0, 0, 0]);
    const [end, promote, migrate] = runs.map((run) => run.output);
    expect(end).toContain('Canary deployment deleted successfully.');
    expect(promote).toContain('Promotion successful!');
    // The stand-in still names the live version as the app's production one (promote
    // is a queued job): migrate offers to promote again, and the step declines.
    expect(migrate).toContain(`Do you want to promote ${version} to production first?`);
    expect(migrate).toContain('Migration successfully queued');
    expect(platform.activeCanaries()).toEqual([]);
    const preCheck = `POST ${appPath()}/pre-migration-require-confirmation-checks 200`;
    const job = `POST ${appPath()}/migrations 200`;
    expect(platform.requests.slice(requestsBefore).map(line)).toEqual([
      `GET ${appPath()}/canaries 200`,
      `DELETE ${canaryPath()} 200`,
      `GET ${appPath()} 200`,
      preCheck,
      job,
      `GET ${appPath()} 200`,
      preCheck,
      job,
    ]);
    const promoteJob = expect.objectContaining({ name: 'promote', to_version: version });
    const migrateJob = { name: 'migrate', from_version: LIVE, to_version: version };
    expect(platform.migrations.slice(migrationsBefore)).toEqual([
      { stage: 'pre-check', job: promoteJob },
      { stage: 'migration', job: promoteJob },
      { stage: 'pre-check', job: migrateJob },
      { stage: 'migration', job: { ...migrateJob, percent_human: 100 } },
    ]);
  });

  it('stop-canary, when the approval is rejected: ends the canary; with none running, says so', async () => {
    const { platform, env } = release();
    const summary = stepFile('summary.md').path;
    const canary = await runStep(env, CANARY, { ...canaryVars, GITHUB_STEP_SUMMARY: summary });
    expect(canary.code).toBe(0);
    const STOP = ['release.yml', 'stop-canary', 'End the canary'] as const;
    const requestsBefore = platform.requests.length;

    const stop = await runStep(env, STOP, { VERSION: version, LIVE });

    expect(stop.output).toContain('Canary deployment deleted successfully.');
    expect(stop.code).toBe(0);
    expect(platform.activeCanaries()).toEqual([]);
    const again = await runStep(env, STOP, { VERSION: version, LIVE });
    expect(again.output).toContain(
      `There is no active canary from version ${LIVE} to version ${version}`,
    );
    expect(again.code).toBe(0);
    expect(platform.requests.slice(requestsBefore).map(line)).toEqual([
      `GET ${appPath()}/canaries 200`,
      `DELETE ${canaryPath()} 200`,
      `GET ${appPath()}/canaries 200`,
    ]);
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
