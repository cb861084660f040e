// The rules of CHANGELOG.md, whose section `zapier-platform promote` shows to users.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const read = (file: string): string => readFileSync(join(__dirname, '..', '..', file), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };
/** Each section: the heading's text and the section's lines, in the file's order. */
const sections = read('CHANGELOG.md')
  .split(/^## /m)
  .slice(1)
  .map((section) => {
    const [heading = '', ...lines] = section.split('\n');
    return { heading, text: lines.join('\n') };
  });
/** Every bullet of every section, its continuation lines joined to it. */
const bullets = sections.flatMap(({ text }) =>
  text
    .split(/^- /m)
    .slice(1)
    .map((bullet) => bullet.replace(/\s+/g, ' ').trim()),
);

it('has sections headed `## <version>`, newest first', () => {
  const versions = sections.map(({ heading }) => heading);
  for (const heading of versions) expect(heading).toMatch(/^\d+\.\d+\.\d+$/);
  const newestFirst = [...versions].sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
  expect(versions).toEqual(newestFirst);
});

it('names one version in package.json, the newest section and the README’s env:set examples', () => {
  const examples = [...read('README.md').matchAll(/env:set (\S+)/g)].map(([, named]) => named);
  expect([...new Set([sections[0]?.heading, ...examples])]).toEqual([version]);
});

it.each(bullets)('says each change in one sentence of at most 50 words: %s', (bullet) => {
  // Code spans aside, a sentence ends with the bullet: no `.`, `!` or `?` before a space.
  const prose = bullet.replace(/`[^`]*`/g, 'code');
  expect(prose).toMatch(/\.$/);
  expect(prose).not.toMatch(/[.!?]\s/);
  expect(prose.split(' ').length).toBeLessThanOrEqual(50);
});

it('promises no log in the newest section: Zap builders cannot read the app’s logs', () => {
  expect(sections[0]?.text).not.toMatch(/\blog(s|ged|ging)?\b/i);
});
