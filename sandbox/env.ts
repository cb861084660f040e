// The app reads its base addresses from the environment on every request
// (src/config.ts); these point it at a sandbox and put things back after.
import type { Sandbox } from './server';

/** Sets BASE_URL and ALT_BASE_URL to the sandbox's; returns a function that restores them. */
export function pointAppAt(sandbox: Pick<Sandbox, 'baseUrl' | 'altBaseUrl'>): () => void {
  const { BASE_URL, ALT_BASE_URL } = process.env;
  process.env.BASE_URL = sandbox.baseUrl;
  process.env.ALT_BASE_URL = sandbox.altBaseUrl;
  return () => {
    if (BASE_URL === undefined) delete process.env.BASE_URL;
    else process.env.BASE_URL = BASE_URL;
    if (ALT_BASE_URL === undefined) delete process.env.ALT_BASE_URL;
    else process.env.ALT_BASE_URL = ALT_BASE_URL;
  };
}

/** The `.env` lines that point `zapier-platform invoke` at a sandbox. */
export function dotenvLines(sandbox: Pick<Sandbox, 'baseUrl' | 'altBaseUrl' | 'apiKey'>): string {
  return [
    `BASE_URL=${sandbox.baseUrl}`,
    `ALT_BASE_URL=${sandbox.altBaseUrl}`,
    `authData_api_key=${sandbox.apiKey}`,
  ].join('\n');
}
