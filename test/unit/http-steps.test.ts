// callApi's steps, each alone (settings, request, exchange, answer), and the error
// rules as tables: their order is written out here, once, as the reader of
// src/http/errors.ts should find it.
import nock from 'nock';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { errors, type Bundle, type RawHttpResponse, type ZObject } from 'zapier-platform-core';
import {
  answerOf,
  callApi,
  decoded,
  requestOf,
  settingsOf,
  watchingAgent,
  type ApiAnswer,
  type Received,
} from '../../src/http/client';
import { ENDPOINTS } from '../../src/http/endpoints';
import type { AnswerRule } from '../../src/http/endpoints';
import {
  ANSWER_RULES,
  errorForAnswer,
  NETWORK_RULES,
  networkError,
  serviceText,
  type CallContext,
} from '../../src/http/errors';
import { isInexactInteger, parseJson, parseJsonExact, toJson } from '../../src/http/json';
import { closeServer, listenOnLoopback } from '../../sandbox/http';
import { appTester, failureOf } from '../support/app';

const KEY = 'k3y-for-the-steps-0001';
const JSON_TYPE = 'application/json';

/** Just what the steps use of z: the error classes and the log. */
const zOf = (lines: string[] = []): ZObject =>
  ({ errors, console: { log: (line: string) => lines.push(line) } }) as unknown as ZObject;

const bundleOf = (apiKey: string): Bundle =>
  ({ authData: { api_key: apiKey } }) as unknown as Bundle;

/** What `act` throws; fails the test when it returns. */
function thrownBy(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw, but it returned');
}

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

  it.each([
    ['no authData at all', {}],
    ['a key that is a number', { authData: { api_key: 12345 } }],
    ['a key that is null', { authData: { api_key: null } }],
  ])('%s is no key: it asks to reconnect', (_case, bundle) => {
    expect(thrownBy(() => settingsOf(zOf(), bundle as Bundle, ENDPOINTS.listVideos))).toMatchObject(
      {
        name: 'ExpiredAuthError',
        doNotContextify: true,
        message:
          'No CRMGrow API key is connected. Reconnect your CRMGrow account in Zapier with your API key.',
      },
    );
  });

  it('an error that is no bad setting is passed on as it is, not called a configuration error', () => {
    const unreadable = new Error('the environment could not be read');
    const env: NodeJS.ProcessEnv = { ...saved };
    delete env.BASE_URL;
    process.env = Object.defineProperty(env, 'REQUEST_DEADLINE_MS', {
      enumerable: true,
      get: () => {
        throw unreadable;
      },
    });
    expect(thrownBy(() => settingsOf(zOf(), bundleOf(KEY), ENDPOINTS.listVideos))).toBe(unreadable);
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

  it('a query of several parameters: each encoded, joined by "&" in the order given', () => {
    const { url } = requestOf(
      ENDPOINTS.unsubscribe,
      { params: { id: 'a&b', action: 'add deal', empty: '' } },
      settings,
    );
    expect(url).toBe(
      'https://api.example.com/api/outbound/unsubscribe?id=a%26b&action=add%20deal&empty=',
    );
  });
});

