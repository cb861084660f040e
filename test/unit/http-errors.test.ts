// Every row of the error list, through the real request pipeline (the
// connection test is the cheapest operation that uses the shared HTTP layer).
import nock from 'nock';
import { authentication } from '../../src/auth';
import { errors } from 'zapier-platform-core';
import { errorForAnswer, networkError, retryAfterSeconds } from '../../src/http/errors';
import { API_KEY, appTester, bundleWith, failureOf, userMessage } from '../support/app';

const run = (): Promise<unknown> => appTester(authentication.test, bundleWith());
const api = (): nock.Interceptor => nock('https://api.crmgrow.com').get('/api/template');

// nock hangs node-fetch when given a plain object; an Error with a code works.
const systemError = (code: string, message: string): Error =>
  Object.assign(new Error(message), { code });

/** Every character of `text` as a JSON \\u escape, as some services write non-ASCII text. */
const unicodeEscaped = (text: string): string =>
  [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

const HTML_404 =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n' +
  '</head>\n<body>\n<pre>Cannot GET /api/template</pre>\n</body>\n</html>\n';

describe('the shared error layer', () => {
  it('401 becomes ExpiredAuthError that quotes the service and says how to fix it', async () => {
    api().reply(401, { status: false, error: 'jwt malformed' });
    const error = await failureOf(run());
    expect(error.name).toBe('ExpiredAuthError');
    expect(userMessage(error)).toBe(
      'CRMGrow rejected the API key (HTTP 401: "jwt malformed"). Copy your current API key from ' +
        'CRMGrow and reconnect your CRMGrow account in Zapier.',
    );
  });

  it('a 4xx with a JSON body becomes z.errors.Error with the service text and status', async () => {
    api().reply(400, { status: false, error: 'Account is Suspended' });
    const error = await failureOf(run());
    expect(error.name).toBe('AppError');
    expect(JSON.parse(error.message)).toEqual({
      message:
        'CRMGrow refused the request (HTTP 400: "Account is Suspended"). Check the values this step sends and try again.',
      code: 'request_refused',
      status: 400,
    });
  });

  it('reads a `message` field when there is no `error`', async () => {
    api().reply(403, { message: 'Forbidden for this plan' });
    const error = await failureOf(run());
    expect(userMessage(error)).toContain('(HTTP 403: "Forbidden for this plan")');
  });

  it.each([
    ['`error.message`', { error: { message: '  Token expired  ' } }, 'Token expired'],
    ['`errors.message`', { errors: { message: 'Plan limit reached' } }, 'Plan limit reached'],
    ['`msg`', { status: false, msg: 'Invalid template' }, 'Invalid template'],
    ['`errors` as text', { errors: 'Bad field' }, 'Bad field'],
    ['`message` over a blank `error`', { error: '  ', message: 'Used instead' }, 'Used instead'],
    ['`error` first', { msg: 'third', message: 'second', error: 'first' }, 'first'],
  ])('quotes the service text from %s', async (_name, body, text) => {
    api().reply(400, body);
    expect(userMessage(await failureOf(run()))).toBe(
      `CRMGrow refused the request (HTTP 400: "${text}"). Check the values this step sends and try again.`,
    );
  });

  it.each([
    ['JSON without a known field', { status: false, detail: 'x' }],
    ['a JSON list', ['x']],
    ['a JSON string', '"quoted"'],
    ['an HTML page', '<p>Bad Request</p>'],
    ['blank text', '   \n'],
  ])('quotes nothing from %s', async (_name, body) => {
    api().reply(400, body as nock.Body);
    expect(userMessage(await failureOf(run()))).toBe(
      'CRMGrow refused the request (HTTP 400, with no error message). Check the values this step sends and try again.',
    );
  });

  it('quotes short plain text, trimmed, and cuts long text at 200 characters', async () => {
    api().reply(400, '  Bad things  ', { 'Content-Type': 'text/plain' });
    expect(userMessage(await failureOf(run()))).toContain('(HTTP 400: "Bad things")');
    api().reply(400, `${'x'.repeat(200)}y`, { 'Content-Type': 'text/plain' });
    expect(userMessage(await failureOf(run()))).toContain(`(HTTP 400: "${'x'.repeat(200)}…")`);
    api().reply(400, 'x'.repeat(200), { 'Content-Type': 'text/plain' });
    expect(userMessage(await failureOf(run()))).toContain(`(HTTP 400: "${'x'.repeat(200)}")`);
  });

  it.each([300, 304, 399])(
    'a %i (no redirect to follow) is an unexpected answer that blames BASE_URL',
    async (status) => {
      api().reply(status, '');
      const error = await failureOf(run());
      expect(JSON.parse(error.message)).toEqual({
        message:
          `CRMGrow gave an unexpected answer to GET /api/template (HTTP ${status}). Check the BASE_URL ` +
          'setting (now "https://api.crmgrow.com"): it should be the API\'s address, such as https://api.crmgrow.com.',
        code: 'unexpected_status',
        status,
      });
    },
  );

  it('a 4xx with no readable body still names the status', async () => {
    api().reply(422, '');
    const error = await failureOf(run());
    expect(userMessage(error)).toBe(
      'CRMGrow refused the request (HTTP 422, with no error message). Check the values this step sends and try again.',
    );
  });

  it('an HTML 404 names the method and path, blames BASE_URL, and carries no HTML', async () => {
    process.env.BASE_URL = 'https://app.crmgrow.com';
    nock('https://app.crmgrow.com')
      .get('/api/template')
      .reply(404, HTML_404, { 'Content-Type': 'text/html; charset=utf-8' });
    const error = await failureOf(run());
    expect(error.name).toBe('AppError');
    const message = userMessage(error);
    expect(message).toBe(
      'CRMGrow has no endpoint at GET /api/template (HTTP 404). Check the BASE_URL setting ' +
        '(now "https://app.crmgrow.com"): it should be the API\'s address, such as https://api.crmgrow.com.',
    );
    expect(message).not.toMatch(/[<>]/);
    expect(JSON.parse(error.message).status).toBe(404);
  });

  it('a JSON 404 is treated as the service refusing, with its text', async () => {
    api().reply(404, { status: false, error: 'Contact not found' });
    expect(userMessage(await failureOf(run()))).toContain('(HTTP 404: "Contact not found")');
  });

  it('429 becomes ThrottledError that honours Retry-After in seconds', async () => {
    api().reply(429, { error: 'Too many requests' }, { 'Retry-After': '17' });
    const error = await failureOf(run());
    expect(error.name).toBe('ThrottledError');
    expect(JSON.parse(error.message)).toEqual({
      message:
        'CRMGrow is receiving too many requests (HTTP 429: "Too many requests"). Zapier will retry in 17 seconds.',
      delay: 17,
    });
  });

  it('429 without Retry-After still throttles, with no fixed delay', async () => {
    api().reply(429, '');
    const error = await failureOf(run());
    expect(error.name).toBe('ThrottledError');
    expect(JSON.parse(error.message)).not.toHaveProperty('delay');
  });

  it('reads Retry-After given as an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(retryAfterSeconds('Sat, 21 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('garbage', now)).toBeNull();
  });

  it.each([500, 502, 503])(
    '%i becomes z.errors.Error naming the status and the service text',
    async (status) => {
      api().reply(status, { status: false, error: 'internal_server_error' });
      const error = await failureOf(run());
      expect(error.name).toBe('AppError');
      expect(JSON.parse(error.message)).toEqual({
        message:
          `CRMGrow had a server error on GET /api/template (HTTP ${status}: "internal_server_error"). ` +
          'This is often temporary: try again in a few minutes. If it keeps happening, check that the ' +
          'selected items still exist in CRMGrow.',
        code: 'server_error',
        status,
      });
    },
  );

  it('a 2xx whose JSON says status false is an error, never a success', async () => {
    api().reply(200, { status: false, error: 'Send error' });
    const error = await failureOf(run());
    expect(error.name).toBe('AppError');
    expect(userMessage(error)).toBe(
      'CRMGrow answered that the request failed: "Send error". Nothing was reported as done; check the ' +
        'values this step sends and try again.',
    );
  });

  it('a 2xx that is not JSON is a clear error that names the content type', async () => {
    api().reply(200, '<html><body>CRMGrow</body></html>', { 'Content-Type': 'text/html' });
    const error = await failureOf(run());
    const message = userMessage(error);
    expect(message).toBe(
      'CRMGrow answered GET /api/template with "text/html" content instead of JSON, so the result ' +
        'cannot be trusted. Check the BASE_URL setting (now "https://api.crmgrow.com"): it should be ' +
        "the API's address, such as https://api.crmgrow.com.",
    );
  });

  it('an empty 2xx body where JSON is expected is an error', async () => {
    api().reply(200, ' \n');
    expect(JSON.parse((await failureOf(run())).message)).toEqual({
      message:
        'CRMGrow answered GET /api/template with an empty body instead of JSON, so the result cannot ' +
        'be trusted. Check the BASE_URL setting (now "https://api.crmgrow.com"): it should be the ' +
        "API's address, such as https://api.crmgrow.com.",
      code: 'invalid_response',
      status: 200,
    });
  });

  it('a 2xx that is not JSON and has no content type says so', async () => {
    api().reply(200, 'OK');
    expect(userMessage(await failureOf(run()))).toContain(
      'answered GET /api/template with "unknown" content instead of JSON',
    );
  });

  it.each([
    [{ errno: 'ECONNREFUSED' }, 'the connection was refused'],
    [{ type: 'request-timeout' }, 'the request timed out'],
    [{ type: 'system', code: 'ETIMEDOUT' }, 'the connection timed out'],
    ['ECONNRESET', 'no answer came back'],
  ])('a failure whose cause is %j (as fetch libraries report them) reads "%s"', (cause, reason) => {
    const call = {
      method: 'GET',
      url: 'https://api.crmgrow.com/api/template',
      baseVariable: 'BASE_URL',
      baseUrl: 'https://api.crmgrow.com',
    } as const;
    expect(networkError(errors, call, cause).message).toContain(
      `Could not reach CRMGrow at api.crmgrow.com (${reason}).`,
    );
  });

  it('after a server error, lists every malformed id and each search once', () => {
    const call = {
      method: 'POST',
      url: 'https://api.crmgrow.com/api/send-video',
      baseVariable: 'BASE_URL',
      baseUrl: 'https://api.crmgrow.com',
      ids: [
        { label: 'Video', value: 'Intro', search: 'Find Video' },
        { label: 'Template', value: '64a3d5f8e2c14b7a9d0f6e28', search: 'Find Template' },
        { label: 'Second Video', value: 'Outro', search: 'Find Video' },
        { label: 'Third Video', value: 'Tour', search: 'Find Video' },
      ],
    } as const;
    const answer = {
      status: 502,
      contentType: '',
      content: '',
      body: undefined,
      retryAfter: undefined,
    };
    expect(errorForAnswer(errors, call, answer, 'json')?.message).toBe(
      JSON.stringify({
        message:
          'CRMGrow had a server error on POST /api/send-video (HTTP 502). CRMGrow could not use ' +
          '"Intro" in "Video", "Outro" in "Second Video" or "Tour" in "Third Video": they are not IDs ' +
          'of CRMGrow, which are 24 characters of 0-9 and a-f (a title mapped by mistake, perhaps). ' +
          'Choose from the "Video", "Second Video" and "Third Video" dropdowns, or map the IDs from ' +
          'a Find Video search step.',
        code: 'invalid_id',
        status: 502,
      }),
    );
  });

  it('reads Retry-After with spaces around it, and a date in the past as no wait', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(retryAfterSeconds(' 17 ', now)).toBe(17);
    expect(retryAfterSeconds('Sat, 21 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('Sat, 21 Nov 2026 10:00:00 GMT', now + 1)).toBe(0);
    expect(retryAfterSeconds('', now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });

  it.each([
    [{ code: 'EAI_AGAIN' }, 'the host name could not be looked up'],
    [{ code: 'ECONNRESET' }, 'the connection was reset'],
    [{ code: 'EWHATEVER' }, 'no answer came back'],
    [{ code: 42 }, 'no answer came back'],
  ])('a network failure %j is explained as "%s"', async (fields, reason) => {
    api().replyWithError(Object.assign(new Error('failed'), fields));
    expect(userMessage(await failureOf(run()))).toMatch(
      new RegExp(`^Could not reach CRMGrow at api\\.crmgrow\\.com \\(${reason}\\)\\. Try again`),
    );
  });

  it.each([
    ['ECONNREFUSED', 'the connection was refused'],
    ['ENOTFOUND', 'the host name was not found'],
    ['ETIMEDOUT', 'the connection timed out'],
  ])('a network failure (%s) names the host', async (code, reason) => {
    process.env.BASE_URL = 'https://crm.example.org';
    nock('https://crm.example.org')
      .get('/api/template')
      .replyWithError(systemError(code, `connect ${code} crm.example.org`));
    const error = await failureOf(run());
    expect(error.name).toBe('AppError');
    expect(userMessage(error)).toBe(
      `Could not reach CRMGrow at crm.example.org (${reason}). Try again in a few minutes. Check the ` +
        'BASE_URL setting (now "https://crm.example.org"): it should be the API\'s address, such as https://api.crmgrow.com.',
    );
  });

  it('a bad BASE_URL fails before any request, naming the variable and value', async () => {
    process.env.BASE_URL = 'http://api.crmgrow.com';
    const error = await failureOf(run());
    expect(JSON.parse(error.message)).toEqual({
      message: expect.stringContaining(
        'The BASE_URL setting "http://api.crmgrow.com" must start with https://',
      ),
      code: 'invalid_configuration',
    });
  });

  describe('never reveals the API key', () => {
    const echo = { status: false, error: `token ${API_KEY} is not valid` };
    it.each([
      ['401', () => api().reply(401, echo)],
      ['400', () => api().reply(400, echo)],
      ['429', () => api().reply(429, echo)],
      ['500', () => api().reply(500, echo)],
      ['2xx status false', () => api().reply(200, echo)],
      [
        'plain-text 403',
        () => api().reply(403, `bad key ${API_KEY}`, { 'Content-Type': 'text/plain' }),
      ],
      [
        'JSON-escaped echo',
        () =>
          api().reply(400, `{"error": "token ${unicodeEscaped(API_KEY)} is not valid"}`, {
            'Content-Type': 'application/json',
          }),
      ],
      [
        'network failure',
        () => api().replyWithError(systemError('ECONNRESET', `reset ${API_KEY}`)),
      ],
    ])('%s: not in the message nor the thrown object', async (_name, arrange) => {
      arrange();
      const error = await failureOf(run());
      const everything = `${error.message} ${userMessage(error)} ${JSON.stringify(error)} ${error.stack ?? ''}`;
      expect(everything).not.toContain(API_KEY);
      expect(error.message.length).toBeGreaterThan(20);
    });

    it('replaces an echoed key with a placeholder', async () => {
      api().reply(400, echo);
      expect(userMessage(await failureOf(run()))).toContain('"token [API key] is not valid"');
    });

    it('leaves a key under 4 characters alone: it would blot out ordinary words', async () => {
      nock('https://api.crmgrow.com').get('/api/template').reply(400, { error: 'abcdef is wrong' });
      const short = await failureOf(
        appTester(authentication.test, { authData: { api_key: 'abc' } }),
      );
      expect(userMessage(short)).toContain('"abcdef is wrong"');
      nock('https://api.crmgrow.com').get('/api/template').reply(400, { error: 'abcdef is wrong' });
      const four = await failureOf(
        appTester(authentication.test, { authData: { api_key: 'abcd' } }),
      );
      expect(userMessage(four)).toContain('"[API key]ef is wrong"');
    });

    it('finds a key behind \\/ escapes, and one beside a title\'s \\" escapes', async () => {
      const slashKey = 'ab/cd+ef/gh==';
      const answer = (body: string): void => {
        nock('https://api.crmgrow.com')
          .get('/api/template')
          .reply(400, body, { 'Content-Type': 'application/json' });
      };
      const messageFor = async (key: string): Promise<string> =>
        userMessage(
          await failureOf(appTester(authentication.test, { authData: { api_key: key } })),
        );
      answer(`{"error": "token ${slashKey.replace(/\//g, '\\/')} is not valid"}`);
      expect(await messageFor(slashKey)).toContain('"token [API key] is not valid"');
      answer(`{"error": "token ${API_KEY} is not valid for \\"Open House\\""}`);
      expect(await messageFor(API_KEY)).toContain('token [API key] is not valid for "Open House"');
    });

    it('replaces a JSON-escaped key with the placeholder too', async () => {
      api().reply(400, `{"error": "token ${unicodeEscaped(API_KEY)} is not valid"}`);
      expect(userMessage(await failureOf(run()))).toContain('"token [API key] is not valid"');
    });
  });
});
