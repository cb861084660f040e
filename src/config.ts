// The deployment's settings: `zapier-platform env:set` values, read from the environment on every request.

export const DEFAULT_BASE_URL = 'https://api.crmgrow.com';

export type BaseUrlVariable = 'BASE_URL' | 'ALT_BASE_URL';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Under Zapier's 30 s for a step, whose own message names no cause. */
const DEFAULT_DEADLINE_MS = 25_000;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Masks whatever stands before the last "@": a password may hold "/", "?" or "#". */
export function withoutCredentials(raw: string): string {
  const scheme = raw.indexOf('://');
  const start = scheme >= 0 ? scheme + 3 : 0;
  const at = raw.lastIndexOf('@');
  return at >= start ? `${raw.slice(0, start)}***${raw.slice(at)}` : raw;
}

function parseBaseUrl(variable: BaseUrlVariable, raw: string): string {
  const invalid = (why: string): ConfigError =>
    new ConfigError(
      `The ${variable} setting "${withoutCredentials(raw)}" ${why}. Set it with \`zapier-platform env:set <version> ${variable}=${DEFAULT_BASE_URL}\`.`,
    );
  // On the text, first: a password holding "/", "?" or "#" makes the value no URL.
  if (raw.includes('@')) throw invalid('must not contain credentials');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('is not a URL');
  }
  // URL drops an empty "?" or "#", which would still cut every path off the address.
  if (raw.includes('?') || raw.includes('#')) {
    throw invalid('must not contain a query or fragment ("?" or "#")');
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw invalid('must start with https:// (http:// is allowed only for localhost)');
  }
  return url.href.replace(/\/+$/, '');
}

const setting = (env: NodeJS.ProcessEnv, variable: string): string | undefined =>
  env[variable]?.trim() || undefined;

/** ALT_BASE_URL falls back to BASE_URL; a bad one fails only the operations on it. */
export function readBaseUrl(
  variable: BaseUrlVariable,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const value = setting(env, variable);
  if (value) return parseBaseUrl(variable, value);
  return variable === 'ALT_BASE_URL' ? readBaseUrl('BASE_URL', env) : DEFAULT_BASE_URL;
}

/** A limit lowered for tests: a whole number from 1 to the default. */
function readLimit(env: NodeJS.ProcessEnv, variable: string, max: number, unit: string): number {
  const value = setting(env, variable);
  if (value === undefined) return max;
  const limit = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(limit >= 1 && limit <= max)) {
    throw new ConfigError(
      `The ${variable} setting "${value}" must be a whole number of ${unit} from 1 to ${max}. ` +
        `Unset it to use ${max}.`,
    );
  }
  return limit;
}

/** The most of one response read, unpacked, within the memory bound (docs/benchmarks.md, section 9). */
export const DEFAULT_MAX_ANSWER_BYTES = 20 * 1024 * 1024;

export const readDeadlineMs = (env: NodeJS.ProcessEnv = process.env): number =>
  readLimit(env, 'REQUEST_DEADLINE_MS', DEFAULT_DEADLINE_MS, 'milliseconds');

export const readMaxAnswerBytes = (env: NodeJS.ProcessEnv = process.env): number =>
  readLimit(env, 'MAX_ANSWER_BYTES', DEFAULT_MAX_ANSWER_BYTES, 'bytes');
