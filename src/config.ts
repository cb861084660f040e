// The deployment's settings. Zapier passes `zapier-platform env:set` values
// to the app as environment variables, so they are read on every request.

export const DEFAULT_BASE_URL = 'https://api.crmgrow.com';

export type BaseUrlVariable = 'BASE_URL' | 'ALT_BASE_URL';

export type ServiceConfig = Readonly<Record<BaseUrlVariable, string>>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * How long one exchange with the service may take, headers and body: Zapier
 * stops a step at 30 s with a message of its own, which names no cause.
 */
export const DEFAULT_DEADLINE_MS = 25_000;

/** A configuration value that cannot be used; its message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The value as it may be shown: whatever stands before the last "@" (a user
 * name and password) is masked, even in a value that is no URL. A password
 * may hold "/", "?" or "#", so no other mark ends the part masked.
 */
export function withoutCredentials(raw: string): string {
  const scheme = raw.indexOf('://');
  const start = scheme >= 0 ? scheme + 3 : 0;
  const at = raw.lastIndexOf('@');
  return at >= start ? `${raw.slice(0, start)}***${raw.slice(at)}` : raw;
}

const howToSet = (variable: string, example: string): string =>
  `Set it with \`zapier-platform env:set <version> ${variable}=${example}\`.`;

function parseBaseUrl(variable: BaseUrlVariable, raw: string): string {
  const invalid = (why: string): ConfigError =>
    new ConfigError(
      `The ${variable} setting "${withoutCredentials(raw)}" ${why}. ${howToSet(variable, DEFAULT_BASE_URL)}`,
    );
  // First, and on the text: a password holding "/", "?" or "#" makes the value no URL,
  // and an "@" anywhere may end credentials the parser does not see.
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

/**
 * One base address, checked. ALT_BASE_URL falls back to BASE_URL, and only
 * the operations on it read it: a bad ALT_BASE_URL fails only those.
 */
export function readBaseUrl(
  variable: BaseUrlVariable,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const value = setting(env, variable);
  if (value) return parseBaseUrl(variable, value);
  return variable === 'ALT_BASE_URL' ? readBaseUrl('BASE_URL', env) : DEFAULT_BASE_URL;
}

/** Reads and checks BASE_URL and ALT_BASE_URL; an empty value counts as unset. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return { BASE_URL: readBaseUrl('BASE_URL', env), ALT_BASE_URL: readBaseUrl('ALT_BASE_URL', env) };
}

/**
 * A limit set smaller than its default, for tests of a service that never
 * answers or of the cap: a whole number from 1 to the default, the default when unset.
 */
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

/**
 * The most of one response read into memory, after decompression: at this
 * size the list that costs most memory stays under the 300 MB target, inside
 * Zapier's memory (docs/benchmarks.md, section 9).
 */
export const DEFAULT_MAX_ANSWER_BYTES = 20 * 1024 * 1024;

/** REQUEST_DEADLINE_MS: never longer than the default, which is already close to Zapier's limit. */
export const readDeadlineMs = (env: NodeJS.ProcessEnv = process.env): number =>
  readLimit(env, 'REQUEST_DEADLINE_MS', DEFAULT_DEADLINE_MS, 'milliseconds');

/** MAX_ANSWER_BYTES: never larger than the default. */
export const readMaxAnswerBytes = (env: NodeJS.ProcessEnv = process.env): number =>
  readLimit(env, 'MAX_ANSWER_BYTES', DEFAULT_MAX_ANSWER_BYTES, 'bytes');