describe("step 3: the exchange, through core's z.request", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    // The answers a test left unfinished (delayed, or never ended) go nowhere.
    nock.abortPendingRequests();
  });

  /** The request listVideos sends: GET, no query, the key and the listed headers, no body. */
  const listVideos = (): nock.Interceptor =>
    nock('https://api.crmgrow.com', {
      reqheaders: { 'user-agent': 'Zapier', authorization: KEY, 'content-type': JSON_TYPE },
    }).get('/api/video', '');

  /** callApi as an operation calls it; what it logs through z.console.log, and core's raw answers, kept. */
  const viaCore = (logged: string[] = [], answers: RawHttpResponse[] = []): Promise<ApiAnswer> =>
    appTester((z: ZObject, bundle: Bundle) => {
      const request = async (
        options: Parameters<typeof z.request>[0] & { raw: true },
      ): Promise<RawHttpResponse> => {
        const answer = await z.request(options);
        answers.push(answer);
        return answer;
      };
      const console = { ...z.console, log: (line: string) => logged.push(line) };
      const seen = { ...z, request, console } as unknown as ZObject;
      return callApi(seen, bundle, ENDPOINTS.listVideos);
    }, bundleOf(KEY));

  const failureJson = async (call: Promise<unknown>): Promise<unknown> =>
    JSON.parse((await failureOf(call)).message);

  it('the deadline ends a request that gets no answer, and says so', async () => {
    process.env.REQUEST_DEADLINE_MS = '1000';
    listVideos().delay(3_000).reply(200, '[]', { 'Content-Type': JSON_TYPE });
    expect(await failureJson(viaCore())).toEqual({
      message:
        'CRMGrow at api.crmgrow.com did not answer GET /api/video in time (within 1 s). Try ' +
        'again in a few minutes; if it keeps happening, CRMGrow may be having trouble.',
      code: 'timeout',
    });
  });

  describe('an answer whose Content-Length passes the cap (MAX_ANSWER_BYTES)', () => {
    /** 10 of the 101 bytes it declares at once; the rest only when the test sends them. */
    const tooLarge = (): Readable => {
      const body = new Readable({ read: () => undefined });
      body.push('[         ');
      listVideos().reply(200, () => body, {
        'Content-Type': JSON_TYPE,
        'Content-Length': '101',
      });
      return body;
    };
    const TOO_LARGE = {
      message:
        "CRMGrow's answer to GET /api/video was larger than 100 bytes, the most this " +
        'integration reads, so it was not read. Contact CRMGrow support with this message.',
      code: 'answer_too_large',
    };
    beforeEach(() => {
      process.env.MAX_ANSWER_BYTES = '100';
      // Reading the body would wait for the deadline; the refusal must come long before it.
      process.env.REQUEST_DEADLINE_MS = '2000';
    });

    it('is refused at once, before its body is read, naming the cap', async () => {
      const body = tooLarge();
      expect(await failureJson(viaCore())).toEqual(TOO_LARGE);
      body.destroy();
    });

    it('is cut off: nothing of it is taken in, even once the service sends the rest', async () => {
      const body = tooLarge();
      const answers: RawHttpResponse[] = [];
      expect(await failureJson(viaCore([], answers))).toEqual(TOO_LARGE);
      expect(answers).toHaveLength(1);
      const takenIn: Buffer[] = [];
      answers[0]?.body.on('data', (chunk: Buffer) => takenIn.push(chunk));
      body.push(`${' '.repeat(90)}]`);
      body.push(null);
      await new Promise((done) => setTimeout(done, 100));
      expect(Buffer.concat(takenIn).toString()).toBe('');
    });
  });

  const LIST = '{"status":true,"data":[]}';
  const LIST_ANSWER = {
    status: 200,
    data: { status: true, data: [] },
    content: LIST,
    contentType: JSON_TYPE,
    gone: false,
  };

  it('an answer of exactly the cap is read', async () => {
    process.env.MAX_ANSWER_BYTES = String(LIST.length);
    listVideos().reply(200, LIST, {
      'Content-Type': JSON_TYPE,
      'Content-Length': String(LIST.length),
    });
    expect(await viaCore()).toEqual(LIST_ANSWER);
  });

  it('a gzip answer is measured unpacked: its Content-Length, the packed size, is not held against the cap', async () => {
    process.env.MAX_ANSWER_BYTES = String(LIST.length);
    const packed = gzipSync(LIST);
    expect(packed.length).toBeGreaterThan(LIST.length);
    listVideos().reply(200, packed, {
      'Content-Type': JSON_TYPE,
      'Content-Encoding': 'gzip',
      'Content-Length': String(packed.length),
    });
    expect(await viaCore()).toEqual(LIST_ANSWER);
  });

  it("a refused connection puts the base-address hint in the run's log, through z.console.log", async () => {
    listVideos().replyWithError(
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    );
    const logged: string[] = [];
    expect(await failureJson(viaCore(logged))).toEqual({
      message:
        'Could not reach CRMGrow at api.crmgrow.com (the connection was refused). Try again in a few minutes.',
      code: 'network_error',
    });
    expect(logged).toEqual([
      'No answer from api.crmgrow.com to GET /api/video (the connection was refused). If this ' +
        'keeps happening, check the BASE_URL setting (now "https://api.crmgrow.com"): it ' +
        "should be the API's address, such as https://api.crmgrow.com.",
    ]);
  });

  it('leaves no timer running once it has returned: its deadline would keep the process alive', async () => {
    const timers = (): number =>
      process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    listVideos().reply(200, LIST, { 'Content-Type': JSON_TYPE });
    const before = timers();
    expect(await viaCore()).toEqual(LIST_ANSWER);
    // At most as many: a timer an earlier test left may run out meanwhile.
    expect(timers()).toBeLessThanOrEqual(before);
  });
});

