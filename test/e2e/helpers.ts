// The COMPILED app (root index.js → dist/) run through core's app tester against loopback
// servers: every request is real HTTP, and no nock is loaded.
import { createAppTester, type Bundle } from 'zapier-platform-core';
import { loadCompiledApp, methodAt, pointAppAt } from '../../sandbox/harness';
import { startSandbox, type Sandbox } from '../../sandbox/server';

export const app = loadCompiledApp();
const appTester = createAppTester(app);

/** Runs the app's function at a dotted path ("triggers.video.operation.perform"). */
export async function run(path: string, bundle: Partial<Bundle>): Promise<unknown> {
  // Core echoes the run's log to the console: the developers' log, which no test here reads.
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    return await appTester(methodAt(app, path), bundle);
  } finally {
    log.mockRestore();
  }
}

/** A sandbox for the enclosing describe block, with the app's addresses pointed at it. */
export function useSandbox(options?: Parameters<typeof startSandbox>[0]): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(options);
    pointAppAt(sandbox);
  });
  afterAll(() => sandbox?.close());
  return () => {
    if (!sandbox) throw new Error('the sandbox is not running');
    return sandbox;
  };
}
