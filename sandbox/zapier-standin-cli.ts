// `npm run zapier-standin`: the stand-in of Zapier's platform API on its own,
// until Ctrl-C, to try `npm run push`, `zapier-platform validate`, `promote`,
// `canary:*` or `migrate` without Zapier. Prints the variables that point the
// CLI at it; the linked app lives in a temporary copy of .zapierapprc, so the
// project's is untouched. The live version (the staged release's plan) is on
// it from the start, so a canary from it can follow `npm run push`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releasePlan } from '../scripts/lib/releases';
import { startZapierPlatform } from './zapier-platform';

async function main(): Promise<void> {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const { live } = releasePlan('releases', version);
  const platform = await startZapierPlatform({ versions: live ? [live] : [] });
  const dir = mkdtempSync(join(tmpdir(), 'zapier-standin-'));
  const appRc = join(dir, '.zapierapprc');
  const projectRc = JSON.parse(readFileSync('.zapierapprc', 'utf8')) as object;
  writeFileSync(appRc, JSON.stringify({ ...projectRc, ...platform.linkedApp }, null, 2));
  const variables = {
    ZAPIER_BASE_ENDPOINT: platform.url,
    ZAPIER_DEPLOY_KEY: platform.deployKey,
    ZAPIER_CURRENT_APP_FILE: appRc,
    // The CLI reads ~/.zapierrc unless told otherwise: never a real deploy key here.
    ZAPIER_AUTH_LOCATION: join(dir, 'no-zapierrc'),
    DISABLE_ZAPIER_ANALYTICS: '1',
  };
  process.stdout.write(
    `The stand-in of Zapier's platform API listens on ${platform.url} (app ${platform.appId}` +
      `${live ? `, with version ${live} on it` : ''}).\n` +
      'In another shell, set these, then run `npm run push`, `npx zapier-platform validate`, ' +
      `\`npx zapier-platform promote ${version} --yes\`` +
      (live
        ? `, \`npx zapier-platform canary:create ${live} ${version} --percent 10 --duration 3600\` ` +
          `or \`npx zapier-platform migrate ${live} ${version} 100\``
        : '') +
      ':\n\n' +
      Object.entries(variables)
        .map(([name, value]) => `export ${name}=${value}\n`)
        .join('') +
      '\nOne line per request it answers. Ctrl-C stops it.\n',
  );
  let seen = 0;
  const timer = setInterval(() => {
    for (const request of platform.requests.slice(seen)) {
      process.stdout.write(`${request.method} ${request.path} → ${request.status}\n`);
    }
    seen = platform.requests.length;
  }, 200);
  const stop = (): void => {
    clearInterval(timer);
    rmSync(dir, { recursive: true, force: true });
    void platform.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
