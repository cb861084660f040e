// The road to Zapier, run for real against the stand-in of Zapier's platform API
// (sandbox/zapier-platform.ts): `npm run push`, `npm run validate`, and the promote step of
// release.yml. The CLI finds the stand-in through ZAPIER_BASE_ENDPOINT, its deploy key, and
// a temporary copy of .zapierapprc naming the stand-in's app, so the project's own files stay
// as they are. The commands rebuild dist/ and build/ in place, so `npm test` runs this file
// after the end-to-end tests, and its tests run in order: promote needs the pushed version.
import AdmZip from 'adm-zip';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import * as core from 'zapier-platform-core';
import { startZapierPlatform, type ZapierPlatform } from '../../sandbox/zapier-platform';

jest.setTimeout(120_000);

const root = join(__dirname, '..', '..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };

let platform: ZapierPlatform;
let dir = '';
let env: NodeJS.ProcessEnv = {};
beforeAll(async () => {
  platform = await startZapierPlatform();
  dir = mkdtempSync(join(tmpdir(), 'zapier-link-'));
  const appRc = join(dir, '.zapierapprc');
  writeFileSync(
    appRc,
    JSON.stringify({ ...JSON.parse(read('.zapierapprc')), ...platform.linkedApp }),
  );
  env = {
    ...process.env,
    ZAPIER_BASE_ENDPOINT: platform.url,
    ZAPIER_DEPLOY_KEY: platform.deployKey,
    ZAPIER_CURRENT_APP_FILE: appRc,
    // Never a developer's own ~/.zapierrc.
    ZAPIER_AUTH_LOCATION: join(dir, 'none'),
    DISABLE_ZAPIER_ANALYTICS: '1',
    NO_UPDATE_NOTIFIER: '1',
    FORCE_COLOR: '0',
  };
});
afterAll(async () => {
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a command in the project; its exit code, and stdout and stderr as they came. */
function run(command: string, args: readonly string[], vars: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...vars } });
    child.stdin.end();
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The requests the stand-in answered from the `from`-th on, as `METHOD path status`. */
const requestsFrom = (from: number): string[] =>
  platform.requests
    .slice(from)
    .map(
      (r) =>
        `${r.method} ${r.path.replace(`/api/platform/cli/apps/${platform.appId}`, '/app')} ${r.status}`,
    );

type Handler = (event: object, context: object) => Promise<{ results: unknown }>;
const { createAppHandler } = core as unknown as { createAppHandler: (app: object) => Handler };
/** The compiled app's definition as the CLI serialises it (core's `definition` command). */
async function appDefinition(): Promise<unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const app = require(join(root, 'index.js')) as object;
  return (await createAppHandler(app)({ command: 'definition' }, {})).results;
}

describe('npm run push', () => {
  it("prints the warnings of Zapier's checks on the built definition, then uploads it", async () => {
    platform.answerChecksWith({
      warnings: [{ tag: 'D012', message: 'Trigger "video" has no static sample.', key: 'video' }],
      suggestions: [{ tag: 'S001', message: 'Consider a search for "pdf".', key: 'pdf' }],
    });
    const from = platform.requests.length;

    const push = await run('npm', ['run', 'push']);

    expect(push.output).toContain('0 failed · 1 publishing warnings · 1 general warnings');
    expect(push.output).toContain(
      '⚠ Publishing Tasks · triggers.video: Trigger "video" has no static sample. (D012)',
    );
    expect(push.output).toContain(
      '⚠ General Tasks · triggers.pdf: Consider a search for "pdf". (S001)',
    );
    expect(push.code).toBe(0);
    expect(requestsFrom(from)).toEqual([
      'GET /app 200',
      'POST /api/platform/cli/check 200',
      'GET /app 200',
      `PUT /app/versions/${version} 200`,
    ]);
    const definition = await appDefinition();
    expect(platform.checks.at(-1)).toEqual({
      appId: platform.appId,
      version,
      definition,
      withDeployKey: true,
    });
    const [upload] = platform.uploads;
    expect(upload?.version).toBe(version);
    const uploaded = new AdmZip(upload?.zipFile).readAsText('definition.json');
    expect(JSON.parse(uploaded)).toEqual(definition);
  });

  it('stops before uploading when a check fails, and shows the failure', async () => {
    platform.answerChecksWith({
      errors: [{ tag: 'D010', message: 'Sample has no "id".', type: 'write', key: 'send_pdf' }],
    });
    const from = platform.requests.length;

    // Push's last step, on the zips the test above built: the build before it is the same.
    const push = await run(process.execPath, ['dist-tools/scripts/push.js']);

    expect(push.output).toContain('✗ Errors · creates.send_pdf: Sample has no "id". (D010)');
    expect(push.output).toContain('✗ Not uploaded');
    expect(push.code).toBe(1);
    expect(requestsFrom(from)).toEqual(['GET /app 200', 'POST /api/platform/cli/check 200']);
  });
});

it("npm run validate compiles the app, and passes the schema and Zapier's checks", async () => {
  platform.answerChecksWith({});

  const validate = await run('npm', ['run', 'validate']);

  expect(validate.output).toContain('Running _zapier-build script');
  expect(validate.output).toContain('This project is structurally sound!');
  expect(validate.output).toContain('0 checks failed');
  expect(validate.code).toBe(0);
});

it("release.yml's promote step sends the version's CHANGELOG.md section as release notes", async () => {
  const workflow = parse(read('.github/workflows/release.yml')) as {
    jobs: { promote: { steps: { name?: string; run?: string }[] } };
  };
  const script = workflow.jobs.promote.steps.find((step) => step.name === 'Promote')?.run ?? '';
  const from = platform.requests.length;
  const migrationsFrom = platform.migrations.length;

  const promote = await run('bash', ['-eo', 'pipefail', '-c', script], { TAG: `v${version}` });

  expect(promote.output).toContain('Promotion successful!');
  expect(promote.code).toBe(0);
  expect(requestsFrom(from)).toEqual([
    'GET /app 200',
    'POST /app/pre-migration-require-confirmation-checks 200',
    'POST /app/migrations 200',
  ]);
  const section = read('CHANGELOG.md')
    .split(/^## /m)
    .find((s) => s.startsWith(`${version}\n`));
  const notes = section?.slice(version.length).trim();
  const job = expect.objectContaining({ name: 'promote', to_version: version, changelog: notes });
  expect(platform.migrations.slice(migrationsFrom)).toEqual([
    { stage: 'pre-check', job },
    { stage: 'migration', job },
  ]);
});
