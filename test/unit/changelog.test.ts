// CHANGELOG.md as `zapier-platform promote` reads it: with the CLI's own reader.
// Promote refuses a version without an entry, and the operations an entry
// names (`trigger/<key>`, `create/<key>`, `search/<key>`) must be the app's.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import App from '../../src/index';

interface AppMetadata {
  readonly app_change_type: string;
  readonly action_key: string;
  readonly action_type: 'read' | 'write' | 'search';
}
interface VersionChangelog {
  readonly changelog: string;
  readonly appMetadata?: readonly AppMetadata[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getVersionChangelog } = require('zapier-platform-cli/src/utils/changelog') as {
  getVersionChangelog: (version: string, appDir?: string) => Promise<VersionChangelog>;
};

const root = join(__dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
};

/** The app's operation keys by the type the changelog metadata uses. */
const appKeys: Readonly<Record<AppMetadata['action_type'], readonly string[]>> = {
  read: Object.keys(App.triggers ?? {}),
  write: Object.keys(App.creates ?? {}),
  search: Object.keys((App as { searches?: object }).searches ?? {}),
};
const asMarkdown = (m: AppMetadata): string =>
  `${{ read: 'trigger', write: 'create', search: 'search' }[m.action_type]}/${m.action_key}`;

/** Every problem `promote` would meet, or that would mislabel a release, in the changelog at `dir`. */
async function changelogProblems(dir: string, packageVersion: string): Promise<string[]> {
  const markdown = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
  const versions = [...markdown.matchAll(/^## (\S+)/gm)].map((match) => match[1] ?? '');
  const problems: string[] = [];
  if (!versions.includes(packageVersion))
    problems.push(`no "## ${packageVersion}" entry for the version in package.json`);
  const named = new Set<string>();
  for (const entryVersion of versions) {
    const entry = await getVersionChangelog(entryVersion, dir);
    if (entry.changelog === '') problems.push(`the ${entryVersion} entry is empty`);
    for (const metadata of entry.appMetadata ?? []) {
      named.add(asMarkdown(metadata));
      if (!appKeys[metadata.action_type].includes(metadata.action_key))
        problems.push(`${entryVersion} names ${asMarkdown(metadata)}, which the app does not have`);
    }
  }
  for (const [type, keys] of Object.entries(appKeys) as [AppMetadata['action_type'], string[]][]) {
    for (const key of keys) {
      const name = asMarkdown({ app_change_type: '', action_key: key, action_type: type });
      if (!named.has(name)) problems.push(`no entry names ${name}, an operation of the app`);
    }
  }
  return problems;
}

describe('CHANGELOG.md, read with the CLI', () => {
  it('has an entry for the version in package.json, naming only and all of the app’s operations', async () => {
    expect(await changelogProblems(root, version)).toEqual([]);
    const entry = await getVersionChangelog(version, root);
    expect(entry.changelog).toMatch(/^The first release/);
    expect(entry.appMetadata?.map(asMarkdown)).toEqual(
      expect.arrayContaining(['create/send_video', 'trigger/video', 'trigger/add_contact']),
    );
    expect(new Set(entry.appMetadata?.map((m) => m.app_change_type))).toEqual(
      new Set(['FEATURE_UPDATE']),
    );
  });

  describe('the check bites', () => {
    let dir = '';
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'changelog-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const withChangelog = (text: string): string => {
      writeFileSync(join(dir, 'CHANGELOG.md'), text);
      return dir;
    };
    const real = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');

    it('fails when the package version has no entry', async () => {
      expect(await changelogProblems(withChangelog(real), '1.0.1')).toEqual([
        'no "## 1.0.1" entry for the version in package.json',
      ]);
    });

    it('fails when an entry names an operation the app does not have', async () => {
      const text = real.replace('## 1.0.0', '## 1.1.0\n\n- Added `search/find_deal`.\n\n## 1.0.0');
      expect(await changelogProblems(withChangelog(text), '1.1.0')).toEqual([
        '1.1.0 names search/find_deal, which the app does not have',
      ]);
    });

    it('fails when a name is right but its kind is wrong', async () => {
      const text = real.replace('`create/add_note`', '`trigger/add_note`');
      expect(await changelogProblems(withChangelog(text), version)).toEqual([
        '1.0.0 names trigger/add_note, which the app does not have',
        'no entry names create/add_note, an operation of the app',
      ]);
    });

    it('fails when an operation is named on a line without a change word, which the CLI skips', async () => {
      const text = real.replace(
        '- Added `create/add_note` (Add Note)',
        '- Then `create/add_note` (Add Note)',
      );
      expect(await changelogProblems(withChangelog(text), version)).toEqual([
        'no entry names create/add_note, an operation of the app',
      ]);
    });
  });
});
