// Running the COMPILED app (root index.js → dist/) the way Zapier runs it,
// for the start script, the end-to-end tests and benchmarks.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as core from 'zapier-platform-core';
import type {
  Authentication,
  Bundle,
  Create,
  Search,
  Trigger,
  ZObject,
} from 'zapier-platform-core';
import type { Sandbox } from './server';

export interface CompiledApp {
  readonly authentication: Authentication;
  readonly triggers: Readonly<Record<string, Trigger>>;
  readonly creates: Readonly<Record<string, Create>>;
  readonly searches: Readonly<Record<string, Search>>;
}

export type AppMethod = (z: ZObject, bundle: Bundle) => unknown;

/** The folder with package.json and the root index.js, from here or from dist-tools/. */
export function projectRoot(from = __dirname): string {
  let dir = from;
  while (!(existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'index.js')))) {
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`no project root (package.json and index.js) above ${from}`);
    dir = parent;
  }
  return dir;
}

/** The app Zapier would load: the root index.js, which re-exports dist/index.js. */
export function loadCompiledApp(): CompiledApp {
  const root = projectRoot();
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    throw new Error('dist/index.js is missing: run `npm run build` first.');
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(root, 'index.js')) as CompiledApp;
}

/** The function at a dotted path of the app, such as "triggers.video.operation.perform". */
export function methodAt(app: CompiledApp, path: string): AppMethod {
  let node: unknown = app;
  for (const part of path.split('.')) {
    node =
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  if (typeof node !== 'function') throw new Error(`the app has no function at ${path}`);
  return node as AppMethod;
}

/** Points the app at a sandbox: it reads BASE_URL and ALT_BASE_URL on every request. */
export function pointAppAt(sandbox: Pick<Sandbox, 'baseUrl' | 'altBaseUrl'>): void {
  process.env.BASE_URL = sandbox.baseUrl;
  process.env.ALT_BASE_URL = sandbox.altBaseUrl;
}

type Handler = (event: Record<string, unknown>) => Promise<{ results: unknown }>;
// Exported by core at runtime but missing from its type definitions.
const { createAppHandler } = core as unknown as { createAppHandler: (app: object) => Handler };

export type Invoke = (method: string, bundle: Partial<Bundle>) => Promise<unknown>;

/**
 * Calls a method of the app through core's Lambda handler, with the event
 * `zapier-platform invoke` sends: core runs its output checks and throws
 * their failures, as it does for a developer.
 */
export function createInvoker(app: CompiledApp): Invoke {
  const handler = createAppHandler(app);
  return async (method, bundle) => {
    const response = await handler({
      command: 'execute',
      method,
      bundle,
      calledFromCli: true,
      calledFromCliInvoke: true,
    });
    return response.results;
  };
}
