// `npm run push` as a maintainer runs it, against the stand-in of Zapier's platform API
// (sandbox/zapier-platform.ts), with a copy of .zapierapprc linked to the stand-in's app: a
// failed check stops it before the upload, its message shown; otherwise it uploads build.zip,
// which holds no development package's code. It rebuilds dist/ and build/ in place, so
// `npm test` runs it after the end-to-end tests.
import AdmZip from 'adm-zip';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APP_ID,
  DEPLOY_KEY,
  startZapierPlatform,
  type ZapierPlatform,
} from '../../sandbox/zapier-platform';
import { notForProduction } from '../support/lambda';

jest.setTimeout(120_000);

const root = join(__dirname, '..', '..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

let platform: ZapierPlatform;
let dir = '';
beforeAll(async () => {
  platform = await startZapierPlatform();
  dir = mkdtempSync(join(tmpdir(), 'zapier-push-'));
  const linked = { ...(JSON.parse(read('.zapierapprc')) as object), id: APP_ID, key: 'crmgrow' };
  writeFileSync(join(dir, '.zapierapprc'), JSON.stringify(linked));
});
afterAll(async () => {
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `npm run push` in the project; its exit code, and stdout and stderr as they came. */
function push(): Promise<{ code: number | null; output: string }> {
  const env = {
    ...process.env,
    ZAPIER_BASE_ENDPOINT: platform.url,
    ZAPIER_DEPLOY_KEY: DEPLOY_KEY,
    ZAPIER_CURRENT_APP_FILE: join(dir, '.zapierapprc'),
    ZAPIER_AUTH_LOCATION: join(dir, 'no-zapierrc'),
    DISABLE_ZAPIER_ANALYTICS: '1',
    NO_UPDATE_NOTIFIER: '1',
    FORCE_COLOR: '0',
  };
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'push'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

it('stops before the upload when a check fails, and shows the check’s message', async () => {
  platform.failChecks([{ tag: 'D010', message: 'Sample has no "id".' }]);

  const { code, output } = await push();

  expect(output).toContain('Sample has no "id". (D010)');
  expect(code).not.toBe(0);
  expect(platform.uploads).toEqual([]);
});

it('uploads build.zip as package.json’s version when no check fails, with no development code', async () => {
  platform.failChecks([]);

  const { code, output } = await push();

  expect(code).toBe(0);
  const { version } = JSON.parse(read('package.json')) as { version: string };
  expect(platform.uploads.map((upload) => upload.version)).toEqual([version]);
  const files = new AdmZip(platform.uploads[0]?.zip)
    .getEntries()
    .filter((entry) => !entry.isDirectory)
    .map((entry) => entry.entryName);
  expect(files).toContain('zapierwrapper.js');
  expect(notForProduction(files)).toEqual([]);
  expect(output).toContain('Push complete!');
});
