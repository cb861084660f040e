// The app as the unit tests run it: through core's app tester, with the test key.
import { createAppTester, type Bundle, type ZObject } from 'zapier-platform-core';
import App from '../../src/index';

export const API_KEY = 'eyJhbGciOiJIUzI1NiJ9.dGVzdC11c2VyLTRmN2E.s3cr3t-K3y-9Zq';
export const HOST = 'https://api.crmgrow.com';
export const appTester = createAppTester(App);

/** A bundle with the test API key, plus whatever the test adds. */
export function bundleWith(extra: Partial<Bundle> = {}): Partial<Bundle> {
  return { authData: { api_key: API_KEY }, ...extra };
}

/** Runs an operation's method, named by its path in the app ("triggers.video.operation.perform"). */
export function run(method: string, bundle: Partial<Bundle> = bundleWith()): Promise<unknown> {
  const found: unknown = method
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], App);
  if (typeof found !== 'function') throw new Error(`The app has no method ${method}.`);
  return appTester(found as (z: ZObject, bundle: Bundle) => Promise<unknown>, bundle);
}

/** A failure as the Zap builder meets it: the error's type, code, delay and message. */
export interface Failure {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly delay?: number;
}

/** Runs `promise`, expects it to reject, and returns the failure. */
export async function failureOf(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof Error)) throw new Error(`rejected with a non-Error: ${String(error)}`);
    // AppError and ThrottledError carry their message, code and delay as JSON.
    let parsed: { message?: string; code?: string; delay?: number } = {};
    try {
      parsed = JSON.parse(error.message) as typeof parsed;
    } catch {
      parsed = { message: error.message };
    }
    return {
      name: error.name,
      message: parsed.message ?? error.message,
      ...(parsed.code !== undefined && { code: parsed.code }),
      ...(parsed.delay !== undefined && { delay: parsed.delay }),
    };
  }
  throw new Error('expected a failure, but the call succeeded');
}

/** The lines the app logged with z.console.log while `act` ran, and what it returned. */
export async function logsOf<T>(act: () => Promise<T>): Promise<{ result: T; logs: string[] }> {
  const spy = jest.spyOn(console, 'log');
  const before = spy.mock.calls.length;
  const result = await act();
  return {
    result,
    logs: spy.mock.calls.slice(before).map((args) => args.map(String).join(' ').trim()),
  };
}
