// End-to-end helpers: the COMPILED app (root index.js → dist/, built by
// pretest) run through core's app tester, against a sandbox on loopback.
// No nock here: every request is real HTTP.
import { createAppTester, type Bundle } from 'zapier-platform-core';
import type { ReceivedHook } from '../../sandbox/receiver';
import { loadCompiledApp, methodAt, userMessageOf } from '../../sandbox/harness';
import { pointAppAt } from '../../sandbox/env';
import {
  startSandbox,
  type RecordedRequest,
  type Sandbox,
  type SandboxOptions,
} from '../../sandbox/server';

export const app = loadCompiledApp();
const appTester = createAppTester(app);

/** Runs the app's function at a dotted path ("triggers.video.operation.perform"). */
export function run(path: string, bundle: Partial<Bundle>): Promise<unknown> {
  return appTester(methodAt(app, path), bundle);
}

/**
 * A sandbox for the enclosing describe block: started before its tests (the
 * app's BASE_URL and ALT_BASE_URL pointed at it), closed and restored after.
 */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
  let sandbox: Sandbox | undefined;
  let restore = (): void => undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(options);
    restore = pointAppAt(sandbox);
  });
  afterAll(async () => {
    restore();
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('the sandbox is not running');
    return sandbox;
  };
}

/** A bundle with the sandbox's API key, plus whatever the test adds. */
export function bundleFor(sandbox: Sandbox, extra: Partial<Bundle> = {}): Partial<Bundle> {
  return { authData: { api_key: sandbox.apiKey }, ...extra };
}

/** The requests the sandbox received while `action` ran. */
export async function requestsDuring(
  sandbox: Sandbox,
  action: () => Promise<unknown>,
): Promise<{ result: unknown; requests: RecordedRequest[] }> {
  const before = sandbox.requests.length;
  const result = await action();
  return { result, requests: sandbox.requests.slice(before) };
}

/** Runs `promise`, expects it to reject, and returns the error's name and user-facing message. */
export async function failureOf(
  promise: Promise<unknown>,
): Promise<{ name: string; message: string; error: Error }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof Error)) throw new Error(`rejected with a non-Error: ${String(error)}`);
    return { name: error.name, message: userMessageOf(error), error };
  }
  throw new Error('expected a failure, but the call succeeded');
}

/** A webhook as Zapier hands it to perform: parsed, and as the raw request it came in. */
export const deliveredRequest = (
  hook: ReceivedHook,
): Pick<Bundle, 'cleanedRequest' | 'rawRequest'> => ({
  cleanedRequest: hook.body as Bundle['cleanedRequest'],
  rawRequest: {
    method: 'POST',
    querystring: '',
    headers: { 'Content-Type': String(hook.headers['content-type']) },
    content: hook.rawBody,
  },
});
