// What `zapier-platform promote` reads in CHANGELOG.md (the CLI's src/utils/changelog.js and
// metadata.js): the section headed with the version it promotes, which it stops without, and
// the operations a line names as `trigger/<key>`, `create/<key>` or `search/<key>`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import App from '../../src/index';

const read = (file: string): string => readFileSync(join(__dirname, '..', '..', file), 'utf8');
const changelog = read('CHANGELOG.md');

it('has a section for the version in package.json', () => {
  const { version } = JSON.parse(read('package.json')) as { version: string };
  expect(changelog.split('\n')).toContain(`## ${version}`);
});

it('names only operations the app has', () => {
  const keys = {
    trigger: Object.keys(App.triggers ?? {}),
    create: Object.keys(App.creates ?? {}),
    search: Object.keys(App.searches ?? {}),
  };
  const named = [...changelog.matchAll(/\b(trigger|create|search)\/(\w+)/g)];
  const unknown = named
    .filter(([, kind, key]) => !keys[kind as keyof typeof keys].includes(key ?? ''))
    .map(([name]) => name);
  expect(named.length).toBeGreaterThan(0);
  expect(unknown).toEqual([]);
});

it('says each change of the newest section in at most 50 words, as promote shows it', () => {
  const [, newest = ''] = changelog.split(/^## .*$/m);
  const lines = newest.split('\n').filter((line) => line.startsWith('- '));
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((line) => line.split(/\s+/).length - 1 > 50)).toEqual([]);
});