describe('an answer cut short when the connection closes', () => {
  const saved = { ...process.env };
  let server: http.Server;
  let base = '';
  /** What the server writes: a Content-Length of 100, then `sent`, then it closes or ends. */
  let answer: (res: http.ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => answer(res));
    });
    base = await listenOnLoopback(server);
    // Node's own http for these: nock's stand-in sockets never reach the agent.
    nock.restore();
  });
  afterAll(async () => {
    nock.activate();
    await closeServer(server);
  });
  beforeEach(() => {
    process.env.BASE_URL = base;
    // Far off: what ends these exchanges is the connection, never the deadline.
    process.env.REQUEST_DEADLINE_MS = '20000';
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  const cutShort = (res: http.ServerResponse): void => {
    res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': '100' });
    res.write('{"status":tr');
    setImmediate(() => res.socket?.destroy());
  };

  it('a read fails at once as a broken connection', async () => {
    answer = cutShort;
    const error = await failureOf(
      appTester(
        (z: ZObject, bundle: Bundle) => callApi(z, bundle, ENDPOINTS.listVideos),
        bundleOf(KEY),
      ),
    );
    expect(JSON.parse(error.message)).toEqual({
      message: `The connection to CRMGrow at ${new URL(base).host} broke before its answer to GET /api/video came (it closed with the answer cut short). Try again in a few minutes.`,
      code: 'network_error',
    });
  });

  it('a write may have gone through', async () => {
    answer = cutShort;
    const error = await failureOf(
      appTester(
        (z: ZObject, bundle: Bundle) =>
          callApi(z, bundle, ENDPOINTS.addNote, { body: { email: 'a@b.co', content: 'x' } }),
        bundleOf(KEY),
      ),
    );
    expect(JSON.parse(error.message)).toEqual({
      message: `The connection to CRMGrow at ${new URL(base).host} broke before its answer to POST /api/note came (it closed with the answer cut short). The note may have gone through: check in CRMGrow before you run this step again. Zapier does not retry it by itself, so nothing is done twice.`,
      code: 'outcome_unknown',
    });
  });

  it.each([
    [
      'a whole answer, then a closed connection, is not',
      (res: http.ServerResponse) => {
        res.writeHead(200, { 'Content-Length': '2', Connection: 'close' });
        res.end('[]');
      },
      0,
    ],
    ['an answer cut short is, once', cutShort, 1],
  ])('the agent tells a cut-short answer: %s', async (_what, behaviour, calls) => {
    answer = behaviour;
    const told = jest.fn();
    const url = new URL(base);
    await new Promise<void>((done) => {
      http.get(url, { agent: watchingAgent(url, told) }, (res) => {
        res.resume();
        res.on('close', () => setImmediate(done));
      });
    });
    expect(told).toHaveBeenCalledTimes(calls);
  });

  it('the deadline passed is late, not cut short, though the connection then closes', async () => {
    process.env.REQUEST_DEADLINE_MS = '300';
    answer = (res) => {
      res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': '100' });
      res.write('[');
    };
    const error = await failureOf(
      appTester(
        (z: ZObject, bundle: Bundle) => callApi(z, bundle, ENDPOINTS.listVideos),
        bundleOf(KEY),
      ),
    );
    expect(JSON.parse(error.message)).toMatchObject({ code: 'timeout' });
  });

  it('a whole answer, then a closed connection, is read', async () => {
    answer = (res) => {
      res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': '2', Connection: 'close' });
      res.end('[]');
    };
    const read = await appTester(
      (z: ZObject, bundle: Bundle) => callApi(z, bundle, ENDPOINTS.listVideos),
      bundleOf(KEY),
    );
    expect(read).toEqual({
      status: 200,
      data: [],
      content: '[]',
      contentType: JSON_TYPE,
      gone: false,
    });
  });
});

describe('watchingAgent', () => {
  it.each([
    ['http:', http.Agent],
    ['https:', https.Agent],
  ])('for %s is an agent of that protocol, of its own', (protocol, kind) => {
    const url = new URL(`${protocol}//api.example.com/`);
    const agent = watchingAgent(url, () => undefined);
    expect(agent).toBeInstanceOf(kind);
    expect(agent).not.toBe(watchingAgent(url, () => undefined));
    expect(agent).not.toBe(protocol === 'http:' ? http.globalAgent : https.globalAgent);
  });
});

describe('decoded: the text of an answer, in the charset it names', () => {
  // TextDecoder would drop a BOM: UTF-8 is read one way, whatever names it, or nothing.
  const BOM_CAFE = Buffer.from('\uFEFFCafé', 'utf8');

  it.each([
    ['no Content-Type (undefined)', undefined],
    ['no Content-Type (null, as getHeader gives)', null],
    ['no charset', 'application/json'],
    ['charset=utf-8', 'application/json; charset=utf-8'],
    ['charset=UTF-8', 'application/json;charset=UTF-8'],
    ['charset="utf8"', 'application/json; charset="utf8"'],
    ['charset = UTF8', 'application/json ; charset = UTF8'],
    ['a charset Node does not know', 'application/json; charset=x-no-such-charset'],
  ])('with %s, reads UTF-8 byte for byte, a BOM kept (parseJson skips one)', (_case, type) => {
    expect(decoded(BOM_CAFE, type)).toBe('\uFEFFCafé');
  });

  const CAFE_LATIN1 = Buffer.from([0x43, 0x61, 0x66, 0xe9]);

  /** `{"title":"Café"}` in UTF-16 with its byte-order mark, in either byte order. */
  const utf16 = (order: 'le' | 'be'): Buffer => {
    const little = Buffer.from('\uFEFF{"title":"Café"}', 'utf16le');
    return order === 'le' ? little : Buffer.from(little).swap16();
  };

  it.each([
    ['le', 'application/json'],
    ['be', 'application/json; charset=utf-8'],
    ['le', undefined],
    ['be', 'text/plain; charset=latin1'],
  ])(
    'reads UTF-16 (%s) by its byte-order mark, whatever %s says, the mark taken off',
    (order, type) => {
      expect(decoded(utf16(order as 'le' | 'be'), type)).toBe('{"title":"Café"}');
    },
  );

  it.each([
    [[0xff, 0x61], 'ÿa'],
    [[0x61, 0xfe], 'aþ'],
    [[0xfe, 0x61], 'þa'],
    [[0x61, 0xff], 'aÿ'],
  ])('reads %j as latin-1 named: half a mark is no mark', (bytes, text) => {
    expect(decoded(Buffer.from(bytes), 'text/plain; charset=latin1')).toBe(text);
  });

  it.each([
    'text/plain; charset=ISO-8859-1',
    'text/plain;charset="latin1"',
    'text/plain; charset = latin1',
    'text/plain;  CHARSET=  Windows-1252',
  ])('reads latin-1 named as %s', (type) => {
    expect(decoded(CAFE_LATIN1, type)).toBe('Café');
  });
});

