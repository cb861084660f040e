// What `npm run push` checks before it asks Zapier anything, read as the CLI reads it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingForPush } from '../../scripts/lib/zapier-link';

const NO_APP = expect.stringMatching(
  /^No linked app: \S+ has no "id"\. Run `npx zapier-platform register/,
);
const NO_KEY = expect.stringMatching(/^No deploy key: run `npx zapier-platform login`/);

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'push-link-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, value: unknown): string => {
  writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  return join(dir, name);
};

describe('missingForPush', () => {
  it('names the link and the key when neither is there (as in this repository)', () => {
    write('.zapierapprc', { includeInBuild: [] });
    expect(missingForPush({}, dir, dir)).toEqual([NO_APP, NO_KEY]);
  });

  it('takes the app from ZAPIER_CURRENT_APP_FILE, and the key from ZAPIER_DEPLOY_KEY', () => {
    write('.zapierapprc', '{ not json');
    write('linked.json', { id: 7 });
    expect(missingForPush({ ZAPIER_DEPLOY_KEY: 'k' }, dir, dir)).toEqual([NO_APP]);
    const env = { ZAPIER_DEPLOY_KEY: 'k', ZAPIER_CURRENT_APP_FILE: 'linked.json' };
    expect(missingForPush(env, dir, dir)).toEqual([]);
  });

  it('reads the key from ~/.zapierrc, or from ZAPIER_AUTH_LOCATION when it is set', () => {
    write('.zapierapprc', { id: 42 });
    write('.zapierrc', { deployKey: 'from-home' });
    expect(missingForPush({}, dir, dir)).toEqual([]);
    const elsewhere = join(dir, 'auth.json');
    expect(missingForPush({ ZAPIER_AUTH_LOCATION: elsewhere }, dir, dir)).toEqual([NO_KEY]);
    write('auth.json', { deployKey: 'k' });
    expect(missingForPush({ ZAPIER_AUTH_LOCATION: elsewhere }, dir, dir)).toEqual([]);
  });
});
