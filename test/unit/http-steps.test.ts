// callApi's steps, each alone (settings, request, answer), and the error
// rules as tables: their order is written out here, once, as the reader of
// src/http/errors.ts should find it.
import { errors, type Bundle, type ZObject } from 'zapier-platform-core';
import { answerOf, requestOf, settingsOf, type Received } from '../../src/http/client';
import { ENDPOINTS } from '../../src/http/endpoints';
import { ANSWER_RULES, NETWORK_RULES, type CallContext } from '../../src/http/errors';

const KEY = 'k3y-for-the-steps-0001';

/** Just what the steps use of z: the error classes and the log. */
const zOf = (lines: string[] = []): ZObject =>
  ({ errors, console: { log: (line: string) => lines.push(line) } }) as unknown as ZObject;

const bundleOf = (apiKey: string): Bundle => ({ authData: { api_key: apiKey } }) as unknown as Bundle;

describe('step 1: the settings, before anything is sent', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('reads the base address, the deadline, the cap and the trimmed key', () => {
    delete process.env.BASE_URL;
    delete process.env.REQUEST_DEADLINE_MS;
    delete process.env.MAX_ANSWER_BYTES;
    expect(settingsOf(zOf(), bundleOf(`  ${KEY} `), ENDPOINTS.listVideos)).toEqual({
      baseUrl: 'https://api.crmgrow.com',
      deadlineMs: 25_000,
      maxAnswerBytes: 20 * 1024 * 1024,
      apiKey: KEY,
    });
  });

  it('a bad setting is a configuration error naming it; no key asks to reconnect', () => {
    process.env.MAX_ANSWER_BYTES = 'lots';
    expect(() => settingsOf(zOf(), bundleOf(KEY), ENDPOINTS.listVideos)).toThrow(
      JSON.stringify({
        message:
          'The MAX_ANSWER_BYTES setting "lots" must be a whole number of bytes from 1 to 20971520. Unset it to use 20971520.',
        code: 'invalid_configuration',
      }),
    );
    delete process.env.MAX_ANSWER_BYTES;
    const noKey = (): unknown => settingsOf(zOf(), bundleOf('  '), ENDPOINTS.listVideos);
    expect(noKey).toThrow(
      'No CRMGrow API key is connected. Reconnect your CRMGrow account in Zapier with your API key.',
    );
  });
});

describe('step 2: the request as sent', () => {
  const settings = {
    baseUrl: 'https://api.example.com',
    deadlineMs: 1_000,
    maxAnswerBytes: 4_096,
    apiKey: KEY,
  };

  it('a write: JSON body as given, the key, no merging, no redirects, the cap', () => {
    expect(
      requestOf(ENDPOINTS.addNote, { body: { email: 'a@b.co', content: '{{x}}' } }, settings),
    ).toEqual({
      url: 'https://api.example.com/api/note',
      method: 'POST',
      headers: { 'user-agent': 'Zapier', Authorization: KEY, 'Content-Type': 'application/json' },
      body: '{"email":"a@b.co","content":"{{x}}"}',
      merge: false,
      skipThrowForStatus: true,
      throwForThrottlingEarly: false,
      redirect: 'manual',
      size: 4_096,
    });
  });

  it('a read with a query and a header of its own, and no Content-Type where none is listed', () => {
    expect(
      requestOf(
        ENDPOINTS.unsubscribe,
        { params: { id: '{{a}} b&c' }, headers: { action: 'add_deal' } },
        settings,
      ),
    ).toEqual({
      url: 'https://api.example.com/api/outbound/unsubscribe?id=%7B%7Ba%7D%7D%20b%26c',
      method: 'DELETE',
      headers: { 'user-agent': 'Zapier', Authorization: KEY, action: 'add_deal' },
      merge: false,
      skipThrowForStatus: true,
      throwForThrottlingEarly: false,
      redirect: 'manual',
      size: 4_096,
    });
  });
});

describe('step 4: the answer', () => {
  const call: CallContext = {
    method: 'POST',
    url: 'https://api.crmgrow.com/api/note',
    baseVariable: 'BASE_URL',
    baseUrl: 'https://api.crmgrow.com',
    deadlineMs: 25_000,
    maxAnswerBytes: 20 * 1024 * 1024,
    effect: 'the note',
    log: () => undefined,
  };
  const received = (
    status: number,
    text: string,
    headers: Record<string, string> = {},
  ): Received => ({
    response: {
      status,
      getHeader: (name: string) => headers[name.toLowerCase()] ?? null,
      buffer: () => Promise.resolve(Buffer.from(text)),
    },
    text,
  });

  it('takes the key out, parses once, and keeps the text', () => {
    const answer = answerOf(
      errors,
      call,
      'confirmed',
      {},
      received(200, `{"status":true,"echo":"${KEY}"}`, { 'content-type': 'application/json' }),
      KEY,
    );
    expect(answer).toEqual({
      status: 200,
      data: { status: true, echo: '[API key]' },
      content: '{"status":true,"echo":"[API key]"}',
      contentType: 'application/json',
    });
  });

  it("the caller's accept comes first; then the rules, whose errors are complete", () => {
    const gone = received(404, '{"error":"gone"}');
    expect(answerOf(errors, call, 'any', { accept: () => true }, gone, KEY).status).toBe(404);
    let thrown: unknown;
    try {
      answerOf(errors, call, 'confirmed', {}, received(401, '{"error":"jwt malformed"}'), KEY);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      name: 'ExpiredAuthError',
      doNotContextify: true,
      message:
        'CRMGrow rejected the API key (HTTP 401: "jwt malformed"). Copy your current API key from CRMGrow and reconnect your CRMGrow account in Zapier.',
    });
  });
});

describe('the error rules, in the order they are tried', () => {
  it('answers: first the status, then what a 2xx holds', () => {
    expect(ANSWER_RULES.map(({ covers }) => covers)).toEqual([
      'a redirect (3xx): never followed',
      '401: the key is refused',
      '431: headers too large, that is the key',
      '429: too many requests, retried later',
      '404 with a page: the service has no such route',
      '5xx for a sent id that is not an ID of the service',
      '502, 503, 504: down for now',
      'any other 5xx',
      "any other 4xx: refused, in the service's words where it gave some",
      'any other status that is not 2xx',
      'a 2xx that says it failed ("status" not true where it must be, "success": false, an "error"; elsewhere "status": false)',
      'a 2xx without "status": true, where it must have one',
      'a 2xx that is not JSON, where JSON is needed',
    ]);
  });

  it('no whole answer: the deadline, the cap, a corrupt body, no connection, then a broken one', () => {
    expect(NETWORK_RULES.map(({ covers }) => covers)).toEqual([
      'no whole answer before the deadline',
      'an answer larger than the cap',
      'a compressed answer that cannot be unpacked',
      'no connection (refused, no such host): nothing was sent',
      'a connection that broke before the whole answer',
    ]);
  });
});
