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
 * REQUEST_DEADLINE_MS: a shorter deadline, for tests of a service that never
 * answers; never longer than the default, which is already close to Zapier's limit.
 */
export function readDeadlineMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = setting(env, 'REQUEST_DEADLINE_MS');
  if (value === undefined) return DEFAULT_DEADLINE_MS;
  const ms = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(ms >= 1 && ms <= DEFAULT_DEADLINE_MS)) {
    throw new ConfigError(
      `The REQUEST_DEADLINE_MS setting "${value}" must be a whole number of milliseconds ` +
        `from 1 to ${DEFAULT_DEADLINE_MS}. Unset it to use ${DEFAULT_DEADLINE_MS}.`,
    );
  }
  return ms;
}

/**
 * The most of one answer read into memory, after decompression. Measured
 * through build.zip in a fresh process (docs/benchmarks.md, section 9): a list
 * answer at this size, in the shape that costs most (over 300,000 short
 * items, in no order), peaks at 279 MB of RSS, under Zapier's ~450 MB;
 * 64 MiB peaked at 553 MB. 200,000 videos are 14 MiB.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 20 * 1024 * 1024;

/** MAX_ANSWER_BYTES: a smaller cap, for tests of the cap; never larger than the default. */
export function readMaxAnswerBytes(env: NodeJS.ProcessEnv = process.env): number {
  const value = setting(env, 'MAX_ANSWER_BYTES');
  if (value === undefined) return DEFAULT_MAX_ANSWER_BYTES;
  const bytes = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!(bytes >= 1 && bytes <= DEFAULT_MAX_ANSWER_BYTES)) {
    throw new ConfigError(
      `The MAX_ANSWER_BYTES setting "${value}" must be a whole number of bytes from 1 to ` +
        `${DEFAULT_MAX_ANSWER_BYTES}. Unset it to use ${DEFAULT_MAX_ANSWER_BYTES}.`,
    );
  }
  return bytes;
}
