// What `npm run push` checks before building, and how a Zapier that cannot be
// reached is told: read as the CLI reads its files and variables.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import nock from 'nock';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  missingForPush,
  offlineHint,
  snapshotVersion,
  unreachableMessage,
} from '../../scripts/lib/zapier-link';

const NO_APP =
  'No linked app: .zapierapprc has no "id". Run `npx zapier-platform register "CRMGrow"` for a ' +
  'new integration, or `npx zapier-platform link` for an existing one, and commit .zapierapprc.';
const NO_KEY =
  'No deploy key: run `npx zapier-platform login` (it writes ~/.zapierrc), or set ' +
  'ZAPIER_DEPLOY_KEY (in CI, from a secret).';

describe('missingForPush', () => {
  let dir = '';
  let home = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'push-project-'));
    home = mkdtempSync(join(tmpdir(), 'push-home-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it('names both when the project is not linked and there is no key (as in this repository)', () => {
    writeFileSync(join(dir, '.zapierapprc'), JSON.stringify({ includeInBuild: [] }));
    expect(missingForPush({}, dir, home)).toEqual([NO_APP, NO_KEY]);
  });

  it('is satisfied by a linked app and ZAPIER_DEPLOY_KEY', () => {
    writeFileSync(join(dir, '.zapierapprc'), JSON.stringify({ id: 42, key: 'App42' }));
    expect(missingForPush({ ZAPIER_DEPLOY_KEY: 'k' }, dir, home)).toEqual([]);
  });

  it('reads the key from ~/.zapierrc, or from ZAPIER_AUTH_LOCATION, as the CLI does', () => {
    writeFileSync(join(dir, '.zapierapprc'), JSON.stringify({ id: 42 }));
    writeFileSync(join(home, '.zapierrc'), JSON.stringify({ deployKey: 'from-home' }));
    expect(missingForPush({}, dir, home)).toEqual([]);
    const elsewhere = join(dir, 'auth.json');
    expect(missingForPush({ ZAPIER_AUTH_LOCATION: elsewhere }, dir, home)).toEqual([NO_KEY]);
    writeFileSync(elsewhere, JSON.stringify({ deployKey: 'k' }));
    expect(missingForPush({ ZAPIER_AUTH_LOCATION: elsewhere }, dir, home)).toEqual([]);
  });

  it('reads the app from ZAPIER_CURRENT_APP_FILE when it is set, and refuses a broken file', () => {
    writeFileSync(join(dir, 'linked.json'), JSON.stringify({ id: 7 }));
    writeFileSync(join(dir, '.zapierapprc'), '{ not json');
    const env = { ZAPIER_DEPLOY_KEY: 'k' };
    expect(missingForPush(env, dir, home)).toEqual([NO_APP]);
    expect(missingForPush({ ...env, ZAPIER_CURRENT_APP_FILE: 'linked.json' }, dir, home)).toEqual(
      [],
    );
  });
});

describe('unreachableMessage', () => {
  it('names the host and the cause of a fetch that got no answer', async () => {
    // A port that was just free: nothing listens on it.
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    await new Promise((done) => server.close(done));
    const env = { ZAPIER_BASE_ENDPOINT: `http://127.0.0.1:${port}` };
    // A real refused connection on loopback, as the CLI's fetch meets it offline.
    nock.enableNetConnect('127.0.0.1');
    const error = await fetch(`${env.ZAPIER_BASE_ENDPOINT}/api/platform/cli/check`)
      .catch((caught: unknown) => caught)
      .finally(() => nock.disableNetConnect());
    expect(unreachableMessage(error, env)).toBe(
      `Could not reach Zapier at 127.0.0.1:${port} (ECONNREFUSED). Check the network, and ` +
        'ZAPIER_BASE_ENDPOINT if it is set.',
    );
    expect(unreachableMessage(error, {})).toContain('Could not reach Zapier at zapier.com');
  });

  it('leaves every other error to be told as it is', () => {
    expect(unreachableMessage(new Error('We hit some style validation errors'), {})).toBe(
      undefined,
    );
  });
});

describe('offlineHint', () => {
  it('names the host when the CLI only said "fetch failed"', () => {
    expect(offlineHint('  ✖ fetch failed\n', { ZAPIER_BASE_ENDPOINT: 'http://127.0.0.1:9' })).toBe(
      "Could not reach Zapier at 127.0.0.1:9: the command needs Zapier's servers. Check the " +
        'network, and ZAPIER_BASE_ENDPOINT if it is set.',
    );
    expect(offlineHint('fetch failed', {})).toContain('Could not reach Zapier at zapier.com:');
  });

  it('says nothing about any other output', () => {
    expect(offlineHint('✔ Validation passed', {})).toBeUndefined();
  });
});

describe('snapshotVersion', () => {
  it('makes 0.0.0-LABEL of a label the CLI takes, up to 12 characters', () => {
    expect(snapshotVersion('pr7')).toBe('0.0.0-pr7');
    // The longest a pull request's label can be: pr and ten digits.
    expect(snapshotVersion('pr1234567890')).toBe('0.0.0-pr1234567890');
    expect(snapshotVersion('JIRA-12')).toBe('0.0.0-JIRA-12');
  });

  it.each(['pr12345678901', '', 'pr_7', 'pr.7', '-pr7', 'pr7-', 'pr--7', 'pr 7'])(
    'refuses "%s", saying what a label is',
    (label) => {
      expect(() => snapshotVersion(label)).toThrow(
        `--snapshot "${label}" is not a label Zapier takes: 1 to 12 letters and digits, ` +
          'in parts joined by single hyphens, such as pr123. Zapier names the version 0.0.0-LABEL.',
      );
    },
  );
});
