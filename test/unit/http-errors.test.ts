// Every row of the error tables, through the real request pipeline (the
// connection test is the cheapest operation that uses the shared HTTP layer).
import nock from 'nock';
import { gzipSync } from 'node:zlib';
import { authentication } from '../../src/auth';
import App from '../../src/index';
import { errors, type Bundle, type ZObject } from 'zapier-platform-core';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/config';
import { ENDPOINTS, type Endpoint } from '../../src/http/endpoints';
import { shown, type CallContext, type SentField } from '../../src/http/errors';
import { parseJson } from '../../src/http/json';
import { redact } from '../../src/http/key';
import { networkError } from '../../src/http/network-errors';
import { errorForResponse, retryDelayOf } from '../../src/http/response-errors';
import type { ApiResponse } from '../../src/http/responses';
import { API_KEY, appTester, bundleWith, failureOf, userMessage } from '../support/app';

const { creates } = App;

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

const VIDEO = '64b7f0c2a91e3d5f8c2b4a17';
const TEMPLATE = '64a3d5f8e2c14b7a9d0f6e28';

/** Send Video, through the app tester: a write. */
const runSend = (inputData: Record<string, string>): Promise<unknown> =>
  appTester(
    creates.send_video.operation.perform as (z: ZObject, bundle: Bundle) => Promise<unknown>,
    bundleWith({ inputData }),
  );
