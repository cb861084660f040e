// callApi's steps, in order (settings, request, exchange, response), and the
// error tables: their rows are written out here, once, in the order the reader
// of src/http/response-errors.ts and src/http/network-errors.ts finds them.
import nock from 'nock';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { errors, type Bundle, type RawHttpResponse, type ZObject } from 'zapier-platform-core';
import { callApi, watchingAgent, type CallOptions } from '../../src/http/client';
import { ENDPOINTS, type Endpoint, type SuccessCheck } from '../../src/http/endpoints';
import type { CallContext } from '../../src/http/errors';
import { parseJson, shallowJson, toJson } from '../../src/http/json';
import { NETWORK_ERRORS, networkError } from '../../src/http/network-errors';
import { errorForResponse, RESPONSE_ERRORS } from '../../src/http/response-errors';
import { saysAlreadyDeleted, serviceText, type ApiResponse } from '../../src/http/responses';
import { closeServer, listenOnLoopback } from '../../sandbox/http';
import { appTester, failureOf } from '../support/app';

const KEY = 'k3y-for-the-steps-0001';

/** What every request hands core beside its method, URL, headers and body (the cap set to 4,096 here). */
const GUARDS = {
  merge: false,
  skipThrowForStatus: true,
  throwForThrottlingEarly: false,
  redirect: 'manual',
  size: 4_096,
  signal: expect.any(AbortSignal) as unknown,
  agent: expect.any(https.Agent) as unknown,
  raw: true,
};
const JSON_TYPE = 'application/json';

/** What core's raw z.request resolves to, as far as callApi reads it. */
const rawAnswer = (status: number, text: string, headers: Record<string, string> = {}) => ({
  status,
  getHeader: (name: string) => headers[name.toLowerCase()] ?? null,
  buffer: () => Promise.resolve(Buffer.from(text)),
});

/** Just what callApi uses of z: the error classes, the log, and a request that records what it is given. */
const zOf = (sent: unknown[] = [], answer = rawAnswer(200, '[]')): ZObject =>
  ({
    errors,
    console: { log: () => undefined },
    request: (options: unknown) => {
      sent.push(options);
      return Promise.resolve(answer);
    },
  }) as unknown as ZObject;

const bundleOf = (apiKey: string): Bundle =>
  ({ authData: { api_key: apiKey } }) as unknown as Bundle;

/** What callApi rejects with; fails the test when it resolves. */
async function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, but it resolved');
}

describe('the settings, before anything is sent', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.restoreAllMocks();
  });

  it('reads the base address, the deadline, the cap and the trimmed key', async () => {
    delete process.env.BASE_URL;
    delete process.env.REQUEST_DEADLINE_MS;
    delete process.env.MAX_RESPONSE_BYTES;
    const timers = jest.spyOn(global, 'setTimeout');
    const sent: unknown[] = [];
    await callApi(zOf(sent), bundleOf(`  ${KEY} `), ENDPOINTS.listVideos);
    expect(sent).toEqual([
      expect.objectContaining({
        url: 'https://api.crmgrow.com/api/video',
        headers: expect.objectContaining({ Authorization: KEY }) as unknown,
        size: 20 * 1024 * 1024,
      }),
    ]);
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 25_000);
  });

  it('a bad setting is a configuration error naming it; no key asks to reconnect', async () => {
    const sent: unknown[] = [];
    process.env.MAX_RESPONSE_BYTES = 'lots';
    await expect(callApi(zOf(sent), bundleOf(KEY), ENDPOINTS.listVideos)).rejects.toThrow(
      JSON.stringify({
        message:
          'The MAX_RESPONSE_BYTES setting "lots" must be a whole number of bytes from 1 to 20971520. Unset it to use 20971520.',
        code: 'invalid_configuration',
      }),
    );
    delete process.env.MAX_RESPONSE_BYTES;
    await expect(callApi(zOf(sent), bundleOf('  '), ENDPOINTS.listVideos)).rejects.toThrow(
      'No CRMGrow API key is connected. Reconnect your CRMGrow account in Zapier with your API key.',
    );
    expect(sent).toEqual([]);
  });

  it.each([
    ['no authData at all', {}],
    ['a key that is a number', { authData: { api_key: 12345 } }],
    ['a key that is null', { authData: { api_key: null } }],
  ])('%s is no key: it asks to reconnect', async (_case, bundle) => {
    expect(await rejectionOf(callApi(zOf(), bundle as Bundle, ENDPOINTS.listVideos))).toMatchObject(
      {
        name: 'ExpiredAuthError',
        doNotContextify: true,
        message:
          'No CRMGrow API key is connected. Reconnect your CRMGrow account in Zapier with your API key.',
      },
    );
  });

  it('an error that is no bad setting is passed on as it is, not called a configuration error', async () => {
    const unreadable = new Error('the environment could not be read');
    const env: NodeJS.ProcessEnv = { ...saved };
    delete env.BASE_URL;
    process.env = Object.defineProperty(env, 'REQUEST_DEADLINE_MS', {
      enumerable: true,
      get: () => {
        throw unreadable;
      },
    });
    expect(await rejectionOf(callApi(zOf(), bundleOf(KEY), ENDPOINTS.listVideos))).toBe(unreadable);
  });
});

