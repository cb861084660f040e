import nock from 'nock';
import App from '../../src/index';
import { authentication } from '../../src/auth';
import { API_KEY, appTester, bundleWith, failureOf, userMessage } from '../support/app';

const TEMPLATES = [{ id: '5f1a2b3c4d5e6f7a8b9c0d1e', title: 'Welcome e-mail' }];

describe('authentication', () => {
  it('is a custom auth with one required, password-type API key field, and an optional account email', () => {
    expect(App.authentication?.type).toBe('custom');
    expect(App.authentication?.fields).toEqual([
      expect.objectContaining({
        key: 'api_key',
        label: 'API Key',
        type: 'password',
        required: true,
      }),
      expect.objectContaining({
        key: 'account_email',
        label: 'Account Email',
        type: 'string',
        required: false,
      }),
    ]);
  });

  it('says where to find the key, with a markdown link (Zapier check D002)', () => {
    const helpText = App.authentication?.fields?.[0]?.helpText ?? '';
    expect(helpText).toMatch(/\[[^\]]+\]\(https:\/\/[^)]+\)/);
  });

  it('tests the connection with GET /api/template and the bare key in Authorization', async () => {
    const scope = nock('https://api.crmgrow.com', {
      reqheaders: { authorization: API_KEY, 'content-type': 'application/json' },
    })
      .get('/api/template')
      .reply(200, TEMPLATES);

    const result = await appTester(authentication.test, bundleWith());
    expect(result).toEqual({ ok: true });
    expect(scope.isDone()).toBe(true);
  });

  it('trims a key pasted with spaces', async () => {
    nock('https://api.crmgrow.com', { reqheaders: { authorization: API_KEY } })
      .get('/api/template')
      .reply(200, TEMPLATES);
    await appTester(authentication.test, { authData: { api_key: `  ${API_KEY}\n` } });
  });

  it('uses BASE_URL for the connection test', async () => {
    process.env.BASE_URL = 'https://ecsbe.crmgrow.com/';
    nock('https://ecsbe.crmgrow.com').get('/api/template').reply(200, TEMPLATES);
    await appTester(authentication.test, bundleWith());
  });

  it('fails the connection test on a rejected key with the service text', async () => {
    nock('https://api.crmgrow.com')
      .get('/api/template')
      .reply(401, { status: false, error: 'invalid signature' });
    const error = await failureOf(appTester(authentication.test, bundleWith()));
    expect(error.name).toBe('ExpiredAuthError');
    expect(userMessage(error)).toContain('"invalid signature"');
  });

  it.each([
    ['a bare list', TEMPLATES],
    ['an empty list', []],
    ['a { "data": [...] } envelope', { status: true, data: TEMPLATES }],
  ])('passes on %s: a list shows the key works', async (_what, answer) => {
    nock('https://api.crmgrow.com').get('/api/template').reply(200, answer);
    expect(await appTester(authentication.test, bundleWith())).toEqual({ ok: true });
  });

  it.each([
    ['{}', {}],
    ['{"status":true}', { status: true }],
    ['{"data":{"id":"x"}}', { data: { id: 'x' } }],
  ])('fails on a 200 of %s: no list, so the key is not shown to work', async (shown, answer) => {
    nock('https://api.crmgrow.com').get('/api/template').reply(200, answer);
    const error = await failureOf(appTester(authentication.test, bundleWith()));
    expect(JSON.parse(error.message)).toEqual({
      message: `CRMGrow answered GET /api/template without confirming it (no list; its answer: ${shown}), so it is not taken as done. Try again in a few minutes; if it keeps happening, contact CRMGrow support with this message.`,
      code: 'unconfirmed',
      status: 200,
    });
  });

  it.each([
    ['invalid signature', { error: 'invalid signature' }],
    ['invalid_user', { status: false, error: 'invalid_user' }],
  ])('asks to reconnect on a 200 saying "%s"', async (said, answer) => {
    nock('https://api.crmgrow.com').get('/api/template').reply(200, answer);
    const error = await failureOf(appTester(authentication.test, bundleWith()));
    expect(error.name).toBe('ExpiredAuthError');
    expect(userMessage(error)).toBe(
      `CRMGrow refused the API key (HTTP 200; CRMGrow said "${said}"). Copy your current API key from CRMGrow and reconnect your CRMGrow account in Zapier.`,
    );
  });

  it('fails on a 200 saying another error, quoting it', async () => {
    nock('https://api.crmgrow.com').get('/api/template').reply(200, { error: 'Plan expired' });
    const error = await failureOf(appTester(authentication.test, bundleWith()));
    expect(userMessage(error)).toBe(
      'CRMGrow answered that the request failed (CRMGrow said "Plan expired"). Nothing was reported as done. If it keeps happening, contact CRMGrow support with this message.',
    );
  });

  it('fails clearly, without a request, when no key is connected', async () => {
    const error = await failureOf(appTester(authentication.test, { authData: {} }));
    expect(error.name).toBe('ExpiredAuthError');
    expect(userMessage(error)).toMatch(/No CRMGrow API key is connected/);
  });

  it('labels the connection by the account email, trimmed, without a request', async () => {
    const label = await appTester(
      authentication.connectionLabel,
      bundleWith({ authData: { api_key: API_KEY, account_email: '  agent@example.com ' } }),
    );
    expect(label).toBe('agent@example.com');
  });

  it.each([
    ['no account email (a connection made before the field)', { api_key: API_KEY }],
    ['a blank one', { api_key: API_KEY, account_email: '   ' }],
    ['the key pasted into it', { api_key: API_KEY, account_email: ` ${API_KEY} ` }],
    ['text that holds the key', { api_key: API_KEY, account_email: `me ${API_KEY}` }],
  ])(
    '%s: an empty label, so Zapier names the connection by the app; never the key',
    async (_what, authData) => {
      const label = await appTester(authentication.connectionLabel, { authData });
      expect(label).toBe('');
    },
  );

  it('no part of the key, even with no account email', async () => {
    const label = String(await appTester(authentication.connectionLabel, bundleWith()));
    expect(label).not.toContain(API_KEY.slice(-4));
  });
});