const sendVideo = (body: Record<string, string>): nock.Interceptor =>
  nock('https://api.crmgrow.com', {
    reqheaders: { authorization: API_KEY, 'content-type': 'application/json' },
  }).post('/api/send-video', (sent: unknown) => {
    expect(sent).toEqual(body);
    return true;
  });

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

  it('a suspended account says so, on the connection test too, and gives no advice on values', async () => {
    api().reply(400, { status: false, error: 'Account is Suspended' });
    const error = await failureOf(run());
    expect(error.name).toBe('AppError');
    expect(JSON.parse(error.message)).toEqual({
      message:
        'Your CRMGrow account is suspended (CRMGrow said "Account is Suspended"), so CRMGrow refuses ' +
        'every request. Sign in to CRMGrow to restore the account, then try again.',
      code: 'account_suspended',
      status: 400,
    });
  });

  it('a 4xx on a read becomes z.errors.Error with the service text, status and endpoint', async () => {
    api().reply(400, { status: false, error: 'Plan expired' });
    const error = await failureOf(run());
    expect(JSON.parse(error.message)).toEqual({
      message:
        'CRMGrow refused GET /api/template (HTTP 400: "Plan expired"). If it keeps happening, ' +
        'contact CRMGrow support with this message.',
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
      `CRMGrow refused GET /api/template (HTTP 400: "${text}"). If it keeps happening, contact CRMGrow support with this message.`,
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
      'CRMGrow refused GET /api/template (HTTP 400, with no error message). If it keeps happening, contact CRMGrow support with this message.',
    );
  });

  it('quotes short plain text, trimmed, and cuts long text at 200 characters', async () => {
    api().reply(400, '  Bad things  ', { 'Content-Type': 'text/plain' });
    expect(userMessage(await failureOf(run()))).toContain('(HTTP 400: "Bad things")');
    api().reply(400, `${'x'.repeat(200)}y`, { 'Content-Type': 'text/plain' });
    expect(userMessage(await failureOf(run()))).toContain(`(HTTP 400: "${'x'.repeat(199)}…")`);
    api().reply(400, 'x'.repeat(200), { 'Content-Type': 'text/plain' });
    expect(userMessage(await failureOf(run()))).toContain(`(HTTP 400: "${'x'.repeat(200)}")`);
  });

  it.each([
    [
      301,
      { Location: 'https://api.crmgrow.com/api/template/' },
      ' to "https://api.crmgrow.com/api/template/"',
    ],
    [
      307,
      { Location: 'https://elsewhere.example.com/api/template' },
      ' to "https://elsewhere.example.com/api/template"',
    ],
    [304, {}, ''],
  ])(
    'a %i is an error naming it and its Location; nothing follows it',
    async (status, headers, to) => {
      api().reply(status, '', headers);
      const error = await failureOf(run());
      expect(JSON.parse(error.message)).toEqual({
        message:
          `CRMGrow answered GET /api/template with a redirect (HTTP ${status})${to}. Redirects are not ` +
          'followed, so the request was not sent on and your API key went nowhere else. Contact ' +
          'CRMGrow support if this keeps happening.',
        code: 'redirect',
        status,
      });
      // nock would have refused a followed request to the Location: no interceptor is left.
      expect(nock.isDone()).toBe(true);
    },
  );

  it('a Location that holds the key or credentials shows neither', async () => {
    api().reply(302, '', { Location: `https://u:pw@api.crmgrow.com/login?key=${API_KEY}` });
    const message = userMessage(await failureOf(run()));
    expect(message).toContain('to "https://***@api.crmgrow.com/login?key=[API key]"');
    expect(message).not.toContain(API_KEY);
    expect(message).not.toContain('pw@');
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
      'CRMGrow has no endpoint at GET /api/template (HTTP 404). Contact CRMGrow support and ' +
        'mention this method and path.',
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
        'CRMGrow is receiving too many requests (HTTP 429: "Too many requests"). Zapier will try again in 17 seconds.',
      delay: 17,
    });
  });

  it('429 without Retry-After throttles for the default minute; a huge one for an hour at most', async () => {
    api().reply(429, '');
    const error = await failureOf(run());
    expect(error.name).toBe('ThrottledError');
    expect(JSON.parse(error.message)).toEqual({
      message:
        'CRMGrow is receiving too many requests (HTTP 429). Zapier will try again in 60 seconds.',
      delay: 60,
    });
    api().reply(429, '', { 'Retry-After': '99999999999' });
    expect(JSON.parse((await failureOf(run())).message)).toMatchObject({ delay: 3600 });
  });

  it('reads Retry-After given as an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(retryDelayOf('Sat, 21 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(retryDelayOf('garbage', now)).toBe(60);
  });

  it.each([500, 501, 505])(
    '%i on a read becomes z.errors.Error naming the status and the service text',
    async (status) => {
      api().reply(status, { status: false, error: 'internal_server_error' });
      const error = await failureOf(run());
      expect(error.name).toBe('AppError');
      expect(JSON.parse(error.message)).toEqual({
        message:
          `CRMGrow had a server error on GET /api/template (HTTP ${status}: "internal_server_error"). ` +
          'This is often temporary: try again in a few minutes. If it keeps happening, contact CRMGrow support.',
        code: 'server_error',
        status,
      });
    },
  );

  it.each([
    [502, undefined, 60],
    [503, '120', 120],
    [504, '99999999999', 3600],
    [503, 'Sat, 21 Nov 2099 10:00:00 GMT', 3600],
  ])(
    '%i on a read (Retry-After %s) asks Zapier to retry in %i seconds',
    async (status, after, delay) => {
      api().reply(status, { error: 'Maintenance' }, after ? { 'Retry-After': after } : {});
      const error = await failureOf(run());
      expect(error.name).toBe('ThrottledError');
      expect(JSON.parse(error.message)).toEqual({
        message: `CRMGrow is unavailable for now (HTTP ${status}: "Maintenance" on GET /api/template). Zapier will try again in ${delay} seconds.`,
        delay,
      });
    },
  );

  it('a 2xx whose JSON says status false is an error, never a success', async () => {
    api().reply(200, { status: false, error: 'Send error' });
    const error = await failureOf(run());
    expect(error.name).toBe('AppError');
    expect(userMessage(error)).toBe(
      'CRMGrow answered that the request failed (CRMGrow said "Send error"). Nothing was reported as ' +
        'done. If it keeps happening, contact CRMGrow support with this message.',
    );
  });

  it('a 2xx that is not JSON is a clear error that names the content type', async () => {
    api().reply(200, '<html><body>CRMGrow</body></html>', { 'Content-Type': 'text/html' });
    const error = await failureOf(run());
    const message = userMessage(error);
    expect(message).toBe(
      'CRMGrow answered GET /api/template with "text/html" content instead of JSON, so the result ' +
        'cannot be trusted. Contact CRMGrow support if this keeps happening.',
    );
  });

  it('an empty 2xx body where JSON is expected is an error', async () => {
    api().reply(200, ' \n');
    expect(JSON.parse((await failureOf(run())).message)).toEqual({
      message:
        'CRMGrow answered GET /api/template with an empty body instead of JSON, so the result cannot ' +
        'be trusted. Contact CRMGrow support if this keeps happening.',
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

  /** A call to the error tables as callApi makes it; `log` collects the maintainer's lines. */
  const callOf = (
    endpoint: Endpoint,
    extra: Partial<CallContext> = {},
  ): CallContext & { lines: string[] } => {
    const lines: string[] = [];
    return {
      endpoint,
      url: `https://api.crmgrow.com${endpoint.path}`,
      baseUrl: 'https://api.crmgrow.com',
      deadlineMs: 25_000,
      maxAnswerBytes: DEFAULT_MAX_RESPONSE_BYTES,
      log: (line: string) => lines.push(line),
      lines,
      ...extra,
    };
  };
  const MAY_HAVE =
    'The email may have gone through: check in CRMGrow before you run this step again. Zapier ' +
    'does not retry it by itself, so nothing is done twice.';

  it.each([
    [
      { errno: 'ECONNREFUSED' },
      'Could not reach CRMGrow at api.crmgrow.com (the connection was refused).',
    ],
    [
      { code: 'ENOTFOUND' },
      'Could not reach CRMGrow at api.crmgrow.com (the host name was not found).',
    ],
    [
      { type: 'system', code: 'ETIMEDOUT' },
      'The connection to CRMGrow at api.crmgrow.com broke before its answer to GET /api/template came (the connection timed out).',
    ],
    [
      { type: 'request-timeout' },
      'The connection to CRMGrow at api.crmgrow.com broke before its answer to GET /api/template came (the request timed out).',
    ],
    [
      'ECONNRESET',
      'The connection to CRMGrow at api.crmgrow.com broke before its answer to GET /api/template came (no whole answer came back).',
    ],
  ])('a read whose cause is %j (as fetch libraries report them) reads "%s"', (cause, start) => {
    const call = callOf(ENDPOINTS.listTemplates);
    expect(JSON.parse(networkError(errors, call, cause, false).message)).toEqual({
      message: `${start} Try again in a few minutes.`,
      code: 'network_error',
    });
    // The maintainer's advice is in the log, not in the Zap builder's message.
    expect(call.lines).toEqual([
      expect.stringContaining('check the BASE_URL setting (now "https://api.crmgrow.com")'),
    ]);
  });

  it.each([
    [{ code: 'ECONNRESET' }, 'the connection was reset'],
    [{ code: 'EPIPE' }, 'the connection was closed'],
    [{ type: 'system', code: 'ERR_STREAM_PREMATURE_CLOSE' }, 'it closed with the answer cut short'],
    [{ type: 'system', code: 'ERR_SOMETHING_ELSE' }, 'no whole answer came back'],
  ])('a write whose connection breaks (%j) may have happened', (cause, reason) => {
    const error = networkError(errors, callOf(ENDPOINTS.sendVideo), cause, false);
    expect(JSON.parse(error.message)).toEqual({
      message: `The connection to CRMGrow at api.crmgrow.com broke before its answer to POST /api/send-video came (${reason}). ${MAY_HAVE}`,
      code: 'outcome_unknown',
    });
  });

  it('a write that could not connect says nothing was sent', () => {
    const error = networkError(errors, callOf(ENDPOINTS.addNote), { code: 'ECONNREFUSED' }, false);
    expect(JSON.parse(error.message)).toEqual({
      message:
        'Could not reach CRMGrow at api.crmgrow.com (the connection was refused). Nothing was sent. Try again in a few minutes.',
      code: 'network_error',
    });
  });

  it('past the deadline, a read is late and a write may have happened', () => {
    const late = 'CRMGrow at api.crmgrow.com did not answer';
    expect(
      JSON.parse(
        networkError(errors, callOf(ENDPOINTS.listVideos), { type: 'aborted' }, true).message,
      ),
    ).toEqual({
      message: `${late} GET /api/video in time (within 25 s). Try again in a few minutes; if it keeps happening, CRMGrow may be having trouble.`,
      code: 'timeout',
    });
    const write = callOf(ENDPOINTS.sendVideo, { deadlineMs: 1_500 });
    expect(JSON.parse(networkError(errors, write, { type: 'aborted' }, true).message)).toEqual({
      message: `${late} POST /api/send-video in time (within 1.5 s). ${MAY_HAVE}`,
      code: 'outcome_unknown',
    });
  });

  it('an answer over the size cap names the cap: 20 MiB, or bytes when it is set smaller', () => {
    const tooLarge = { type: 'max-size' };
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(20 * 1024 * 1024);
    expect(
      JSON.parse(networkError(errors, callOf(ENDPOINTS.listVideos), tooLarge, false).message),
    ).toEqual({
      message: `CRMGrow's answer to GET /api/video was larger than 20 MiB, the most this integration reads, so it was not read. Contact CRMGrow support with this message.`,
      code: 'answer_too_large',
    });
    const small = callOf(ENDPOINTS.listVideos, { maxAnswerBytes: 12_345 });
    expect(JSON.parse(networkError(errors, small, tooLarge, false).message)).toEqual({
      message: `CRMGrow's answer to GET /api/video was larger than 12,345 bytes, the most this integration reads, so it was not read. Contact CRMGrow support with this message.`,
      code: 'answer_too_large',
    });
  });

  const answer = (
    status: number,
    content: string,
    extra: Partial<ApiResponse> = {},
  ): ApiResponse => ({
    status,
    contentType: 'application/json',
    content,
    data: parseJson(content),
    retryAfter: undefined,
    location: undefined,
    alreadyDeleted: false,
    ...extra,
  });
  const fields: SentField[] = [
    { key: 'email', label: 'Recipient Email', value: 'jane@example' },
    { key: 'video_id', label: 'Video', value: '64b7f0c2a91e3d5f8c2b4a17', search: 'Find Video' },
    {
      key: 'template_id',
      label: 'Template',
      value: '64a3d5f8e2c14b7a9d0f6e28',
      search: 'Find Template',
    },
  ];
  const send = (): CallContext => callOf(ENDPOINTS.sendVideo, { fields });
  const outcome = (error: Error | undefined): unknown =>
    error && {
      name: error.name,
      ...(error.name === 'HaltedError' ? { message: error.message } : JSON.parse(error.message)),
    };

  it.each([
    ['status true', '{"status":true}'],
    ['status "true"', '{"status":"true","data":{}}'],
  ])('a write succeeds on %s only', (_what, content) => {
    expect(errorForResponse(errors, send(), answer(200, content))).toBeUndefined();
  });

  it.each([
    ['{"status":"false"}', 'its answer: {"status":"false"}'],
    ['{"success":false,"error":"Quota reached"}', 'CRMGrow said "Quota reached"'],
    ['{"status":true,"error":"Template archived"}', 'CRMGrow said "Template archived"'],
  ])('a write answered %s is a failure quoting the service', (content, said) => {
    expect(outcome(errorForResponse(errors, send(), answer(200, content)))).toEqual({
      name: 'AppError',
      message: `CRMGrow answered that the request failed (${said}). Nothing was reported as done; check the values this step sends and try again.`,
      code: 'service_failure',
      status: 200,
    });
  });

  it.each([
    ['[]'],
    ['{}'],
    ['{"ok":true}'],
    [''],
    ['<html>OK</html>'],
    ['{"status":0}'],
    ['{"status":1}'],
    ['{"status":"TRUE"}'],
    ['{"status":"queued"}'],
  ])('a write answered %j is not confirmed', (content) => {
    expect(outcome(errorForResponse(errors, send(), answer(200, content)))).toEqual({
      name: 'AppError',
      message: `CRMGrow answered POST /api/send-video without confirming it (no "status": true; its answer: ${content || 'an empty body'}), so this step does not report it as done. ${MAY_HAVE}`,
      code: 'unconfirmed',
      status: 200,
    });
  });

  it.each([
    [400, '{"status":false,"error":"Invalid email address"}'],
    [400, '{"status":false,"error":"empty email address"}'],
    [200, '{"status":false,"error":"Invalid email address"}'],
  ])(
    'a %i refusing the email address halts the run, naming the field and value',
    (status, content) => {
      const said = (JSON.parse(content) as { error: string }).error;
      expect(outcome(errorForResponse(errors, send(), answer(status, content)))).toEqual({
        name: 'HaltedError',
        message: `CRMGrow refused the email address "jane@example" in "Recipient Email" (CRMGrow said "${said}"). Map a valid email address to this field; this run was stopped and the next ones go on.`,
      });
    },
  );

  it('a missing template names the field and its value', () => {
    const error = errorForResponse(
      errors,
      send(),
      answer(400, '{"status":false,"error":"Send error: not selected templete"}'),
    );
    expect(outcome(error)).toEqual({
      name: 'AppError',
      message:
        'CRMGrow could not find the template "64a3d5f8e2c14b7a9d0f6e28" chosen in "Template" (CRMGrow said "Send error: not selected templete"). Choose a template from the dropdown, or map the ID of a template that exists.',
      code: 'template_not_found',
      status: 400,
    });
  });

  it('"Send error" says the email could not be delivered', () => {
    const error = errorForResponse(
      errors,
      send(),
      answer(400, '{"status":false,"error":"Send error"}'),
    );
    expect(outcome(error)).toEqual({
      name: 'AppError',
      message:
        'CRMGrow could not deliver the email to "jane@example" (CRMGrow said "Send error"). Check the address and the email settings of your CRMGrow account, then run the step again.',
      code: 'delivery_failed',
      status: 400,
    });
  });

  it.each([500, 502, 503, 504])(
    'a %i on a write may have happened and is not retried',
    (status) => {
      const error = errorForResponse(
        errors,
        send(),
        answer(status, '{"error":"Down"}', { retryAfter: '5' }),
      );
      expect(outcome(error)).toEqual({
        name: 'AppError',
        message: `CRMGrow had a server error on POST /api/send-video (HTTP ${status}: "Down"). ${MAY_HAVE}`,
        code: 'outcome_unknown',
        status,
      });
    },
  );

  it('after a server error, lists every malformed id and each search once', () => {
    const call = callOf(ENDPOINTS.sendVideo, {
      fields: [
        { key: 'video_id', label: 'Video', value: 'Intro', search: 'Find Video' },
        {
          key: 'template_id',
          label: 'Template',
          value: '64a3d5f8e2c14b7a9d0f6e28',
          search: 'Find Template',
        },
        { key: 'second', label: 'Second Video', value: 'Outro', search: 'Find Video' },
        { key: 'third', label: 'Third Video', value: 'Tour', search: 'Find Video' },
        { key: 'email', label: 'Recipient Email', value: 'not an id, and no search' },
      ],
    });
    expect(errorForResponse(errors, call, answer(502, ''))?.message).toBe(
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

  it('reads Retry-After with spaces around it, fractions rounded up; blank is no wait named', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(retryDelayOf(' 17 ', now)).toBe(17);
    expect(retryDelayOf('12.01', now)).toBe(13);
    expect(retryDelayOf('Sat, 21 Nov 2026 10:00:30 GMT ', now)).toBe(30);
    expect(retryDelayOf('', now)).toBe(60);
    expect(retryDelayOf(' ', now)).toBe(60);
  });

  it('reads as a date only text with a letter: "1.5.2026" and "11/21/2026" are no wait', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    // Date.parse takes both; a Retry-After date names its day and month.
    expect(Number.isNaN(Date.parse('11/21/2026'))).toBe(false);
    expect(retryDelayOf('11/21/2026', now)).toBe(60);
    expect(retryDelayOf('1.5.2026', now)).toBe(60);
    expect(retryDelayOf('-5', now)).toBe(60);
  });

  it.each([
    ['0', 10],
    ['1.5', 10],
    ['Sat, 21 Nov 2026 09:59:00 GMT', 10],
    ['Sat, 21 Nov 2026 10:00:09 GMT', 10],
    ['Sat, 21 Nov 2026 10:00:11 GMT', 11],
    ['11', 11],
    [undefined, 60],
    ['soon', 60],
    ['3600', 3600],
    ['3601', 3600],
    ['99999999999', 3600],
  ])(
    'Retry-After %j asks Zapier to wait %i seconds: at least 10, at most an hour',
    (value, delay) => {
      expect(retryDelayOf(value, Date.parse('2026-11-21T10:00:00Z'))).toBe(delay);
    },
  );

  it.each([
    ['0', 10],
    ['1.5', 10],
    ['Sat, 21 Nov 2020 09:59:00 GMT', 10],
    ['99999999999', 3600],
  ])('a 429 with Retry-After %j throttles for %i seconds', async (after, delay) => {
    api().reply(429, { error: 'Slow down' }, { 'Retry-After': after });
    const error = await failureOf(run());
    expect(error.name).toBe('ThrottledError');
    expect(JSON.parse(error.message)).toEqual({
      message: `CRMGrow is receiving too many requests (HTTP 429: "Slow down"). Zapier will try again in ${delay} seconds.`,
      delay,
    });
  });

  it('a 503 with Retry-After 0 is asked again in 10 seconds, not at once', async () => {
    api().reply(503, { error: 'Maintenance' }, { 'Retry-After': '0' });
    const error = await failureOf(run());
    expect(error.name).toBe('ThrottledError');
    expect(JSON.parse(error.message)).toEqual({
      message:
        'CRMGrow is unavailable for now (HTTP 503: "Maintenance" on GET /api/template). Zapier will try again in 10 seconds.',
      delay: 10,
    });
  });

  it('a 431 is a key too long to send: ExpiredAuthError, asking to copy it again and reconnect', async () => {
    api().reply(431, { error: 'Request Header Fields Too Large' });
    const error = await failureOf(run());
    expect(error.name).toBe('ExpiredAuthError');
    expect(error.message).toBe(
      'CRMGrow refused the request\'s headers as too large (HTTP 431: "Request Header Fields ' +
        'Too Large"): the connected API key is longer than CRMGrow takes. Copy your API key ' +
        'again from CRMGrow and reconnect your CRMGrow account in Zapier.',
    );
    api().reply(431, '');
    expect((await failureOf(run())).message).toBe(
      "CRMGrow refused the request's headers as too large (HTTP 431): the connected API key is " +
        'longer than CRMGrow takes. Copy your API key again from CRMGrow and reconnect your ' +
        'CRMGrow account in Zapier.',
    );
  });

  describe('a byte-order mark before JSON', () => {
    const BOM = '\uFEFF';

    it('is skipped by parseJson; other text stays unread', () => {
      expect(parseJson(`${BOM}{"status":true}`)).toEqual({ status: true });
      expect(parseJson(`${BOM}${BOM}{"status":true}`)).toBeUndefined();
      expect(parseJson(' {"status":true}')).toEqual({ status: true });
      expect(parseJson('x{"status":true}')).toBeUndefined();
    });

    it('a read answered with it is read as JSON', async () => {
      api().reply(200, `${BOM}{"status":true,"data":[]}`, { 'Content-Type': 'application/json' });
      expect(await run()).toEqual({ ok: true });
      api().reply(200, `${BOM}{"status":false,"error":"Plan expired"}`, {
        'Content-Type': 'application/json',
      });
      expect(userMessage(await failureOf(run()))).toBe(
        'CRMGrow answered that the request failed (CRMGrow said "Plan expired"). Nothing was ' +
          'reported as done. If it keeps happening, contact CRMGrow support with this message.',
      );
    });

    it('a write answered {"status":true} after it is a confirmed success', async () => {
      const body = { email: 'jane.doe@example.com', video_id: VIDEO, template_id: TEMPLATE };
      sendVideo(body).reply(200, `${BOM}{"status":true}`, { 'Content-Type': 'application/json' });
      expect(await runSend(body)).toEqual({
        id: `${VIDEO}:jane.doe@example.com`,
        status: true,
        ...body,
      });
    });
  });

  describe('a compressed answer that cannot be unpacked', () => {
    const corrupt = (interceptor: nock.Interceptor): nock.Scope =>
      interceptor.reply(200, Buffer.from('this is not gzip at all'), {
        'Content-Encoding': 'gzip',
        'Content-Type': 'application/json',
      });
    const READ =
      "CRMGrow's answer to GET /api/template came compressed (gzip or deflate) but could not " +
      'be unpacked: it was corrupt or cut short. Try again in a few minutes; if it keeps ' +
      'happening, contact CRMGrow support.';
    const WRITE_UNPACKED =
      "CRMGrow's answer to POST /api/send-video came compressed (gzip or deflate) but could not " +
      'be unpacked: it was corrupt or cut short.';

    it.each(['Z_DATA_ERROR', 'Z_BUF_ERROR', 'Z_STREAM_ERROR', 'Z_NEED_DICT'])(
      'a read whose cause has code %s is an invalid response, with nothing in the log',
      (code) => {
        const call = callOf(ENDPOINTS.listTemplates);
        const cause = Object.assign(new Error('incorrect header check'), { code });
        expect(JSON.parse(networkError(errors, call, cause, false).message)).toEqual({
          message: READ,
          code: 'invalid_response',
        });
        expect(call.lines).toEqual([]);
      },
    );

    it('a write whose cause has code Z_DATA_ERROR may have gone through', () => {
      const call = callOf(ENDPOINTS.sendVideo);
      const cause = { code: 'Z_DATA_ERROR', message: 'invalid distance too far back' };
      expect(JSON.parse(networkError(errors, call, cause, false).message)).toEqual({
        message: `${WRITE_UNPACKED} ${MAY_HAVE}`,
        code: 'outcome_unknown',
      });
    });

    it('a corrupt gzip answer to a read, through the pipeline', async () => {
      corrupt(api());
      const error = await failureOf(run());
      expect(error.name).toBe('AppError');
      expect(JSON.parse(error.message)).toEqual({ message: READ, code: 'invalid_response' });
    });

    it('a corrupt gzip answer to a write, through the pipeline', async () => {
      const body = { email: 'jane.doe@example.com', video_id: VIDEO, template_id: TEMPLATE };
      corrupt(sendVideo(body));
      const error = await failureOf(runSend(body));
      expect(JSON.parse(error.message)).toEqual({
        message: `${WRITE_UNPACKED} ${MAY_HAVE}`,
        code: 'outcome_unknown',
      });
    });

    it('a whole gzip answer is unpacked and read', async () => {
      api().reply(200, gzipSync(Buffer.from('{"status":true,"data":[]}')), {
        'Content-Encoding': 'gzip',
        'Content-Type': 'application/json',
      });
      expect(await run()).toEqual({ ok: true });
    });
  });

  it('shown() cuts to 80 characters, the "…" included, never inside a surrogate pair', () => {
    const x79 = 'x'.repeat(79);
    expect(shown(`${x79}😀y`)).toBe(`${x79}…`);
    expect(shown(`${'x'.repeat(78)}😀y`)).toBe(`${'x'.repeat(78)}…`);
    expect(shown(`${x79}ab`)).toBe(`${x79}…`);
    expect(shown('x'.repeat(80))).toBe('x'.repeat(80));
  });

  describe('errors thrown by the HTTP layer are complete as they are', () => {
    it('a rejected key: ExpiredAuthError marked doNotContextify, so no "What happened" is added', async () => {
      api().reply(401, { error: 'jwt expired' });
      const error = await failureOf(run());
      expect(error.name).toBe('ExpiredAuthError');
      expect(error.doNotContextify).toBe(true);
      expect(error.message).toBe(
        'CRMGrow rejected the API key (HTTP 401: "jwt expired"). Copy your current API key from ' +
          'CRMGrow and reconnect your CRMGrow account in Zapier.',
      );
    });

    it('no key, or one with a line break: ExpiredAuthError marked doNotContextify, no request', async () => {
      const none = await failureOf(appTester(authentication.test, { authData: { api_key: ' ' } }));
      expect(none.name).toBe('ExpiredAuthError');
      expect(none.doNotContextify).toBe(true);
      expect(none.message).toBe(
        'No CRMGrow API key is connected. Reconnect your CRMGrow account in Zapier with your API key.',
      );
      const broken = await failureOf(
        appTester(authentication.test, { authData: { api_key: `${API_KEY}\nx` } }),
      );
      expect(broken.name).toBe('ExpiredAuthError');
      expect(broken.doNotContextify).toBe(true);
      expect(broken.message).toBe(
        'The connected CRMGrow API key holds a line break, which an API key cannot have, so no ' +
          'request was sent. Copy the API key again from CRMGrow and reconnect your CRMGrow ' +
          'account in Zapier.',
      );
    });

    it('a refused email address: HaltedError marked doNotContextify', async () => {
      const body = { email: 'jane.doe@example.com', video_id: VIDEO, template_id: TEMPLATE };
      sendVideo(body).reply(400, { status: false, error: 'Invalid email address' });
      const error = await failureOf(runSend(body));
      expect(error.name).toBe('HaltedError');
      expect(error.doNotContextify).toBe(true);
      expect(error.message).toBe(
        'CRMGrow refused the email address "jane.doe@example.com" in "Recipient Email" (CRMGrow ' +
          'said "Invalid email address"). Map a valid email address to this field; this run was ' +
          'stopped and the next ones go on.',
      );
    });
  });

  it.each([
    [
      { code: 'EAI_AGAIN' },
      'Could not reach CRMGrow at api.crmgrow.com (the host name could not be looked up).',
    ],
    [
      { code: 'ECONNRESET' },
      'The connection to CRMGrow at api.crmgrow.com broke before its answer to GET /api/template came (the connection was reset).',
    ],
    [
      { code: 'EWHATEVER' },
      'The connection to CRMGrow at api.crmgrow.com broke before its answer to GET /api/template came (no whole answer came back).',
    ],
    [
      { code: 42 },
      'The connection to CRMGrow at api.crmgrow.com broke before its answer to GET /api/template came (no whole answer came back).',
    ],
  ])('a network failure %j through the pipeline reads "%s"', async (fields, start) => {
    api().replyWithError(Object.assign(new Error('failed'), fields));
    expect(userMessage(await failureOf(run()))).toBe(`${start} Try again in a few minutes.`);
  });

  it.each([
    ['ECONNREFUSED', 'the connection was refused'],
    ['ENOTFOUND', 'the host name was not found'],
  ])('a network failure (%s) names the host', async (code, reason) => {
    process.env.BASE_URL = 'https://crm.example.org';
    nock('https://crm.example.org')
      .get('/api/template')
      .replyWithError(systemError(code, `connect ${code} crm.example.org`));
    const error = await failureOf(run());
    expect(error.name).toBe('AppError');
    expect(userMessage(error)).toBe(
      `Could not reach CRMGrow at crm.example.org (${reason}). Try again in a few minutes.`,
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

    const SLASH_KEY = 'Ab3+dEf/gh=';
    /** Over 64 characters, as a JWT is; with characters percent-encoding changes. */
    const LONG_KEY = `eyJhbGciOiJIUzI1NiJ9.${'Ab3+dEf/gh='.repeat(14)}`;

    it.each([
      ['as it is', 'Ab3+dEf/gh='],
      ['percent-encoded', 'Ab3%2BdEf%2Fgh%3D'],
      ['percent-encoded in lower-case hex', 'Ab3%2bdEf%2fgh%3d'],
    ])('redact hides a key %s', (_how, form) => {
      expect(redact(`GET /x?key=${form}&key2=${form}`, SLASH_KEY)).toBe(
        'GET /x?key=[API key]&key2=[API key]',
      );
    });

    // [what, text, key, as returned]; SLASH_KEY's "/" is one a JSON encoder may escape, API_KEY has none.
    it.each([
      [
        'text with no backslash is only searched: its spacing stays',
        '{"a": 1,  "t": "Ab3+dEf/gh="}',
        SLASH_KEY,
        '{"a": 1,  "t": "[API key]"}',
      ],
      [
        'a \\" and no \\u, with a key of plain characters: only searched',
        `{"t": "a \\"${API_KEY}\\"", "n": 1}`,
        API_KEY,
        '{"t": "a \\"[API key]\\"", "n": 1}',
      ],
      [
        'text with an escape that is not JSON stays text',
        'no JSON \\u00e9 here Ab3+dEf/gh=',
        SLASH_KEY,
        'no JSON \\u00e9 here [API key]',
      ],
      [
        'JSON with escapes is read string by string: only a string holding the key is rewritten',
        '{"a": null, "t": "\\u0041b3+dEf\\/gh=", "l": [null, 2, "\\/", ["Ab3+dEf\\/gh="]]}',
        SLASH_KEY,
        '{"a": null, "t": "[API key]", "l": [null, 2, "\\/", ["[API key]"]]}',
      ],
      [
        'an escaped quote does not end a string',
        '{"t": "say \\"Ab3+dEf\\/gh=\\" twice", "u": "\\"x\\""}',
        SLASH_KEY,
        '{"t": "say \\"[API key]\\" twice", "u": "\\"x\\""}',
      ],
      [
        'a name holding the key is renamed where it stands',
        '{"x": 1, "Ab3+dEf\\/gh=": "\\u0041", "z": {"k": 2}}',
        SLASH_KEY,
        '{"x": 1, "[API key]": "\\u0041", "z": {"k": 2}}',
      ],
      [
        'a key connected with spaces around it is found without them',
        'key=Ab3+dEf/gh=',
        ' Ab3+dEf/gh=\n',
        'key=[API key]',
      ],
      ['no key: the text as it is', 'key=Ab3+dEf/gh=', undefined, 'key=Ab3+dEf/gh='],
      [
        'a long key (a JWT), and not the same key less its first character',
        `{"t": "${LONG_KEY}", "v": "${LONG_KEY.slice(1)}"}`,
        LONG_KEY,
        `{"t": "[API key]", "v": "${LONG_KEY.slice(1)}"}`,
      ],
      [
        'a long key percent-encoded',
        `GET /x?k=${encodeURIComponent(LONG_KEY)}`,
        LONG_KEY,
        'GET /x?k=[API key]',
      ],
      [
        'the last 64 characters of a long key are no key',
        `{"t": "${LONG_KEY.slice(-64)}"}`,
        LONG_KEY,
        `{"t": "${LONG_KEY.slice(-64)}"}`,
      ],
    ])('redact: %s', (_what, text, key, returned) => {
      expect(redact(text, key)).toBe(returned);
    });

    it('a percent-encoded echo of the key is not in the message', async () => {
      nock('https://api.crmgrow.com')
        .get('/api/template')
        .reply(400, 'No access for /api/template?api_key=Ab3%2bdEf%2fgh%3d', {
          'Content-Type': 'text/plain',
        });
      const error = await failureOf(
        appTester(authentication.test, { authData: { api_key: SLASH_KEY } }),
      );
      expect(userMessage(error)).toBe(
        'CRMGrow refused GET /api/template (HTTP 400: "No access for /api/template?api_key=' +
          '[API key]"). If it keeps happening, contact CRMGrow support with this message.',
      );
    });

    it('redact reads JSON nested 100,000 deep with a \\u escape, and finds the key in it', () => {
      const depth = 100_000;
      // The key's first letter escaped: only a parse of the JSON finds it.
      const echo = `"token \\u00${API_KEY.charCodeAt(0).toString(16)}${API_KEY.slice(1)}"`;
      const arrays = `${'['.repeat(depth)}${echo}${']'.repeat(depth)}`;
      expect(redact(arrays, API_KEY)).toBe(
        `${'['.repeat(depth)}"token [API key]"${']'.repeat(depth)}`,
      );
      const objects = `${'{"a":'.repeat(depth)}${echo}${'}'.repeat(depth)}`;
      expect(redact(objects, API_KEY)).toBe(
        `${'{"a":'.repeat(depth)}"token [API key]"${'}'.repeat(depth)}`,
      );
    });

    it('replaces a JSON-escaped key with the placeholder too', async () => {
      api().reply(400, `{"error": "token ${unicodeEscaped(API_KEY)} is not valid"}`);
      expect(userMessage(await failureOf(run()))).toContain('"token [API key] is not valid"');
    });
  });
});
