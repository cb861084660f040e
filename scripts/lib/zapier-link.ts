// What a command that talks to Zapier needs before it starts, read as the
// CLI reads it (zapier-platform-cli's src/constants.js and utils/api.js): a
// linked app in .zapierapprc and a deploy key; the version a snapshot label
// makes; and a clear word when Zapier cannot be reached at all.
import { existsSync, readFileSync } from 'node:fs';
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
  const appFile = resolve(cwd, env.ZAPIER_CURRENT_APP_FILE ?? '.zapierapprc');
  const app = readJson(appFile);
  if (typeof app?.id !== 'number') {
    missing.push(
      `No linked app: ${env.ZAPIER_CURRENT_APP_FILE ?? '.zapierapprc'} has no "id". Run ` +
        '`npx zapier-platform register "CRMGrow"` for a new integration, or ' +
        '`npx zapier-platform link` for an existing one, and commit .zapierapprc.',
    );
  }
  const authFile = env.ZAPIER_AUTH_LOCATION ?? resolve(home, '.zapierrc');
  const deployKey =
    env.ZAPIER_DEPLOY_KEY ?? (existsSync(authFile) ? readJson(authFile)?.deployKey : undefined);
  if (typeof deployKey !== 'string' || deployKey === '') {
    missing.push(
      'No deploy key: run `npx zapier-platform login` (it writes ~/.zapierrc), or set ' +
        'ZAPIER_DEPLOY_KEY (in CI, from a secret).',
    );
  }
  return missing;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { throwForInvalidVersion } = require('zapier-platform-cli/src/utils/version') as {
  throwForInvalidVersion: (version: string) => void;
};

/**
 * The version `--snapshot LABEL` uploads, `0.0.0-LABEL`, refused as
 * `zapier-platform push --snapshot` refuses it: a label of 1 to 12 letters and
 * digits, in parts joined by single hyphens (the CLI's own version rule).
 */
export function snapshotVersion(label: string): string {
  const version = `0.0.0-${label}`;
  try {
    if (label.length > 12) throw new Error('too long');
    throwForInvalidVersion(version);
  } catch {
    throw new Error(
      `--snapshot "${label}" is not a label Zapier takes: 1 to 12 letters and digits, ` +
        'in parts joined by single hyphens, such as pr123. Zapier names the version 0.0.0-LABEL.',
    );
  }
  return version;
}

/** Where the CLI talks to Zapier. */
const zapierHost = (env: NodeJS.ProcessEnv): string =>
  new URL(env.ZAPIER_BASE_ENDPOINT ?? 'https://zapier.com').host;

/**
 * "Could not reach Zapier at zapier.com (ECONNREFUSED)" for a request that got
 * no answer (fetch's "fetch failed"), or undefined for any other error.
 */
export function unreachableMessage(error: unknown, env: NodeJS.ProcessEnv): string | undefined {
  // Duck-typed: fetch's TypeError may come from another realm (a test sandbox).
  const failed = error as { message?: unknown; cause?: { code?: unknown; message?: unknown } };
  if (typeof error !== 'object' || error === null || failed.message !== 'fetch failed') {
    return undefined;
  }
  const cause = failed.cause;
  const why = typeof cause?.code === 'string' ? cause.code : String(cause?.message ?? 'no answer');
  return (
    `Could not reach Zapier at ${zapierHost(env)} (${why}). Check the network, ` +
    'and ZAPIER_BASE_ENDPOINT if it is set.'
  );
}

/** For a CLI run whose output only says "fetch failed": where it could not reach. */
export const offlineHint = (output: string, env: NodeJS.ProcessEnv): string | undefined =>
  output.includes('fetch failed')
    ? `Could not reach Zapier at ${zapierHost(env)}: the command needs Zapier's servers. ` +
      'Check the network, and ZAPIER_BASE_ENDPOINT if it is set.'
    : undefined;
