// The artifact we push, run as Zapier runs it: build/build.zip (made by
// `npm run build:zip`, which `npm test` runs first) is unpacked into a
// temporary folder and its zapierwrapper.js handler is called in a fresh Node
// process with Lambda-style events, against the sandbox over loopback.
import { readdirSync, readFileSync, rmSync, statSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { extractZip, type ZipEntry } from '../../scripts/lib/zip';
import { startSandbox, type Sandbox } from '../../sandbox';
import { invoke, unpackZip, userMessage, zipPath } from '../support/lambda';

const root = join(__dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => name.split('\\').join('/'));
}

// Each call starts a Node process that loads zapier-platform-core from the zip.
jest.setTimeout(60_000);

describe('build/build.zip, run as Zapier runs it', () => {
  let sandbox: Sandbox;
  let unpacked: string;
  let entries: ZipEntry[];
  let removeUnpacked = (): void => undefined;
  const event = (method: string, bundle: object, apiKey = sandbox.apiKey): object => ({
    command: 'execute',
    method,
    bundle: { authData: { api_key: apiKey }, ...bundle },
    // Zapier hands `zapier-platform env:set` values to the app this way.
    environment: { BASE_URL: sandbox.baseUrl, ALT_BASE_URL: sandbox.altBaseUrl },
  });

  beforeAll(async () => {
    sandbox = await startSandbox();
    ({ dir: unpacked, entries, remove: removeUnpacked } = unpackZip());
  });

  afterAll(async () => {
    await sandbox.close();
    removeUnpacked();
  });

  it('holds the entry points and every compiled file, as built from the current dist/', () => {
    const names = new Set(entries.map((e) => e.name));
    for (const name of ['zapierwrapper.js', 'index.js', 'package.json', 'definition.json']) {
      expect(names).toContain(name);
    }
    const compiled = filesUnder(join(root, 'dist')).filter((name) => name.endsWith('.js'));
    expect(compiled.length).toBeGreaterThan(10);
    for (const name of compiled) {
      const inZip = readFileSync(join(unpacked, 'dist', name), 'utf8');
      expect({ name, current: inZip === readFileSync(join(root, 'dist', name), 'utf8') }).toEqual({
        name,
        current: true,
      });
    }
  });

  it('carries nothing from devDependencies, nor tests, sandbox or sources', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    const devOnly = Object.keys(pkg.devDependencies);
    const leaked = entries
      .map((e) => e.name)
      .filter(
        (name) =>
          devOnly.some((dep) => name.startsWith(`node_modules/${dep}/`)) ||
          /^(src|test|sandbox|scripts|dist-tools)\//.test(name),
      );
    expect(leaked).toEqual([]);
    expect(entries.some((e) => e.name.startsWith('node_modules/zapier-platform-core/'))).toBe(true);
  });

  it('answers the connection test, a poll, an action and a hook sample through the handler', async () => {
    const template = sandbox.data.templates[0];
    const pdf = sandbox.data.pdfs[0];
    if (!template || !pdf) throw new Error('the sandbox has no seeded template or pdf');
    const [auth, poll, send, sample] = await invoke(unpacked, [
      event('authentication.test', {}),
      event('triggers.video.operation.perform', {}),
      event('creates.send_pdf.operation.perform', {
        inputData: { email: 'new.lead@example.com', pdf_id: pdf.id, template_id: template.id },
      }),
      event('triggers.add_contact.operation.performList', {}),
    ]);

    expect(auth).toMatchObject({ ok: true, results: { ok: true } });
    expect(poll?.ok).toBe(true);
    // Newest first: the seeded ids share their time and count up.
    expect(poll?.results).toEqual(
      sandbox.data.videos.map((video) => ({ id: video.id, title: video.title })).reverse(),
    );
    expect(send).toMatchObject({
      ok: true,
      results: expect.objectContaining({
        status: true,
        email: 'new.lead@example.com',
        pdf_id: pdf.id,
        template_id: template.id,
      }),
    });
    expect(sample?.ok).toBe(true);
    expect(sample?.results).toEqual([expect.objectContaining({ id: expect.any(String) })]);

    // send_pdf went to ALT_BASE_URL, the others to BASE_URL, each with the key.
    expect(sandbox.requests.map((r) => [r.base, r.method, r.path])).toEqual([
      ['BASE_URL', 'GET', '/api/template'],
      ['BASE_URL', 'GET', '/api/video'],
      ['ALT_BASE_URL', 'POST', '/api/send-pdf'],
      ['BASE_URL', 'GET', '/api/outbound/perform'],
    ]);
    expect(sandbox.requests.every((r) => r.headers.authorization === sandbox.apiKey)).toBe(true);
  });

  it('brings a failure back to the caller as the user-facing message', async () => {
    const [failed] = await invoke(unpacked, [
      event('authentication.test', {}, 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjoibm9ib2R5In0.wrong'),
    ]);
    expect(failed?.ok).toBe(false);
    expect(failed?.name).toBe('ExpiredAuthError');
    expect(userMessage(failed ?? { ok: false })).toBe(
      'CRMGrow rejected the API key (HTTP 401: "invalid signature"). Copy your current API key from ' +
        'CRMGrow and reconnect your CRMGrow account in Zapier.',
    );
  });

  it('fails loudly when a runtime file is missing (the check above can fail)', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'crmgrow-artifact-broken-'));
    try {
      extractZip(zipPath, broken);
      rmSync(join(broken, 'dist', 'http', 'errors.js'));
      const [outcome] = await invoke(broken, [event('authentication.test', {})]);
      expect(outcome?.ok).toBe(false);
      expect(outcome?.message).toContain('Cannot find module');
      expect(relative(broken, join(broken, 'dist'))).toBe('dist');
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