describe('the request as sent', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.BASE_URL = 'https://api.example.com';
    process.env.REQUEST_DEADLINE_MS = '1000';
    process.env.MAX_RESPONSE_BYTES = '4096';
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  /** What callApi gives z.request, answered with `{"status":true}`. */
  const sentFor = async (endpoint: Endpoint, options: CallOptions): Promise<unknown[]> => {
    const sent: unknown[] = [];
    await callApi(zOf(sent, rawAnswer(200, '{"status":true}')), bundleOf(KEY), endpoint, options);
    return sent;
  };

  it('a write: JSON body as given, the key, no merging, no redirects, the cap, raw', async () => {
    expect(
      await sentFor(ENDPOINTS.addNote, { body: { email: 'a@b.co', content: '{{x}}' } }),
    ).toEqual([
      {
        url: 'https://api.example.com/api/note',
        method: 'POST',
        headers: {
          'user-agent': 'Zapier',
          Authorization: KEY,
          'Content-Type': 'application/json',
        },
        body: '{"email":"a@b.co","content":"{{x}}"}',
        ...GUARDS,
      },
    ]);
  });

  it('a read with a query and a header of its own, and no Content-Type where none is listed', async () => {
    expect(
      await sentFor(ENDPOINTS.unsubscribe, {
        params: { id: '{{a}} b&c' },
        headers: { action: 'add_deal' },
      }),
    ).toEqual([
      {
        url: 'https://api.example.com/api/outbound/unsubscribe?id=%7B%7Ba%7D%7D%20b%26c',
        method: 'DELETE',
        headers: { 'user-agent': 'Zapier', Authorization: KEY, action: 'add_deal' },
        ...GUARDS,
      },
    ]);
  });

  it('a query of several parameters: each encoded, joined by "&" in the order given', async () => {
    expect(
      await sentFor(ENDPOINTS.unsubscribe, {
        params: { id: 'a&b', action: 'add deal', empty: '' },
      }),
    ).toEqual([
      expect.objectContaining({
        url: 'https://api.example.com/api/outbound/unsubscribe?id=a%26b&action=add%20deal&empty=',
      }),
    ]);
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
  const viaCore = (logged: string[] = [], answers: RawHttpResponse[] = []): Promise<ApiResponse> =>
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

  describe('an answer whose Content-Length passes the cap (MAX_RESPONSE_BYTES)', () => {
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
      process.env.MAX_RESPONSE_BYTES = '100';
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
    contentType: JSON_TYPE,
    content: LIST,
    data: { status: true, data: [] },
    retryAfter: undefined,
    location: undefined,
    alreadyDeleted: false,
  };

  it('an answer of exactly the cap is read', async () => {
    process.env.MAX_RESPONSE_BYTES = String(LIST.length);
    listVideos().reply(200, LIST, {
      'Content-Type': JSON_TYPE,
      'Content-Length': String(LIST.length),
    });
    expect(await viaCore()).toEqual(LIST_ANSWER);
  });

  it('a gzip answer is measured unpacked: its Content-Length, the packed size, is not held against the cap', async () => {
    process.env.MAX_RESPONSE_BYTES = String(LIST.length);
    const packed = gzipSync(LIST);
    expect(packed.length).toBeGreaterThan(LIST.length);
    listVideos().reply(200, packed, {
      'Content-Type': JSON_TYPE,
      'Content-Encoding': 'gzip',
      'Content-Length': String(packed.length),
    });
    expect(await viaCore()).toEqual(LIST_ANSWER);
  });

  it('reads the body as UTF-8, whatever charset it names', async () => {
    const body = '{"status":true,"data":[{"title":"Café"}]}';
    listVideos().reply(200, Buffer.from(body, 'utf8'), {
      'Content-Type': 'application/json; charset=iso-8859-1',
    });
    expect((await viaCore()).data).toEqual({ status: true, data: [{ title: 'Café' }] });
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
      contentType: JSON_TYPE,
      content: '[]',
      data: [],
      retryAfter: undefined,
      location: undefined,
      alreadyDeleted: false,
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

describe('the JSON helpers an answer is read with', () => {
  it('toJson writes what JSON.stringify would, keys in their own order unless sorted', () => {
    const value = { b: 1, a: [2, undefined, () => 3], c: undefined, d: { z: '"', y: null } };
    expect(toJson(value)).toBe(JSON.stringify(value));
    expect(toJson(value)).toBe('{"b":1,"a":[2,null,null],"d":{"z":"\\"","y":null}}');
    expect(toJson(value, true)).toBe('{"a":[2,null,null],"b":1,"d":{"y":null,"z":"\\""}}');
    expect(toJson({})).toBe('{}');
    expect(toJson([])).toBe('[]');
  });

  it('shallowJson writes any value as JSON.stringify would, up to 32 levels of lists and objects', () => {
    for (const value of [42, 'text', true, null, { a: 'x', b: [1, 'y', { c: null }] }, [[]]]) {
      expect(shallowJson(value)).toBe(JSON.stringify(value));
    }
    let deep: unknown = 'x';
    for (let level = 0; level < 32; level++) deep = [deep];
    expect(shallowJson(deep)).toBe(JSON.stringify(deep));
    expect(shallowJson([deep])).toBeUndefined();
    expect(shallowJson({ a: { b: deep } })).toBeUndefined();
  });
});

describe('the response', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  /** callApi's answer to `endpoint` when the service answers `status`, `text` and `headers`. */
  const answerTo = (
    endpoint: Endpoint,
    status: number,
    text: string,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse> =>
    callApi(zOf([], rawAnswer(status, text, headers)), bundleOf(KEY), endpoint);

  it('takes the key out, parses once, and keeps the text and the headers the tables read', async () => {
    const headers = {
      'content-type': JSON_TYPE,
      'retry-after': '5',
      location: `https://u:pw@api.example.com/?key=${KEY}`,
    };
    expect(
      await answerTo(ENDPOINTS.addNote, 200, `{"status":true,"echo":"${KEY}"}`, headers),
    ).toEqual({
      status: 200,
      contentType: JSON_TYPE,
      content: '{"status":true,"echo":"[API key]"}',
      data: { status: true, echo: '[API key]' },
      retryAfter: '5',
      location: 'https://***@api.example.com/?key=[API key]',
      alreadyDeleted: false,
    });
  });

  it('a body that is not JSON has no data; missing headers are empty or undefined', async () => {
    delete process.env.BASE_URL;
    const messageOf = async (status: number, text: string): Promise<unknown> =>
      JSON.parse((await failureOf(answerTo(ENDPOINTS.listVideos, status, text))).message);
    expect(await messageOf(200, 'OK')).toEqual({
      message:
        'CRMGrow answered GET /api/video with "unknown" content instead of JSON, so the result ' +
        'cannot be trusted. Contact CRMGrow support if this keeps happening.',
      code: 'invalid_response',
      status: 200,
    });
    expect(await messageOf(301, '')).toEqual({
      message:
        'CRMGrow answered GET /api/video with a redirect (HTTP 301). Redirects are not followed, ' +
        'so the request was not sent on and your API key went nowhere else. Contact CRMGrow ' +
        'support if this keeps happening.',
      code: 'redirect',
      status: 301,
    });
    expect(await messageOf(502, '<p>Bad gateway</p>')).toMatchObject({
      message:
        'CRMGrow is unavailable for now (HTTP 502 on GET /api/video). Zapier will try again in 60 seconds.',
    });
  });

  it.each([
    ['deleted', 410, '{}', 'already deleted'],
    ['deleted', 200, '{"status":false,"error":"Subscription not found"}', 'already deleted'],
    ['deleted', 201, '{"status":true}', 'not already deleted'],
    ['json', 201, '{"status":true,"message":"Subscription not found"}', 'not already deleted'],
    ['json', 410, '{}', 'AppError request_refused'],
  ] as const)('under the %s check, HTTP %i %s is %s', async (check, status, body, outcome) => {
    const endpoint = check === 'deleted' ? ENDPOINTS.unsubscribe : ENDPOINTS.listVideos;
    expect(
      await answerTo(endpoint, status, body).then(
        ({ alreadyDeleted }) => (alreadyDeleted ? 'already deleted' : 'not already deleted'),
        kindOf,
      ),
    ).toBe(outcome);
  });
});

/** What an error says of itself, for the error tables: its class and, for AppError, its code. */
function kindOf(error: Error | undefined): string {
  if (!error) return 'no error';
  if (error.name !== 'AppError') return error.name;
  return `AppError ${(JSON.parse(error.message) as { code: string }).code}`;
}

/** The endpoint of the tables' calls: a GET that is safe to retry, or a POST that creates "the email". */
const endpointOf = (success: SuccessCheck, safeToRetry: boolean): Endpoint => {
  const shared = {
    path: '/api/send-video',
    base: 'BASE_URL',
    jsonContentType: true,
    success,
  } as const;
  return safeToRetry
    ? { ...shared, method: 'GET', safeToRetry }
    : { ...shared, method: 'POST', safeToRetry, creates: 'the email' };
};

const callOf = (
  success: SuccessCheck,
  safeToRetry: boolean,
  extra: Partial<CallContext> = {},
): CallContext => ({
  endpoint: endpointOf(success, safeToRetry),
  url: 'https://api.crmgrow.com/api/send-video',
  baseUrl: 'https://api.crmgrow.com',
  deadlineMs: 25_000,
  maxAnswerBytes: 20 * 1024 * 1024,
  log: () => undefined,
  ...extra,
});

/** A response as callApi reads it (no key in these bodies); a redirect's Location is https://elsewhere.example. */
const responseOfRow = (
  status: number,
  content: string,
  contentType = JSON_TYPE,
  success: SuccessCheck = 'json',
): ApiResponse => {
  const read = {
    status,
    contentType,
    content,
    data: parseJson(content),
    retryAfter: undefined,
    location: status >= 300 && status < 400 ? 'https://elsewhere.example' : undefined,
  };
  return { ...read, alreadyDeleted: success === 'deleted' && saysAlreadyDeleted(read) };
};

/** The kind of error for a request that is safe to retry, or not. */
const judged = (
  status: number,
  content: string,
  success: SuccessCheck,
  safeToRetry = true,
  contentType = JSON_TYPE,
): string =>
  kindOf(
    errorForResponse(
      errors,
      callOf(success, safeToRetry),
      responseOfRow(status, content, contentType, success),
    ),
  );

describe('the response table: each row, in the order tried, with one response it covers', () => {
  const idField = { key: 'video_id', label: 'Video', value: 'My Tour', search: 'Find Video' };

  // [covers, status, body, content type, the endpoint's success check, the error when
  // safe to retry, the error when not]; a row added to RESPONSE_ERRORS is a line here.
  const ROWS: readonly [string, number, string, string, SuccessCheck, string, string][] = [
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
      '404 from no route: a page, "Cannot DELETE /…" or a bare "Not Found"',
      404,
      '{"error":"Cannot DELETE /api/outbound/unsubscribe"}',
      JSON_TYPE,
      'deleted',
      'AppError endpoint_not_found',
      'AppError endpoint_not_found',
    ],
    [
      '5xx for a sent id that is not an ID of the service',
      500,
      '{"error":"internal_server_error"}',
      JSON_TYPE,
      'statusTrue',
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
      'the subscription to remove is already deleted',
      410,
      '{}',
      JSON_TYPE,
      'deleted',
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
      'a 2xx that says no, whatever the endpoint',
      200,
      '{"id":"abc","error":"Invalid action"}',
      JSON_TYPE,
      'id',
      'AppError service_failure',
      'AppError service_failure',
    ],
    [
      'a 2xx that is not JSON, where the endpoint needs JSON or a list',
      200,
      'OK',
      'text/plain',
      'list',
      'AppError invalid_response',
      'AppError invalid_response',
    ],
    [
      "a 2xx without what the endpoint's success check needs",
      202,
      '{"status":"queued"}',
      JSON_TYPE,
      'statusTrue',
      'AppError unconfirmed',
      'AppError unconfirmed',
    ],
  ];

  it('the table is these rows, in this order', () => {
    expect(RESPONSE_ERRORS.map(({ covers }) => covers)).toEqual(ROWS.map(([covers]) => covers));
  });

  it.each(ROWS)(
    "%s: HTTP %i gives its row's error, safe to retry or not",
    (covers, status, body, type, success, safe, notSafe) => {
      const fields = covers.startsWith('5xx for a sent id') ? { fields: [idField] } : {};
      const response = responseOfRow(status, body, type, success);
      const safeCall = callOf(success, true, fields);
      const first = RESPONSE_ERRORS.findIndex(({ when }) =>
        when({
          errors,
          call: safeCall,
          where: 'GET /api/x',
          response,
          status,
          text: serviceText(response),
        }),
      );
      expect(RESPONSE_ERRORS[first]?.covers).toBe(covers);
      expect(kindOf(errorForResponse(errors, safeCall, response))).toBe(safe);
      expect(kindOf(errorForResponse(errors, callOf(success, false, fields), response))).toBe(
        notSafe,
      );
    },
  );

  it('a 2xx that no row covers is a success', () => {
    expect(judged(200, '[]', 'json')).toBe('no error');
    expect(judged(201, '{"status":true}', 'statusTrue', false)).toBe('no error');
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
  ])('the edges of the status classes: HTTP %i, safe to retry, gives %s', (status, kind) => {
    expect(judged(status, '[]', 'json')).toBe(kind);
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
    expect(judged(200, body, 'statusTrue')).toBe(kind);
  });

  it.each([
    ['', 'an empty body'],
    [' \n\t ', 'an empty body'],
    ['  {"ok":1} ', '{"ok":1}'],
  ])('a response shown in a message is trimmed: %j is shown as %s', (content, shown) => {
    const error = errorForResponse(
      errors,
      callOf('statusTrue', false),
      responseOfRow(200, content, 'text/plain', 'statusTrue'),
    );
    expect(kindOf(error)).toBe('AppError unconfirmed');
    const { message } = JSON.parse(error?.message ?? '{}') as { message: string };
    expect(message).toContain(`its answer: ${shown}), so this step does not report it`);
  });

  /** The error's message and what it logged, for GET /api/send-video, which is safe to retry. */
  const readOf = (status: number, content: string, type: string, success: SuccessCheck) => {
    const logged: string[] = [];
    const call = callOf(success, true, { log: (line: string) => logged.push(line) });
    const error = errorForResponse(errors, call, responseOfRow(status, content, type, success));
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

  // [check, a 2xx body, its error: the list is safe to retry, subscribe (`id`) is not]
  it.each([
    ['list', '[]', 'no error'],
    ['list', '{"status":true,"data":[{"id":"a"}]}', 'no error'],
    ['list', '{}', 'AppError unconfirmed'],
    ['list', '{"data":{"id":"a"}}', 'AppError unconfirmed'],
    ['list', '{"error":"invalid signature"}', 'ExpiredAuthError'],
    ['list', '{"status":false,"error":"invalid_user"}', 'ExpiredAuthError'],
    ['id', '{"id":"a"}', 'no error'],
    ['id', '{"_id":"a"}', 'no error'],
    ['id', '{"id":7}', 'no error'],
    ['id', '{"data":{"_id":"a"}}', 'no error'],
    ['id', '{"status":true,"data":{"id":"a"}}', 'no error'],
    ['id', '{"id":" "}', 'AppError subscription_unconfirmed'],
    ['id', '{"id":1.5}', 'AppError subscription_unconfirmed'],
    ['id', '{"id":9007199254740993}', 'AppError subscription_unconfirmed'],
    ['id', '{"data":[{"id":"a"}]}', 'AppError subscription_unconfirmed'],
    ['id', '<p>OK</p>', 'AppError subscription_unconfirmed'],
    ['id', '{"id":"abc","error":"Invalid action"}', 'AppError service_failure'],
    ['deleted', '{"status":true}', 'no error'],
    ['deleted', '{"status":"TRUE"}', 'AppError unconfirmed'],
    ['deleted', '<p>OK</p>', 'AppError unconfirmed'],
  ] as const)('under the %s check, a 2xx of %s gives %s', (check, content, kind) => {
    const type = content.startsWith('<') ? 'text/html' : JSON_TYPE;
    expect(judged(200, content, check, check !== 'id', type)).toBe(kind);
  });

  // What unsubscribe takes for already deleted, and what it never does: [status, body, error].
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
    [400, '{"error":"SubscriptionNotFound"}', 'no error'],
    [
      404,
      '{"error":"You cannot DELETE /api/outbound/unsubscribe yet"}',
      'AppError request_refused',
    ],
    [400, '{"error":["Subscription not found"]}', 'AppError request_refused'],
    [401, '{"error":"Subscription not found"}', 'ExpiredAuthError'],
    [500, '{"msg":"Webhook does not exist"}', 'AppError server_error'],
    [503, '{"status":false}', 'ThrottledError'],
    [200, '{"status":"false"}', 'AppError service_failure'],
    [200, '{"success":false,"error":"could not delete"}', 'AppError service_failure'],
  ])('unsubscribing, HTTP %i %s gives %s (no error: already deleted)', (status, content, kind) => {
    const type = content.startsWith('<')
      ? 'text/html'
      : /^[[{]/.test(content)
        ? JSON_TYPE
        : 'text/plain';
    expect(judged(status, content, 'deleted', true, type)).toBe(kind);
  });

  it("a JSON 404 in the service's shape is already deleted only where a subscription is removed", () => {
    expect(judged(404, '{"status":false,"error":"Not found"}', 'json')).toBe(
      'AppError request_refused',
    );
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

  it('a request safe to retry that was not confirmed says so, and to try again', () => {
    expect(readOf(200, '{"status":"TRUE"}', JSON_TYPE, 'deleted').message).toBe(
      'CRMGrow answered GET /api/send-video without confirming it (no "status": true; its ' +
        'answer: {"status":"TRUE"}), so it is not taken as done. Try again in a few minutes; if ' +
        'it keeps happening, contact CRMGrow support with this message.',
    );
  });
});

describe('the network table: each row, in the order tried, with one failure it covers', () => {
  // [covers, cause, timed out, the error when safe to retry, the error when not]
  const NETWORK_ROWS: readonly [string, object, boolean, string, string][] = [
    [
      'no whole response before the deadline',
      { type: 'aborted' },
      true,
      'AppError timeout',
      'AppError outcome_unknown',
    ],
    [
      'a response larger than the cap',
      { type: 'max-size' },
      false,
      'AppError answer_too_large',
      'AppError outcome_unknown',
    ],
    [
      'a compressed response that cannot be unpacked',
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
      'a connection that broke before the whole response',
      { code: 'ECONNRESET' },
      false,
      'AppError network_error',
      'AppError outcome_unknown',
    ],
  ];

  it('the table is these rows, in this order', () => {
    expect(NETWORK_ERRORS.map(({ covers }) => covers)).toEqual(
      NETWORK_ROWS.map(([covers]) => covers),
    );
  });

  it.each(NETWORK_ROWS)(
    "%s gives its row's error, safe to retry or not",
    (_covers, cause, timedOut, safe, notSafe) => {
      expect(kindOf(networkError(errors, callOf('json', true), cause, timedOut))).toBe(safe);
      expect(kindOf(networkError(errors, callOf('json', false), cause, timedOut))).toBe(notSafe);
    },
  );

  const HINT =
    ' If this keeps happening, check the BASE_URL setting (now "https://api.crmgrow.com"): ' +
    "it should be the API's address, such as https://api.crmgrow.com.";

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
      const call = callOf('json', false, { log: (line: string) => logged.push(line) });
      const { message } = JSON.parse(networkError(errors, call, cause, false).message) as {
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
