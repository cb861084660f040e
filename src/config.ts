// The deployment's settings, set with `zapier-platform env:set` and read on every request, so a
// bad one fails only the operations that use it (docs/behaviour.md, "Settings").

export const DEFAULT_BASE_URL = 'https://api.crmgrow.com';

export type BaseUrlSetting = 'BASE_URL' | 'ALT_BASE_URL';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The address a setting gives; ALT_BASE_URL falls back to BASE_URL, and BASE_URL to CRMGrow's. */
export function baseUrlOf(setting: BaseUrlSetting, env = process.env): string {
  const raw = env[setting]?.trim();
  if (!raw) return setting === 'ALT_BASE_URL' ? baseUrlOf('BASE_URL', env) : DEFAULT_BASE_URL;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  // The value itself is never shown: it may hold a password.
  const usable =
    url !== undefined &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) &&
    !url.username &&
    !url.password &&
    !/[?#]/.test(raw);
  if (!usable) {
    throw new Error(
      `${setting} is not a usable address: it must start with https:// (or http:// to ` +
        'localhost) and hold no user name, password, query or fragment.',
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** Which table of paths the app calls (src/http/endpoints.ts): the API spec's, or the `/api-v2/`
 * routes of the service's newest public source. */
export type RouteSet = 'spec' | 'api-v2';

export function routeSetOf(env = process.env): RouteSet {
  const raw = env.API_ROUTES?.trim() ?? '';
  if (raw === '' || raw === 'spec') return 'spec';
  if (raw === 'api-v2') return 'api-v2';
  throw new Error('API_ROUTES is not a usable value: it must be spec (the default) or api-v2.');
}

/** Limits the tests lower, never raise: a whole number from 1 up to the default. */
const lowered = (value: string | undefined, most: number): number => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? Math.min(number, most) : most;
};

/** The timeout of one call to the service: under a step's 30 s (docs: operating constraints),
 * past which Zapier's own message names no cause. */
export const timeoutMs = (env = process.env): number => lowered(env.REQUEST_TIMEOUT_MS, 25_000);

/** The most of one response read, unpacked: the worst list it allows stays within memory. */
export const DEFAULT_MAX_RESPONSE_BYTES = 20 * 1024 * 1024;
export const maxResponseBytes = (env = process.env): number =>
  lowered(env.MAX_RESPONSE_BYTES, DEFAULT_MAX_RESPONSE_BYTES);
