// The service's base addresses. Zapier passes `zapier-platform env:set` values
// to the app as environment variables, so they are read on every request.

export const DEFAULT_BASE_URL = 'https://api.crmgrow.com';

export type BaseUrlVariable = 'BASE_URL' | 'ALT_BASE_URL';

export type ServiceConfig = Readonly<Record<BaseUrlVariable, string>>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A configuration value that cannot be used; its message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseBaseUrl(variable: BaseUrlVariable, raw: string): string {
  const invalid = (why: string): ConfigError =>
    new ConfigError(
      `The ${variable} setting "${raw}" ${why}. Set it with ` +
        `\`zapier-platform env:set <version> ${variable}=https://api.crmgrow.com\`.`,
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('is not a URL');
  }
  if (url.username || url.password) throw invalid('must not contain credentials');
  if (url.search || url.hash) throw invalid('must not contain a query or fragment');
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw invalid('must start with https:// (http:// is allowed only for localhost)');
  }
  return url.href.replace(/\/+$/, '');
}

/** Reads and checks BASE_URL and ALT_BASE_URL; an empty value counts as unset. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const base = env.BASE_URL?.trim()
    ? parseBaseUrl('BASE_URL', env.BASE_URL.trim())
    : DEFAULT_BASE_URL;
  const alt = env.ALT_BASE_URL?.trim()
    ? parseBaseUrl('ALT_BASE_URL', env.ALT_BASE_URL.trim())
    : base;
  return { BASE_URL: base, ALT_BASE_URL: alt };
}
