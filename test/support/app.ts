import nock from 'nock';
import { createAppTester, type Bundle } from 'zapier-platform-core';
import App from '../../src/index';

export const API_KEY = 'eyJhbGciOiJIUzI1NiJ9.dGVzdC11c2VyLTRmN2E.s3cr3t-K3y-9Zq';
export const appTester = createAppTester(App);

/** A bundle with the test API key, plus whatever the test adds. */
export function bundleWith(extra: Partial<Bundle> = {}): Partial<Bundle> {
  return { authData: { api_key: API_KEY }, ...extra };
}

/**
 * The user-facing message of a Zapier error: AppError and ThrottledError carry it
 * as JSON; for the others the app tester appends a "What happened:" block.
 */
export function userMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  try {
    const parsed = JSON.parse(error.message) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // a plain message
  }
  return error.message.split('\nWhat happened:')[0] ?? error.message;
}

/** Runs `promise`, expects it to reject, and returns the error. */
export async function failureOf(
  promise: Promise<unknown>,
): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error as Error & Record<string, unknown>;
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error('expected a failure, but the call succeeded');
}

/**
 * The requests nock could not match in each test of the file, as "METHOD path":
 * proof that a refused input sent nothing. Call once, at the top of a test file.
 */
export function unmatchedRequests(): string[] {
  const unmatched: string[] = [];
  const onNoMatch = (request: { method?: string; path?: string }): void => {
    unmatched.push(`${request.method ?? '?'} ${request.path ?? '?'}`);
  };
  beforeEach(() => {
    unmatched.length = 0;
    nock.emitter.on('no match', onNoMatch);
  });
  afterEach(() => {
    nock.emitter.removeListener('no match', onNoMatch);
  });
  return unmatched;
}