describe('the JSON helpers an answer is read with', () => {
  it.each([
    [2 ** 53 + 2, true],
    [1e300, true],
    [-(2 ** 53) - 2, true],
    [2 ** 53 - 1, false],
    [1.5, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.NaN, false],
    ['12345678901234567890', false],
    [null, false],
  ])('isInexactInteger(%p) is %p', (value, inexact) => {
    expect(isInexactInteger(value)).toBe(inexact);
  });

  it('parseJsonExact keeps the digits of an integer beyond 2^53 and nothing else changes', () => {
    expect(
      parseJsonExact('\uFEFF{"id":12345678901234567890,"n":12,"f":1.5,"s":"1e300","t":true}'),
    ).toEqual({ id: '12345678901234567890', n: 12, f: 1.5, s: '1e300', t: true });
    expect(parseJsonExact('{"id":')).toBeUndefined();
  });

  it('toJson writes what JSON.stringify would, keys in their own order unless sorted', () => {
    const value = { b: 1, a: [2, undefined, () => 3], c: undefined, d: { z: '"', y: null } };
    expect(toJson(value)).toBe(JSON.stringify(value));
    expect(toJson(value)).toBe('{"b":1,"a":[2,null,null],"d":{"z":"\\"","y":null}}');
    expect(toJson(value, true)).toBe('{"a":[2,null,null],"b":1,"d":{"y":null,"z":"\\""}}');
    expect(toJson({})).toBe('{}');
    expect(toJson([])).toBe('[]');
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
      received(200, `{"status":true,"echo":"${KEY}"}`, { 'content-type': 'application/json' }),
      KEY,
    );
    expect(answer).toEqual({
      status: 200,
      data: { status: true, echo: '[API key]' },
      content: '{"status":true,"echo":"[API key]"}',
      contentType: 'application/json',
      gone: false,
    });
  });

  it.each([
    ['unsubscribed', 410, '{}', true],
    ['unsubscribed', 200, '{"status":false,"error":"Subscription not found"}', true],
    ['unsubscribed', 201, '{"status":true}', false],
    ['json', 201, '{"status":true,"message":"Subscription not found"}', false],
  ])(
    'under the %s rule, HTTP %i %s passes the rules, said to be gone: %p',
    (rule, status, body, gone) => {
      const answer = answerOf(errors, call, rule as AnswerRule, received(status, body), KEY);
      expect(answer).toEqual({
        status,
        data: JSON.parse(body),
        content: body,
        contentType: '',
        gone,
      });
    },
  );

  it('the rules alone judge, and their errors are complete', () => {
    let thrown: unknown;
    try {
      answerOf(errors, call, 'unsubscribed', received(401, '{"error":"jwt malformed"}'), KEY);
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

/** What an error says of itself, for the rule tables: its class and, for AppError, its code. */
function kindOf(error: Error | undefined): string {
  if (!error) return 'no error';
  if (error.name !== 'AppError') return error.name;
  return `AppError ${(JSON.parse(error.message) as { code: string }).code}`;
}

describe('the error rules: each row, in the order tried, with one answer it covers', () => {
  const base: CallContext = {
    method: 'POST',
    url: 'https://api.crmgrow.com/api/send-video',
    baseVariable: 'BASE_URL',
    baseUrl: 'https://api.crmgrow.com',
    deadlineMs: 25_000,
    maxAnswerBytes: 20 * 1024 * 1024,
    log: () => undefined,
  };
  const idField = { key: 'video_id', label: 'Video', value: 'My Tour', search: 'Find Video' };
  const answerOfRow = (status: number, content: string, contentType = 'application/json') => ({
    status,
    contentType,
    content,
    body: parseJson(content),
    retryAfter: undefined,
    location: status >= 300 && status < 400 ? 'https://elsewhere.example' : undefined,
  });

  // [covers, status, body, content type, endpoint's answer rule, read outcome, write outcome];
  // a row added to ANSWER_RULES is a line here.
  const ROWS: readonly [string, number, string, string, AnswerRule, string, string][] = [
    [
      'a redirect (3xx): never followed',
      301,
      '',
      'text/plain',
      'json',
      'AppError redirect',
      'AppError redirect',
    ],
    [
      '401: the key is refused',
      401,
      '{"error":"jwt malformed"}',
      JSON_TYPE,
      'json',
      'ExpiredAuthError',
      'ExpiredAuthError',
    ],
    [
      '431: headers too large, that is the key',
      431,
      '',
      'text/plain',
      'json',
      'ExpiredAuthError',
      'ExpiredAuthError',
    ],
    [
      '429: too many requests, retried later',
      429,
      '{}',
      JSON_TYPE,
      'json',
      'ThrottledError',
      'ThrottledError',
    ],
    [
      '404 with a page, Express\'s "Cannot DELETE /…" or a bare "Not Found": the service has no such route',
      404,
      '{"error":"Cannot DELETE /api/outbound/unsubscribe"}',
      JSON_TYPE,
      'unsubscribed',
      'AppError endpoint_not_found',
      'AppError endpoint_not_found',
    ],
    [
      '5xx for a sent id that is not an ID of the service',
      500,
      '{"error":"internal_server_error"}',
      JSON_TYPE,
      'confirmed',
      'AppError invalid_id',
      'AppError invalid_id',
    ],
    [
      '502, 503, 504: down for now',
      503,
      '{}',
      JSON_TYPE,
      'json',
      'ThrottledError',
      'AppError outcome_unknown',
    ],
    [
      'any other 5xx',
      500,
      '{}',
      JSON_TYPE,
      'json',
      'AppError server_error',
      'AppError outcome_unknown',
    ],
    [
      'the subscription to remove does not exist (a JSON 410, a 404 in the service\'s error shape, its "not found"): gone',
      410,
      '{}',
      JSON_TYPE,
      'unsubscribed',
      'no error',
      'no error',
    ],
    [
      "any other 4xx: refused, in the service's words where it gave some",
      400,
      '{"error":"Bad"}',
      JSON_TYPE,
      'json',
      'AppError request_refused',
      'AppError request_refused',
    ],
    [
      'any other status that is not 2xx',
      199,
      '',
      'text/plain',
      'json',
      'AppError unexpected_status',
      'AppError unexpected_status',
    ],
    [
      'a 2xx that says no ("status": false or "false", "success": false, an "error"), whatever the endpoint',
      200,
      '{"id":"abc","error":"Invalid action"}',
      JSON_TYPE,
      'subscribed',
      'AppError service_failure',
      'AppError service_failure',
    ],
    [
      'a 2xx that is not JSON, where a read needs JSON or a list',
      200,
      'OK',
      'text/plain',
      'list',
      'AppError invalid_response',
      'AppError invalid_response',
    ],
    [
      'a 2xx that neither says no nor holds what the endpoint\'s rule needs ("status": "TRUE", 1, "queued"; no id; no list)',
      202,
      '{"status":"queued"}',
      JSON_TYPE,
      'confirmed',
      'AppError unconfirmed',
      'AppError unconfirmed',
    ],
  ];

  it('the table is these rows, in this order', () => {
    expect(ANSWER_RULES.map(({ covers }) => covers)).toEqual(ROWS.map(([covers]) => covers));
  });

  it.each(ROWS)(
    "%s: HTTP %i gives its row's outcome for a read and a write",
    (covers, status, body, type, rule, read, write) => {
      const answer = answerOfRow(status, body, type);
      const fields = covers.startsWith('5xx for a sent id') ? { fields: [idField] } : {};
      const reading = { ...base, method: 'GET', ...fields };
      const writing = { ...base, effect: 'the email', ...fields };
      const text = serviceText(answer);
      const first = ANSWER_RULES.findIndex(({ when }) =>
        when({ errors, call: reading, where: 'GET /api/x', answer, status, text, rule }),
      );
      expect(ANSWER_RULES[first]?.covers).toBe(covers);
      expect(kindOf(errorForAnswer(errors, reading, answer, rule))).toBe(read);
      expect(kindOf(errorForAnswer(errors, writing, answer, rule))).toBe(write);
    },
  );

  it('a 2xx that no row covers is fine', () => {
    expect(errorForAnswer(errors, base, answerOfRow(200, '[]'), 'json')).toBeUndefined();
    expect(
      errorForAnswer(errors, base, answerOfRow(201, '{"status":true}'), 'confirmed'),
    ).toBeUndefined();
  });

  it.each([
    [199, 'AppError unexpected_status'],
    [299, 'no error'],
    [300, 'AppError redirect'],
    [399, 'AppError redirect'],
    [400, 'AppError request_refused'],
    [499, 'AppError request_refused'],
    [500, 'AppError server_error'],
    [599, 'AppError server_error'],
  ])('the edges of the status classes: HTTP %i on a read gives %s', (status, kind) => {
    const reading = { ...base, method: 'GET' };
    expect(kindOf(errorForAnswer(errors, reading, answerOfRow(status, '[]'), 'json'))).toBe(kind);
  });

  it.each([
    ['{"status":false}', 'AppError service_failure'],
    ['{"status":"false"}', 'AppError service_failure'],
    ['{"success":false}', 'AppError service_failure'],
    ['{"error":"Bad"}', 'AppError service_failure'],
    ['{"status":true,"success":false}', 'AppError service_failure'],
    ['{"status":true,"error":"Bad"}', 'AppError service_failure'],
    ['{"status":true}', 'no error'],
    ['{"status":"true"}', 'no error'],
    ['{"status":true,"success":true}', 'no error'],
    ['{"status":true,"error":""}', 'no error'],
    ['{"status":true,"error":" \\n "}', 'no error'],
    ['{"status":true,"error":null}', 'no error'],
    ['{"success":"false"}', 'AppError service_failure'],
    ['{"error":{"message":"Bad"}}', 'AppError service_failure'],
    ['{}', 'AppError unconfirmed'],
    ['{"error":""}', 'AppError unconfirmed'],
    ['{"error":{"message":" "}}', 'AppError unconfirmed'],
    ['{"error":{}}', 'AppError unconfirmed'],
    ['{"status":"TRUE"}', 'AppError unconfirmed'],
    ['{"status":"FALSE"}', 'AppError unconfirmed'],
    ['{"status":1}', 'AppError unconfirmed'],
    ['{"status":0}', 'AppError unconfirmed'],
    ['{"status":"queued"}', 'AppError unconfirmed'],
    ['{"success":true}', 'AppError unconfirmed'],
  ])('where "status": true is needed, a 2xx of %s gives %s', (body, kind) => {
    expect(kindOf(errorForAnswer(errors, base, answerOfRow(200, body), 'confirmed'))).toBe(kind);
  });

  it.each([
    ['', 'an empty body'],
    [' \n\t ', 'an empty body'],
    ['  {"ok":1} ', '{"ok":1}'],
  ])('an answer shown in a message is trimmed: %j is shown as %s', (content, shown) => {
    const error = errorForAnswer(
      errors,
      { ...base, effect: 'the email' },
      answerOfRow(200, content, 'text/plain'),
      'confirmed',
    );
    expect(kindOf(error)).toBe('AppError unconfirmed');
    const { message } = JSON.parse(error?.message ?? '{}') as { message: string };
    expect(message).toContain(`its answer: ${shown}), so this step does not report it`);
  });

  /** The error's message and what it logged, for a read of GET /api/send-video. */
  const readOf = (status: number, content: string, type: string, rule: AnswerRule) => {
    const logged: string[] = [];
    const reading = { ...base, method: 'GET', log: (line: string) => logged.push(line) };
    const error = errorForAnswer(errors, reading, answerOfRow(status, content, type), rule);
    const { message } =
      error?.name === 'AppError'
        ? (JSON.parse(error.message) as { message: string })
        : { message: error?.message ?? '' };
    return { kind: kindOf(error), message, logged };
  };
  const HINT =
    ' If this keeps happening, check the BASE_URL setting (now "https://api.crmgrow.com"): ' +
    "it should be the API's address, such as https://api.crmgrow.com.";

  it.each([
    [
      301,
      '',
      'text/plain',
      'CRMGrow redirected GET /api/send-video (HTTP 301) to "https://elsewhere.example".',
    ],
    [404, '  \n<html>no</html>', 'text/plain', 'CRMGrow has no endpoint at GET /api/send-video.'],
    [199, '', 'text/plain', 'CRMGrow answered GET /api/send-video with HTTP 199.'],
    [
      200,
      'OK',
      'text/plain',
      'CRMGrow answered GET /api/send-video with "text/plain" content instead of JSON.',
    ],
    [
      200,
      ' ',
      'text/plain',
      'CRMGrow answered GET /api/send-video with an empty body instead of JSON.',
    ],
  ])(
    'HTTP %i (%j, %s) logs what the maintainer checks: the base address',
    (status, content, type, line) => {
      expect(readOf(status, content, type, 'json').logged).toEqual([`${line}${HINT}`]);
    },
  );

  it('an unexpected status says so, and who to ask', () => {
    expect(readOf(199, '', 'text/plain', 'json').message).toBe(
      'CRMGrow gave an unexpected answer to GET /api/send-video (HTTP 199). Contact CRMGrow ' +
        'support if this keeps happening.',
    );
  });

  it.each([
    ['a text 404 that holds a "<" further on is no page', 'Not found: <id>', 'request_refused'],
    [
      'a 404 page after spaces and a line break is a page',
      ' \n <p>Cannot GET</p>',
      'endpoint_not_found',
    ],
  ])('%s', (_what, content, code) => {
    expect(readOf(404, content, 'text/plain', 'json').kind).toBe(`AppError ${code}`);
  });

  it.each([
    ['{"error":"  Bad id \\n"}', 'Bad id'],
    ['{"error":42,"message":" Bad id "}', 'Bad id'],
    ['{"error":{"message":" Bad id "}}', 'Bad id'],
    ['{"error":"  ","msg":"Bad id"}', 'Bad id'],
    ['{"errors":{"message":"Bad id"},"error":null}', 'Bad id'],
  ])("the service's words in %s, trimmed, are quoted", (content, words) => {
    expect(readOf(400, content, JSON_TYPE, 'json').message).toBe(
      `CRMGrow refused GET /api/send-video (HTTP 400: "${words}"). If it keeps happening, ` +
        'contact CRMGrow support with this message.',
    );
  });

  it.each([
    ['{"status":"ok","error":"x"}', 'AppError service_failure'],
    ['{"success":false}', 'AppError service_failure'],
    ['{"status":0}', 'no error'],
    ['{"status":"TRUE"}', 'no error'],
    ['{}', 'no error'],
    ['[{"status":false}]', 'no error'],
  ])('where any JSON will do, a 2xx of %s gives %s: only a no fails', (content, kind) => {
    expect(readOf(200, content, JSON_TYPE, 'json').kind).toBe(kind);
  });

  // [rule, a 2xx body, its outcome on a read (the list) or a write (subscribe)]
  it.each([
    ['list', '[]', 'no error'],
    ['list', '{"status":true,"data":[{"id":"a"}]}', 'no error'],
    ['list', '{}', 'AppError unconfirmed'],
    ['list', '{"data":{"id":"a"}}', 'AppError unconfirmed'],
    ['list', '{"error":"invalid signature"}', 'ExpiredAuthError'],
    ['list', '{"status":false,"error":"invalid_user"}', 'ExpiredAuthError'],
    ['subscribed', '{"id":"a"}', 'no error'],
    ['subscribed', '{"_id":"a"}', 'no error'],
    ['subscribed', '{"id":7}', 'no error'],
    ['subscribed', '{"data":{"_id":"a"}}', 'no error'],
    ['subscribed', '{"status":true,"data":{"id":"a"}}', 'no error'],
    ['subscribed', '{"id":" "}', 'AppError subscription_unconfirmed'],
    ['subscribed', '{"id":1.5}', 'AppError subscription_unconfirmed'],
    ['subscribed', '{"id":9007199254740993}', 'AppError subscription_unconfirmed'],
    ['subscribed', '{"data":[{"id":"a"}]}', 'AppError subscription_unconfirmed'],
    ['subscribed', '<p>OK</p>', 'AppError subscription_unconfirmed'],
    ['subscribed', '{"id":"abc","error":"Invalid action"}', 'AppError service_failure'],
    ['unsubscribed', '{"status":true}', 'no error'],
    ['unsubscribed', '{"status":"TRUE"}', 'AppError unconfirmed'],
    ['unsubscribed', '<p>OK</p>', 'AppError unconfirmed'],
  ])('under the %s rule, a 2xx of %s gives %s', (rule, content, kind) => {
    const call = rule === 'subscribed' ? { ...base, effect: 'the subscription' } : base;
    const answer = answerOfRow(200, content, content.startsWith('<') ? 'text/html' : JSON_TYPE);
    expect(kindOf(errorForAnswer(errors, call, answer, rule as AnswerRule))).toBe(kind);
  });

  // What unsubscribe takes for gone, and what it never does: [status, body, outcome].
  it.each([
    [404, '{"status":false}', 'no error'],
    [404, '{"status":false,"error":"Not found"}', 'no error'],
    [410, '{}', 'no error'],
    [400, '{"message":"No such subscription"}', 'no error'],
    [404, '{"error":"Webhook does not exist"}', 'no error'],
    [200, '{"status":false,"error":"Subscription not found"}', 'no error'],
    [404, '{"message":"Not Found"}', 'AppError endpoint_not_found'],
    [404, '{"error":"Cannot DELETE /api/outbound/unsubscribe"}', 'AppError endpoint_not_found'],
    [404, '{"status":false,"error":"Cannot DELETE /api/x"}', 'AppError endpoint_not_found'],
    [404, '<pre>Cannot DELETE /api/outbound/unsubscribe</pre>', 'AppError endpoint_not_found'],
    [404, '{}', 'AppError request_refused'],
    [410, 'Gone', 'AppError request_refused'],
    [410, '[]', 'AppError request_refused'],
    [400, 'Subscription not found', 'AppError request_refused'],
    [410, '{"error":"Not Found"}', 'no error'],
    [400, '{"error":"Contact not found"}', 'AppError request_refused'],
    [400, '{"status":false,"error":"NotFoundError"}', 'AppError request_refused'],
    [400, '{"error":["Subscription not found"]}', 'AppError request_refused'],
    [401, '{"error":"Subscription not found"}', 'ExpiredAuthError'],
    [500, '{"msg":"Webhook does not exist"}', 'AppError server_error'],
    [503, '{"status":false}', 'ThrottledError'],
    [200, '{"status":"false"}', 'AppError service_failure'],
    [200, '{"success":false,"error":"could not delete"}', 'AppError service_failure'],
  ])('unsubscribing, HTTP %i %s gives %s (no error: gone)', (status, content, kind) => {
    const type = content.startsWith('<')
      ? 'text/html'
      : /^[[{]/.test(content)
        ? JSON_TYPE
        : 'text/plain';
    const answer = answerOfRow(status, content, type);
    expect(kindOf(errorForAnswer(errors, base, answer, 'unsubscribed'))).toBe(kind);
  });

  it("a JSON 404 in the service's shape is gone only where a subscription is removed", () => {
    const answer = answerOfRow(404, '{"status":false,"error":"Not found"}');
    expect(kindOf(errorForAnswer(errors, base, answer, 'json'))).toBe('AppError request_refused');
  });

  it.each([
    [200, '{"error":"jwt expired"}'],
    [400, '{"status":false,"error":"JWT malformed"}'],
    [403, '{"status":false,"error":"Invalid user"}'],
    [200, '{"status":false,"error":"invalid token"}'],
  ])("HTTP %i %s is the key refused in the service's words: reconnect", (status, content) => {
    const { error } = JSON.parse(content) as { error: string };
    expect(readOf(status, content, JSON_TYPE, 'json')).toEqual({
      kind: 'ExpiredAuthError',
      message: `CRMGrow refused the API key (HTTP ${status}; CRMGrow said "${error}"). Copy your current API key from CRMGrow and reconnect your CRMGrow account in Zapier.`,
      logged: [],
    });
  });

  it.each([['{"error":"invalid username or template"}'], ['{"error":"Invalid action"}']])(
    '%s is no refused key',
    (content) => {
      expect(readOf(200, content, JSON_TYPE, 'json').kind).toBe('AppError service_failure');
    },
  );

  it('a read that was not confirmed says so, and to try again: reading again is safe', () => {
    expect(readOf(200, '{"status":"TRUE"}', JSON_TYPE, 'unsubscribed').message).toBe(
      'CRMGrow answered GET /api/send-video without confirming it (no "status": true; its ' +
        'answer: {"status":"TRUE"}), so it is not taken as done. Try again in a few minutes; if ' +
        'it keeps happening, contact CRMGrow support with this message.',
    );
  });

  // [covers, cause, timed out, read outcome, write outcome]
  const NETWORK_ROWS: readonly [string, object, boolean, string, string][] = [
    [
      'no whole answer before the deadline',
      { type: 'aborted' },
      true,
      'AppError timeout',
      'AppError outcome_unknown',
    ],
    [
      'an answer larger than the cap',
      { type: 'max-size' },
      false,
      'AppError answer_too_large',
      'AppError outcome_unknown',
    ],
    [
      'a compressed answer that cannot be unpacked',
      { code: 'Z_DATA_ERROR' },
      false,
      'AppError invalid_response',
      'AppError outcome_unknown',
    ],
    [
      'no connection (refused, no such host): nothing was sent',
      { code: 'ECONNREFUSED' },
      false,
      'AppError network_error',
      'AppError network_error',
    ],
    [
      'a connection that broke before the whole answer',
      { code: 'ECONNRESET' },
      false,
      'AppError network_error',
      'AppError outcome_unknown',
    ],
  ];

  it('no whole answer: the table is these rows, in this order', () => {
    expect(NETWORK_RULES.map(({ covers }) => covers)).toEqual(
      NETWORK_ROWS.map(([covers]) => covers),
    );
  });

  it.each(NETWORK_ROWS)(
    "%s gives its row's outcome for a read and a write",
    (_covers, cause, timedOut, read, write) => {
      expect(kindOf(networkError(errors, { ...base, method: 'GET' }, cause, timedOut))).toBe(read);
      expect(kindOf(networkError(errors, { ...base, effect: 'the email' }, cause, timedOut))).toBe(
        write,
      );
    },
  );
  it.each([
    ['code', { code: 'ECONNREFUSED' }, 'the connection was refused'],
    [
      'errno, after a code no row knows',
      { code: 'E_NOT_KNOWN', errno: 'ENOTFOUND' },
      'the host name was not found',
    ],
    ['errno, with no code', { errno: 'ECONNREFUSED' }, 'the connection was refused'],
    [
      'type, with a code of another type',
      { code: 42, type: 'ECONNREFUSED' },
      'the connection was refused',
    ],
  ])(
    'a failure is named by the first of code, errno and type that is known: %s',
    (_what, cause, reason) => {
      const logged: string[] = [];
      const writing = { ...base, effect: 'the email', log: (line: string) => logged.push(line) };
      const { message } = JSON.parse(networkError(errors, writing, cause, false).message) as {
        message: string;
      };
      expect(message).toBe(
        `Could not reach CRMGrow at api.crmgrow.com (${reason}). Nothing was sent. Try again in a few minutes.`,
      );
      expect(logged).toEqual([
        `No answer from api.crmgrow.com to POST /api/send-video (${reason}).${HINT}`,
      ]);
    },
  );
});
