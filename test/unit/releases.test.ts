// Releases can't break live Zaps: the current definition against the newest
// kept in releases/ (what Zapier's promotion guardrails check), and the
// guard itself on tampered copies.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import App from '../../src/index';
import {
  breakingChanges,
  compareVersions,
  definitionOf,
  majorOf,
  readRelease,
  releasePlan,
  releasedVersions,
  type Definition,
} from '../../scripts/lib/releases';

const root = join(__dirname, '..', '..');
const releases = join(root, 'releases');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
};

// A deep copy to tamper with along any path: typing each path would hide what the tests change.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Tamperable = any;
const copy = (definition: Definition): Tamperable =>
  JSON.parse(JSON.stringify(definition)) as Tamperable;

describe('released definitions', () => {
  let current: Definition;
  beforeAll(async () => {
    current = await definitionOf(App);
  });

  it('keeps 1.0.0, and no release is newer than package.json', () => {
    const versions = releasedVersions(releases);
    expect(versions[0]).toBe('1.0.0');
    expect(compareVersions(versions.at(-1) ?? '', version)).toBeLessThanOrEqual(0);
  });

  it('a recorded version is the definition it was released with', () => {
    for (const released of releasedVersions(releases)) {
      expect(readRelease(releases, released).version).toBe(released);
    }
  });

  it('the current version breaks nothing of the newest release, unless its major went up', () => {
    const newest = releasedVersions(releases).at(-1) ?? '';
    const changes = breakingChanges(readRelease(releases, newest), current);
    expect(majorOf(version) > majorOf(newest) ? [] : changes).toEqual([]);
  });

  describe('the guard bites', () => {
    const released = (): Tamperable => copy(current);

    it('on an operation the app lacks, naming it', () => {
      const old = released();
      old.triggers.old_deal = old.triggers.add_deal;
      old.searches.find_deal = old.searches.find_video;
      expect(breakingChanges(old, current)).toEqual([
        'trigger/old_deal was removed (hide it instead)',
        'search/find_deal was removed (hide it instead)',
      ]);
    });

    it('on a removed input field, and on an optional field made required without a default', () => {
      const old = released();
      const fields = old.creates.send_video.operation.inputFields as Record<string, unknown>[];
      fields.push({ key: 'subject', label: 'Subject', required: false });
      const now = copy(current);
      const watch = now.triggers.watch_material.operation.inputFields as Record<string, unknown>[];
      const wasOptional = watch.find((field) => field.required !== true);
      if (!wasOptional) throw new Error('watch_material has no optional field to tamper with');
      wasOptional.required = true;
      expect(breakingChanges(old, now)).toEqual([
        `trigger/watch_material: the input field "${String(wasOptional.key)}" became required without a default`,
        'create/send_video: the input field "subject" was removed',
      ]);
      wasOptional.default = '1';
      expect(breakingChanges(old, now)).toEqual([
        'create/send_video: the input field "subject" was removed',
      ]);
    });

    it('on a changed auth type, a new required auth field, and a trigger that changed type', () => {
      const now = copy(current);
      now.authentication.type = 'oauth2';
      now.authentication.fields[0].required = true;
      (now.authentication.fields as unknown[]).splice(0, 1);
      now.triggers.video.operation.type = 'hook';
      expect(breakingChanges(current, now)).toEqual([
        'the authentication type changed from "custom" to "oauth2"',
        'authentication: the input field "api_key" was removed',
        'trigger/video changed from a polling trigger to a hook trigger',
      ]);
    });

    it('not on additions, hidden operations or new labels', () => {
      const now = copy(current);
      now.triggers.new_thing = now.triggers.video;
      now.creates.send_video.display.hidden = true;
      now.creates.send_video.display.label = 'Send a Video';
      (now.creates.add_note.operation.inputFields as unknown[]).push({
        key: 'extra',
        required: true,
      });
      expect(breakingChanges(current, now)).toEqual([]);
    });
  });
});

describe('the staged release plan (release.yml)', () => {
  let dir = '';
  const recorded = (...versions: string[]): string => {
    dir = mkdtempSync(join(tmpdir(), 'releases-'));
    for (const v of versions) writeFileSync(join(dir, `${v}.json`), '{}');
    return dir;
  };
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('canaries and migrates from the newest version recorded before this one', () => {
    // 1.10.0 is recorded with the release itself (npm run release:record), before its tag.
    expect(releasePlan(recorded('1.0.0', '1.9.0', '1.10.0'), '1.10.0')).toEqual({
      version: '1.10.0',
      live: '1.9.0',
      gradual: true,
      why: 'A canary from 1.9.0 to 1.10.0, then promote and migrate the users of 1.9.0.',
    });
    expect(releasePlan(dir, '1.10.1')).toMatchObject({ live: '1.10.0', gradual: true });
  });

  it('promotes a new major alone: its Zaps may break', () => {
    expect(releasePlan(recorded('1.0.0', '1.1.0'), '2.0.0')).toEqual({
      version: '2.0.0',
      live: '1.1.0',
      gradual: false,
      why:
        '2.0.0 is a new major: Zaps on 1.1.0 may break on it, so no canary and no migration; ' +
        'promote alone, and users update their Zaps themselves.',
    });
  });

  it('promotes a first release alone: nobody uses an older one', () => {
    expect(releasePlan(recorded('1.0.0'), '1.0.0')).toEqual({
      version: '1.0.0',
      live: '',
      gradual: false,
      why: 'No version before 1.0.0 in releases/: no users to canary or migrate; promote alone.',
    });
  });
});
