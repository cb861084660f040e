// The stand-in's own answers, where the CLI reads them: errors as
// `{"errors": [...]}`, credentials as X-Deploy-Key, the app it holds only.
import AdmZip from 'adm-zip';
import { startZapierPlatform, type ZapierPlatform } from '../../sandbox/zapier-platform';

let platform: ZapierPlatform;
beforeAll(async () => {
  platform = await startZapierPlatform({ appId: 42 });
});
afterAll(() => platform.close());

async function call(
  method: string,
  path: string,
  { key, body }: { key?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${platform.url}/api/platform/cli${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(key ? { 'X-Deploy-Key': key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('the stand-in of Zapier’s platform API', () => {
  it('listens on loopback only', () => {
    expect(platform.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers 401 without its deploy key, and 404 for another app', async () => {
    const unauthenticated = { errors: ['Authentication credentials were not provided.'] };
    expect(await call('GET', '/apps/42')).toEqual({ status: 401, body: unauthenticated });
    expect(await call('GET', '/apps/42', { key: 'not-the-key' })).toEqual({
      status: 401,
      body: unauthenticated,
    });
    expect(await call('GET', '/apps/43', { key: platform.deployKey })).toEqual({
      status: 404,
      body: { errors: ['Not found.'] },
    });
    const app = await call('GET', '/apps/42', { key: platform.deployKey });
    expect(app.status).toBe(200);
    expect(app.body).toMatchObject({ id: 42, key: 'App42CLIAPI', status: 'private' });
    for (const field of ['title', 'description', 'app_category', 'intention', 'role'])
      expect(app.body).toHaveProperty(field);
  });

  it('checks a bare definition without credentials (an unlinked app), and a linked one only with them', async () => {
    const definition = { version: '1.0.0', platformVersion: '19.1.0' };
    const bare = await call('POST', '/check', { body: { app_definition: definition } });
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual({
      passes: [],
      errors: { display_label: 'Errors', total_failures: 0, results: [] },
      warnings: { display_label: 'Publishing Tasks', total_failures: 0, results: [] },
      suggestions: { display_label: 'General Tasks', total_failures: 0, results: [] },
    });
    const linked = { app_id: 42, version: '1.0.0', app_definition: definition };
    expect((await call('POST', '/check', { body: linked })).status).toBe(401);
    expect((await call('POST', '/check', { body: {} })).status).toBe(400);
    expect(platform.checks.map((c) => c.withDeployKey)).toEqual([false]);
  });

  it('groups the findings it is told to report by operation, as the CLI flattens them', async () => {
    platform.answerChecksWith({
      errors: [
        { tag: 'D010', message: 'No id.', type: 'write', key: 'send_pdf' },
        { tag: 'D012', message: 'No sample.', type: 'write', key: 'send_pdf' },
      ],
    });
    const { body } = await call('POST', '/check', {
      key: platform.deployKey,
      body: { app_id: 42, version: '1.0.0', app_definition: {} },
    });
    platform.answerChecksWith({});
    expect(body).toMatchObject({
      errors: {
        total_failures: 2,
        results: [
          {
            type: 'write',
            violations: [
              {
                type: 'send_pdf',
                results: [
                  { tag: 'D010', message: 'No id.' },
                  { tag: 'D012', message: 'No sample.' },
                ],
              },
            ],
          },
        ],
      },
    });
  });

  it('takes an upload of zips for a valid version, and refuses anything else', async () => {
    const archive = new AdmZip();
    archive.addFile('index.js', Buffer.from('module.exports = {};'));
    const zip = archive.toBuffer().toString('base64');
    // A zip's first signature, and nothing a reader can list.
    const header = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]).toString('base64');
    const put = (version: string, body: unknown): Promise<{ status: number }> =>
      call('PUT', `/apps/42/versions/${version}`, { key: platform.deployKey, body });
    expect((await put('1.0', { zip_file: zip, source_zip_file: zip })).status).toBe(400);
    for (const notZip of ['bm90IGEgemlw', header]) {
      expect((await put('1.0.0', { zip_file: notZip, source_zip_file: zip })).status).toBe(400);
    }
    expect((await put('1.0.0', { zip_file: zip, source_zip_file: zip })).status).toBe(200);
    expect(platform.uploads).toEqual([
      expect.objectContaining({ appId: 42, version: '1.0.0', skipValidation: false }),
    ]);
  });

  it("takes snapshot versions as the CLI's version rule does: 0.0.0-LABEL, the label 12 characters at most", async () => {
    const zip = new AdmZip();
    zip.addFile('index.js', Buffer.from('module.exports = {};'));
    const body = { zip_file: zip.toBuffer().toString('base64') };
    const put = async (version: string): Promise<number> =>
      (await call('PUT', `/apps/42/versions/${version}`, { key: platform.deployKey, body })).status;
    expect(await put('0.0.0-pr1234567890')).toBe(200);
    expect(await put('0.0.0-JIRA-12')).toBe(200);
    for (const refused of [
      '0.0.0-pr12345678901',
      '0.0.0-pr_7',
      '0.0.0-pr--7',
      '1.0.0-',
      '1000.0.0',
    ])
      expect({ refused, status: await put(refused) }).toEqual({ refused, status: 400 });
    expect(platform.uploads.map((upload) => upload.version)).toEqual([
      '1.0.0',
      '0.0.0-pr1234567890',
      '0.0.0-JIRA-12',
    ]);
  });
});

describe('canaries on the stand-in, as canary:create, canary:list and canary:delete call them', () => {
  let standIn: ZapierPlatform;
  beforeAll(async () => {
    standIn = await startZapierPlatform({ appId: 7, versions: ['1.0.0', '1.1.0', '1.2.0'] });
  });
  afterAll(() => standIn.close());
  const canary = (
    method: string,
    from: string,
    to: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> =>
    fetch(`${standIn.url}/api/platform/cli/apps/7/versions/${from}/canary-to/${to}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Deploy-Key': standIn.deployKey },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
  const list = async (): Promise<unknown> =>
    (
      await fetch(`${standIn.url}/api/platform/cli/apps/7/canaries`, {
        headers: { 'X-Deploy-Key': standIn.deployKey },
      })
    ).json();

  it('refuses what canary:create would: 1 to 100 %, 30 s to 24 h, two versions it has', async () => {
    const refused = async (from: string, to: string, body: unknown): Promise<number> =>
      (await canary('POST', from, to, body)).status;
    for (const body of [
      { percent: 0, duration: 60 },
      { percent: 101, duration: 60 },
      { percent: 10.5, duration: 60 },
      { percent: 10, duration: 29 },
      { percent: 10, duration: 86401 },
      { percent: '10', duration: 60 },
      { duration: 60 },
    ])
      expect({ body, status: await refused('1.0.0', '1.1.0', body) }).toEqual({
        body,
        status: 400,
      });
    expect(await refused('1.0.0', '9.9.9', { percent: 10, duration: 60 })).toBe(400);
    expect(await refused('1.1.0', '1.1.0', { percent: 10, duration: 60 })).toBe(400);
    expect(await list()).toEqual({ objects: [] });
  });

  it('runs one canary at a time, lists it with its end, and deletes it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const created = await canary('POST', '1.0.0', '1.1.0', { percent: 100, duration: 86400 });
    const after = Math.floor(Date.now() / 1000);
    expect(created.status).toBe(200);
    const running = {
      from_version: '1.0.0',
      to_version: '1.1.0',
      percent: 100,
      until_timestamp: expect.any(Number),
      user: null,
      account_id: null,
    };
    expect(created.body).toEqual(running);
    expect(await list()).toEqual({ objects: [running] });
    const [{ until_timestamp: until = 0 } = {}] = standIn.activeCanaries();
    expect(until).toBeGreaterThanOrEqual(before + 86400);
    expect(until).toBeLessThanOrEqual(after + 86400);

    expect(await canary('POST', '1.1.0', '1.2.0', { percent: 5, duration: 30 })).toEqual({
      status: 400,
      body: { errors: ['A canary from 1.0.0 to 1.1.0 is running: only one at a time.'] },
    });
    expect(await canary('DELETE', '1.1.0', '1.2.0')).toEqual({
      status: 404,
      body: { errors: ['Not found.'] },
    });
    expect(await canary('DELETE', '1.0.0', '1.1.0')).toEqual({ status: 200, body: {} });
    expect(await list()).toEqual({ objects: [] });
    expect(
      (await canary('POST', '1.1.0', '1.2.0', { percent: 5, duration: 30, user: 'a@b.co' })).body,
    ).toMatchObject({ from_version: '1.1.0', to_version: '1.2.0', user: 'a@b.co' });
  });
});
