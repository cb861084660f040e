// `npm run release:record`, after `npm run push` of a new version: keeps the
// pushed definition as releases/<version>.json, which `npm test` compares the
// next versions against. Refuses to change a version already recorded.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { definitionOf } from './lib/releases';

const root = join(__dirname, '..', '..');

async function main(): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const app = require(join(root, 'index.js')) as object;
  const definition = await definitionOf(app);
  const version = String(definition.version);
  const file = join(root, 'releases', `${version}.json`);
  const text = `${JSON.stringify(definition, null, 2)}\n`;
  if (existsSync(file)) {
    if (readFileSync(file, 'utf8') === text) {
      process.stdout.write(`releases/${version}.json already holds this definition.\n`);
      return 0;
    }
    console.error(
      `✗ releases/${version}.json holds another definition: ${version} was released as it is. ` +
        'Bump the version (npm version patch|minor|major) for a change.',
    );
    return 1;
  }
  writeFileSync(file, text);
  process.stdout.write(`✓ Wrote releases/${version}.json. Commit it with the release.\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
