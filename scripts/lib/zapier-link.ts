// What `npm run push` needs before it asks Zapier anything, read as the CLI reads it
// (zapier-platform-cli's src/constants.js and utils/api.js): a linked app in .zapierapprc
// and a deploy key.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';

const readJson = (file: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

/** What `npm run push` lacks, each with the command that fixes it; [] when nothing. */
export function missingForPush(env: NodeJS.ProcessEnv, cwd: string, home = homedir()): string[] {
  const missing: string[] = [];
  const appFile = env.ZAPIER_CURRENT_APP_FILE ?? '.zapierapprc';
  if (typeof readJson(resolve(cwd, appFile))?.id !== 'number') {
    missing.push(
      `No linked app: ${appFile} has no "id". Run \`npx zapier-platform register "CRMGrow"\` ` +
        'for a new integration, or `npx zapier-platform link` for an existing one, and commit it.',
    );
  }
  const authFile = env.ZAPIER_AUTH_LOCATION ?? resolve(home, '.zapierrc');
  const deployKey = env.ZAPIER_DEPLOY_KEY ?? readJson(authFile)?.deployKey;
  if (typeof deployKey !== 'string' || deployKey === '') {
    missing.push(
      'No deploy key: run `npx zapier-platform login` (it writes ~/.zapierrc), or set ' +
        'ZAPIER_DEPLOY_KEY (in CI, from a secret).',
    );
  }
  return missing;
}
