// The deployment's settings: where the service is, read on every request.
import nock from 'nock';
import {
  baseUrlOf,
  timeoutMs,
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RESPONSE_BYTES,
  maxResponseBytes,
  routeSetOf,
} from '../../src/config';
import { bundleWith, failureOf, logsOf, run } from '../support/app';
import { methodOf } from '../support/live-zap-keys';

it.each([
  [{}, 'BASE_URL', 'https://api.crmgrow.com'],
  [{ BASE_URL: ' https://ecsbe.crmgrow.com/ ' }, 'BASE_URL', 'https://ecsbe.crmgrow.com'],
  [{ BASE_URL: 'https://x.example/crm//' }, 'ALT_BASE_URL', 'https://x.example/crm'],
  [{ BASE_URL: 'https://x.example', ALT_BASE_URL: '' }, 'ALT_BASE_URL', 'https://x.example'],
  [{ ALT_BASE_URL: 'http://127.0.0.1:8080' }, 'ALT_BASE_URL', 'http://127.0.0.1:8080'],
  [{ BASE_URL: 'http://[::1]:9' }, 'BASE_URL', 'http://[::1]:9'],
  [{ BASE_URL: 'http://localhost:3000' }, 'BASE_URL', 'http://localhost:3000'],
] as const)('%j gives %s %s', (env, setting, url) => {
  expect(baseUrlOf(setting, env)).toBe(url);
});

it.each([
  'http://api.crmgrow.com',
  'https://user:p@ss@api.crmgrow.com',
  'https://api.crmgrow.com/?',
  'https://api.crmgrow.com#x',
  'ftp://api.crmgrow.com',
  'crm.example',
])('%s is refused, and the message never shows it', (value) => {
  // Only developers read it, in the log: the words are theirs, asserted here once.
  expect(() => baseUrlOf('BASE_URL', { BASE_URL: value })).toThrow(
    new Error(
      'BASE_URL is not a usable address: it must start with https:// (or http:// to localhost) ' +
        'and hold no user name, password, query or fragment.',
    ),
  );
  expect(() => baseUrlOf('BASE_URL', { BASE_URL: value })).not.toThrow(value);
});

it('a bad ALT_BASE_URL fails Send PDF alone; the log names it, the message does not', async () => {
  process.env.ALT_BASE_URL = 'http://alt.example';
  nock('https://api.crmgrow.com').get('/api/pdf').reply(200, []);
  await expect(run('triggers.pdf.operation.perform')).resolves.toEqual([]);
  const { path, inputData } = methodOf('send_pdf');
  const { result: failure, logs } = await logsOf(() =>
    failureOf(run(path, bundleWith({ inputData }))),
  );
  expect([failure.name, failure.code]).toEqual(['AppError', 'invalid_configuration']);
  expect(failure.message).not.toMatch(/ALT_BASE_URL|alt\.example|env:set/);
  expect(logs).toContainEqual(expect.stringMatching(/^ALT_BASE_URL is not a usable address/));
  expect(logs.join('\n')).not.toContain('alt.example');
});

it('the tests may lower the timeout, never raise it', () => {
  expect([
    timeoutMs({}),
    timeoutMs({ REQUEST_TIMEOUT_MS: '50' }),
    timeoutMs({ REQUEST_TIMEOUT_MS: '90000' }),
    timeoutMs({ REQUEST_TIMEOUT_MS: 'x' }),
  ]).toEqual([25_000, 50, 25_000, 25_000]);
});

it('a blank setting is no setting', () => {
  expect(baseUrlOf('BASE_URL', { BASE_URL: '   ' })).toBe(DEFAULT_BASE_URL);
});

it('http:// is only for loopback: another scheme to localhost is refused', () => {
  expect(() => baseUrlOf('BASE_URL', { BASE_URL: 'ftp://localhost' })).toThrow(
    /^BASE_URL is not a usable address/,
  );
});

it.each([
  ['1', 1],
  ['0', DEFAULT_MAX_RESPONSE_BYTES],
  ['-5', DEFAULT_MAX_RESPONSE_BYTES],
  ['2.5', DEFAULT_MAX_RESPONSE_BYTES],
])('MAX_RESPONSE_BYTES %j gives a cap of %i: a whole number from 1 up', (value, bytes) => {
  expect(maxResponseBytes({ MAX_RESPONSE_BYTES: value })).toBe(bytes);
});

// Zapier's most for an HTTP response (docs: operating constraints, 20 MB); bench section 9 holds
// its memory.
it('reads at most 20 MiB of a response unless a test lowers it', () => {
  expect(maxResponseBytes({})).toBe(20 * 1024 * 1024);
  expect(maxResponseBytes({ MAX_RESPONSE_BYTES: String(64 * 1024 * 1024) })).toBe(20 * 1024 * 1024);
});

it.each([
  [{}, 'spec'],
  [{ API_ROUTES: '' }, 'spec'],
  [{ API_ROUTES: ' spec ' }, 'spec'],
  [{ API_ROUTES: ' api-v2 ' }, 'api-v2'],
] as const)('API_ROUTES %j calls the routes of %s', (env, routes) => {
  expect(routeSetOf(env)).toBe(routes);
});

it.each(['v2', 'API-V2', 'spec,api-v2'])('API_ROUTES %j is refused, named in the log', (value) => {
  expect(() => routeSetOf({ API_ROUTES: value })).toThrow(
    new Error('API_ROUTES is not a usable value: it must be spec (the default) or api-v2.'),
  );
});
