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

/** A changelog whose `## <version>` entry names every operation of the app, one line each. */
const namingAll = (entryVersion: string): string =>
  [
    '# Changelog',
    '',
    `## ${entryVersion}`,
    '',
    ...(Object.entries(appKeys) as [AppMetadata['action_type'], readonly string[]][]).flatMap(
      ([type, keys]) =>
        keys.map(
          (key) =>
            `- Added \`${asMarkdown({ app_change_type: '', action_key: key, action_type: type })}\`.`,
        ),
    ),
    '',
  ].join('\n');

describe('CHANGELOG.md, read with the CLI', () => {
  it('has an entry for the version in package.json, naming only and all of the app’s operations', async () => {
    expect(await changelogProblems(root, version)).toEqual([]);
    const entry = await getVersionChangelog(version, root);
    expect(entry.changelog.trim()).not.toBe('');
  });

  it('says what kind of change each named operation had, in words the CLI knows', async () => {
    const markdown = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    for (const [, entryVersion = ''] of markdown.matchAll(/^## (\S+)/gm)) {
      const entry = await getVersionChangelog(entryVersion, root);
      for (const metadata of entry.appMetadata ?? []) {
        expect(['FEATURE_UPDATE', 'BUGFIX']).toContain(metadata.app_change_type);
      }
    }
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

    it('passes a changelog that names every operation (the check is not always failing)', async () => {
      expect(await changelogProblems(withChangelog(namingAll('2.0.0')), '2.0.0')).toEqual([]);
    });

    it('fails when the package version has no entry', async () => {
      expect(await changelogProblems(withChangelog(namingAll('2.0.0')), '2.0.1')).toEqual([
        'no "## 2.0.1" entry for the version in package.json',
      ]);
    });

    it('fails when an entry names an operation the app does not have', async () => {
      const text = namingAll('2.0.0').replace(
        '## 2.0.0',
        '## 2.1.0\n\n- Fixed `search/find_deal`: its title.\n\n## 2.0.0',
      );
      expect(await changelogProblems(withChangelog(text), '2.1.0')).toEqual([
        '2.1.0 names search/find_deal, which the app does not have',
      ]);
    });

    it('fails when a name is right but its kind is wrong', async () => {
      const text = namingAll('2.0.0').replace('`create/add_note`', '`trigger/add_note`');
      expect(await changelogProblems(withChangelog(text), '2.0.0')).toEqual([
        '2.0.0 names trigger/add_note, which the app does not have',
        'no entry names create/add_note, an operation of the app',
      ]);
    });

    it('fails when an operation is named on a line without a change word, which the CLI skips', async () => {
      const text = namingAll('2.0.0').replace(
        '- Added `create/add_note`',
        '- Then `create/add_note`',
      );
      expect(await changelogProblems(withChangelog(text), '2.0.0')).toEqual([
        'no entry names create/add_note, an operation of the app',
      ]);
    });
  });
});
