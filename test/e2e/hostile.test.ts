// The service at its worst, through build/build.zip's handler as Zapier runs
// it: servers on loopback that never answer, drip, break off, redirect, claim
// a false success, fail for a while, or send a bomb. One case per row of the
// error layer's rules. The deadline is 1 s here (REQUEST_DEADLINE_MS), 25 s live.
import { gzipSync } from 'node:zlib';
import {
  answers,
  behaves,
  drips,
  gzipBomb,
  gzipGarbage,
  html,
  raw,
  redirects,
  resets,
  shortBody,
  silent,
  startHostileServer,
  type Behaviour,
  type HostileServer,
} from '../support/hostile-server';
import { invoke, unpackZip, userMessage, type Outcome } from '../support/lambda';
import { BLANK_CONTACT_ITEM, JANE_CONTACT } from '../support/expected';

jest.setTimeout(120_000);

const API_KEY = 'hostile-test-key-0001';
const VIDEO = '64b7f0c2a91e3d5f8c2b4a17';
const PDF = '64c1a9e73b2d4f6a8e0c5d93';
const TEMPLATE = '64a3d5f8e2c14b7a9d0f6e28';
const DEADLINE_MS = 1_000;

const sendVideo = { email: 'jane.doe@example.com', video_id: VIDEO, template_id: TEMPLATE };
const sendPdf = { email: 'jane.doe@example.com', pdf_id: PDF, template_id: TEMPLATE };
const sendImage = { email: 'jane.doe@example.com', image_id: VIDEO, template_id: TEMPLATE };
const note = (content: string): Record<string, string> => ({
  email: 'jane.doe@example.com',
  content,
});

const POLL = 'triggers.video.operation.perform';
const SEND_VIDEO = 'creates.send_video.operation.perform';
const SEND_PDF = 'creates.send_pdf.operation.perform';
const SEND_IMAGE = 'creates.send_image.operation.perform';
const ADD_NOTE = 'creates.add_note.operation.perform';
const SUBSCRIBE = 'triggers.add_contact.operation.performSubscribe';
const UNSUBSCRIBE = 'triggers.add_contact.operation.performUnsubscribe';
const SAMPLE = 'triggers.add_contact.operation.performList';
const perform = (action: string): string => `triggers.${action}.operation.perform`;

const JSON_TYPE = { 'Content-Type': 'application/json' };
/** JSON text `levels` arrays deep: past what JSON.stringify (and any recursion) can take. */
const deep = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
/** The 24-hex id of the i-th contact of a bulk delete. */
const contactId = (i: number): string => `6512e4c1a9b3f200${i.toString(16).padStart(8, '0')}`;
const JANE = '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123]';
/** Express's answer to a route it does not have, byte for byte. */
const EXPRESS_404 =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n' +
  '</head>\n<body>\n<pre>Cannot DELETE /api/outbound/unsubscribe</pre>\n</body>\n</html>\n';
/** 199 characters, then an emoji: a cut at 200 falls between its two halves. */
const BEFORE_EMOJI = `<html><body>${'x'.repeat(187)}`;
/** A base64 key: "+", "/" and "=" are percent-encoded in a URL, in upper or lower case. */
const BASE64_KEY = 'Ab3+dEf/Gh1=Ij2+Kl3/Mn4=';
const ENCODED_KEY = encodeURIComponent(BASE64_KEY);
const ENCODED_KEY_LOWER = ENCODED_KEY.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());

/** 15 videos whose titles are 1 MiB each: 15 MiB, under the 20 MiB cap. */
const hugeTitles: Behaviour = (res) => {
  const title = 'T'.repeat(1024 * 1024);
  const items = Array.from({ length: 15 }, (_, i) => ({
    id: `64b7f0c2a91e3d5f8c2b${String(1000 + i)}`,
    title,
  }));
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(items));
};

/** The answer cap in the cap's tests (MAX_RESPONSE_BYTES), 20 MiB live. */
const CAP = 4_096;

/** A list of one video whose JSON is exactly `bytes` long. */
function listOfBytes(bytes: number): string {
  const empty = JSON.stringify([{ id: '64b7f0c2a91e3d5f8c2b4a17', title: '' }]);
  return JSON.stringify([
    { id: '64b7f0c2a91e3d5f8c2b4a17', title: 'T'.repeat(bytes - empty.length) },
  ]);
}

const CASES: Record<string, Behaviour> = {
  ok: behaves,
  silent,
  drips,
  shortHold: shortBody('hold'),
  shortClose: shortBody('close'),
  resets,
  statusFalseText: answers(200, { status: 'false' }),
  successFalse: answers(200, { success: false, error: 'Monthly email quota reached' }),
  emptyList: answers(200, []),
  emptyObject: answers(200, {}),
  errorText: answers(200, { status: true, error: 'Template is archived' }),
  statusTrueText: answers(200, { status: 'true' }),
  down: answers(503, { error: 'Down for maintenance' }, { 'Retry-After': '120' }),
  downNoWait: answers(502, { error: 'Bad gateway' }),
  downForever: answers(504, { error: 'Gateway timeout' }, { 'Retry-After': '99999999999' }),
  bomb: gzipBomb(1024),
  hugeTitles,
  // The cap, set to CAP bytes: a list of exactly CAP bytes, and of CAP + 1, told or not.
  capExact: raw(200, listOfBytes(CAP), JSON_TYPE),
  capOverDeclared: raw(200, listOfBytes(CAP + 1), JSON_TYPE),
  capOverChunked: (res) => {
    res.writeHead(200, JSON_TYPE);
    const body = listOfBytes(CAP + 1);
    res.write(body.slice(0, 100));
    res.end(body.slice(100));
  },
  capExactGzip: raw(200, gzipSync(listOfBytes(CAP)), { ...JSON_TYPE, 'Content-Encoding': 'gzip' }),
  capOverGzip: raw(200, gzipSync(listOfBytes(CAP + 1)), {
    ...JSON_TYPE,
    'Content-Encoding': 'gzip',
  }),
  // Deep JSON: a confirmed note, a subscription, a sample. Each holds a \u escape
  // too, so the API key is looked for in every string of the parsed answer.
  noteDeep: raw(200, `{"status":true,"message":"Caf\\u00e9","data":${deep(5_000)}}`, JSON_TYPE),
  subscribeDeep: raw(201, `{"id":"sub-1","x":${deep(100_000)},"y":"\\u00e9"}`, JSON_TYPE),
  sampleDeep: raw(
    200,
    `[{"id":"6601a3f9c2d4e50013b7e9a1","title":"Caf\\u00e9 recap","content":${deep(100_000)},` +
      `"contact":${JSON.stringify(JANE)},"create_at":"2026-03-15T10:42:03.118Z"}]`,
    JSON_TYPE,
  ),
  // Unsubscribe: a missing route, and the service's ways of saying "gone".
  unsubscribeHtml404: html(404, EXPRESS_404),
  unsubscribeJson404: answers(404, { status: false }),
  unsubscribeJson410: answers(410, {}),
  unsubscribeNotFound: answers(400, { status: false, error: 'Subscription not found' }),
  // Subscribe answers with no usable id.
  subscribeStatusOnly: answers(200, { status: true }),
  subscribeOid: answers(201, { id: { $oid: '6512e4c1a9b3f2001e7d4a10' } }),
  subscribe204: raw(204, ''),
  subscribeHtml: html(200, `${BEFORE_EMOJI}\u{1F600}</body></html>`),
  // Retry-After that would ask for a retry at once.
  downZero: answers(503, { error: 'Down for maintenance' }, { 'Retry-After': '0' }),
  downFraction: answers(503, { error: 'Down for maintenance' }, { 'Retry-After': '1.5' }),
  downFractionAbove: answers(503, { error: 'Down for maintenance' }, { 'Retry-After': '11.5' }),
  downPastDate: answers(
    503,
    { error: 'Down for maintenance' },
    { 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' },
  ),
  // Smaller wrong diagnoses.
  bom: raw(200, '\uFEFF{"status":true}', { 'Content-Type': 'application/json; charset=utf-8' }),
  gzipGarbage,
  headersTooLarge: html(431, '<h1>431 Request Header Fields Too Large</h1>'),
  bigIds: raw(
    200,
    '[{"id":9007199254740993,"title":"First"},{"id":9007199254740995,"title":"Second"}]',
    JSON_TYPE,
  ),
  // The API key echoed by the service.
  keyIn401: answers(401, { error: API_KEY }),
  keyIn400: answers(400, { error: `Invalid email address ${API_KEY}` }),
  keyEncodedInLocation: redirects(302, `https://login.example.com/?key=${ENCODED_KEY}`),
  keyEncodedLowerInLocation: redirects(302, `https://login.example.com/?key=${ENCODED_KEY_LOWER}`),
  keyEncodedInError: answers(400, { error: `Unknown key ${ENCODED_KEY}` }),
  // One reading of an answer for every operation (issue 38).
  unsubscribeObserved: answers(201, { status: true }),
  unsubscribePage: html(200, '<html><body>Subscription removed</body></html>'),
  unsubscribeSuccessFalse: answers(200, { success: false, error: 'could not delete' }),
  unsubscribe500NotFound: answers(500, { msg: 'Webhook does not exist' }),
  unsubscribeGateway404: answers(404, { message: 'Not Found' }),
  unsubscribeRoute404: answers(404, { error: 'Cannot DELETE /api/outbound/unsubscribe' }),
  subscribeRefused: answers(200, { id: 'abc', error: 'Invalid action' }),
  subscribeEnvelope: answers(201, { status: true, data: { _id: '6613c0ffee0000000000a005' } }),
  subscribeEnvelopeId: answers(201, { data: { id: '6613c0ffee0000000000a006' } }),
  testInvalidSignature: answers(200, { error: 'invalid signature' }),
  testEmpty: answers(200, {}),
  testInvalidUser: answers(200, { status: false, error: 'invalid_user' }),
  testEnvelope: answers(200, { status: true, data: [{ id: TEMPLATE, title: 'Welcome' }] }),
  sampleEnvelope: answers(200, {
    status: true,
    data: [
      {
        id: '6601a3f9c2d4e50013b7e9a1',
        title: 'Call recap',
        content: 'Wants a pre-approval letter by Friday.',
        contact: JANE,
        create_at: '2026-03-15T10:42:03.118Z',
      },
    ],
  }),
  statusTrueUpper: answers(200, { status: 'TRUE' }),
  statusOne: answers(200, { status: 1 }),
  queued: answers(202, { status: 'queued' }),
  invisibleEmail: behaves,
  mailtoEmail: behaves,
};

describe('the service at its worst, through build.zip as Zapier runs it', () => {
  let server: HostileServer;
  let elsewhere: HostileServer;
  let dir: string;
  let remove = (): void => undefined;

  const event = (
    method: string,
    base: string,
    bundle: object = {},
    environment: Record<string, string> = {},
  ): object => ({
    command: 'execute',
    method,
    bundle: { authData: { api_key: API_KEY }, ...bundle },
    environment: {
      BASE_URL: server.base(base),
      REQUEST_DEADLINE_MS: String(DEADLINE_MS),
      ...environment,
    },
  });
  const run = async (...events: object[]): Promise<Outcome[]> => invoke(dir, events);
  const runText = async (...events: string[]): Promise<Outcome[]> =>
    invoke(dir, `[${events.join(',')}]`);
  /**
   * Runs named events, some of them JSON text already (a value too deep for
   * JSON.stringify), in one process; gives each outcome by its name.
   */
  const runNamed = async (
    events: Readonly<Record<string, object | string>>,
  ): Promise<Record<string, Outcome>> => {
    const names = Object.keys(events);
    const outcomes = await runText(
      ...Object.values(events).map((e) => (typeof e === 'string' ? e : JSON.stringify(e))),
    );
    expect(outcomes).toHaveLength(names.length);
    return Object.fromEntries(names.map((name, i) => [name, outcomes[i] ?? { ok: false }]));
  };
  /**
   * A webhook delivery as Zapier gives it to perform, as JSON text: `body` is
   * both the raw request's content and, parsed by the Lambda, cleanedRequest.
   */
  const delivery = (
    action: string,
    body: string | object,
    inputData: Record<string, string> = {},
  ): string => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const rawRequest = { method: 'POST', querystring: '', headers: JSON_TYPE, content: text };
    const bundle = { inputData, rawRequest, cleanedRequest: '@BODY@' };
    return JSON.stringify(event(perform(action), 'ok', bundle)).replace('"@BODY@"', () => text);
  };
  /** The items of a run that went well. */
  const itemsOf = (outcome: Outcome | undefined): Record<string, unknown>[] => {
    expect(outcome).toMatchObject({ ok: true });
    return outcome?.results as Record<string, unknown>[];
  };
  const failure = (outcome: Outcome | undefined): { name: string; message: string } => {
    expect(outcome?.ok).toBe(false);
    return { name: outcome?.name ?? '', message: userMessage(outcome ?? { ok: false }) };
  };

  beforeAll(async () => {
    elsewhere = await startHostileServer({ other: behaves });
    server = await startHostileServer({
      ...CASES,
      // A trailing-slash rule on the same host, and a move to another host.
      r301: (res, request) => redirects(301, `${server.base('ok')}${request.url}/`)(res, request),
      r307: (res, request) =>
        redirects(307, `${elsewhere.base('other')}${request.url}`)(res, request),
    });
    ({ dir, remove } = unpackZip());
  });

  afterAll(async () => {
    await server.close();
    await elsewhere.close();
    remove();
  });

  describe('a deadline on every request', () => {
    it('a read that gets no answer, a drip, or a short body in time fails as late', async () => {
      const outcomes = await run(
        event(POLL, 'silent'),
        event(POLL, 'drips'),
        event(POLL, 'shortHold'),
        event('authentication.test', 'silent'),
      );
      for (const outcome of outcomes) {
        expect(failure(outcome)).toEqual({
          name: 'AppError',
          message: expect.stringMatching(
            /^CRMGrow at 127\.0\.0\.1:\d+ did not answer GET \/\w+\/api\/(video|template) in time \(within 1 s\)\. Try again in a few minutes; if it keeps happening, CRMGrow may be having trouble\.$/,
          ),
        });
        // The deadline, not Zapier's 30 s, ended it.
        expect(outcome.ms).toBeLessThan(10_000);
      }
    });

    it('a send, a note or a subscribe without an answer may have happened, and is sent once', async () => {
      const [send, added, subscribed] = await run(
        event(SEND_VIDEO, 'silent', { inputData: sendVideo }),
        event(ADD_NOTE, 'silent', { inputData: note('Called back.') }),
        event(SUBSCRIBE, 'silent', { targetUrl: 'https://hooks.zapier.com/1' }),
      );
      const late = (path: string, what: string): string =>
        expect.stringMatching(
          new RegExp(
            `^CRMGrow at 127\\.0\\.0\\.1:\\d+ did not answer POST /silent${path} in time \\(within 1 s\\)\\. ` +
              `${what} may have gone through: check in CRMGrow before you run this step again\\. ` +
              'Zapier does not retry it by itself, so nothing is done twice\\.$',
          ),
        ) as string;
      expect(failure(send)).toEqual({
        name: 'AppError',
        message: late('/api/send-video', 'The email'),
      });
      expect(failure(added)).toEqual({ name: 'AppError', message: late('/api/note', 'The note') });
      expect(failure(subscribed)).toEqual({
        name: 'AppError',
        message: late('/api/outbound/subscribe', 'The subscription'),
      });
      const posts = server.received('silent').filter((r) => r.method === 'POST');
      expect(posts.map((r) => `${r.method} ${r.url}`)).toEqual([
        'POST /api/send-video',
        'POST /api/note',
        'POST /api/outbound/subscribe',
      ]);
    });

    it('a connection that breaks after a write was sent may have delivered it; a read says it broke', async () => {
      // A deadline far off for the answers cut short: what ends them is the closed connection.
      const far = { REQUEST_DEADLINE_MS: '20000' };
      const [send, added, poll, cutShort, cutShortPoll] = await run(
        event(SEND_PDF, 'resets', { inputData: sendPdf }, { ALT_BASE_URL: server.base('resets') }),
        event(ADD_NOTE, 'resets', { inputData: note('Called back.') }),
        event(POLL, 'resets'),
        event(ADD_NOTE, 'shortClose', { inputData: note('Called back.') }, far),
        event(POLL, 'shortClose', {}, far),
      );
      const broke = (where: string): string =>
        `The connection to CRMGrow at ${new URL(server.url).host} broke before its answer to ${where} came (the connection was reset).`;
      expect(failure(send).message).toBe(
        `${broke('POST /resets/api/send-pdf')} The email may have gone through: check in CRMGrow before you run this step again. Zapier does not retry it by itself, so nothing is done twice.`,
      );
      expect(failure(added).message).toBe(
        `${broke('POST /resets/api/note')} The note may have gone through: check in CRMGrow before you run this step again. Zapier does not retry it by itself, so nothing is done twice.`,
      );
      expect(failure(poll).message).toBe(
        `${broke('GET /resets/api/video')} Try again in a few minutes.`,
      );
      // 12 bytes of a promised 100, then closed: node-fetch 2 would wait for the rest.
      const cut = (where: string): string =>
        `The connection to CRMGrow at ${new URL(server.url).host} broke before its answer to ${where} came (it closed with the answer cut short).`;
      expect(failure(cutShort)).toEqual({
        name: 'AppError',
        message: `${cut('POST /shortClose/api/note')} The note may have gone through: check in CRMGrow before you run this step again. Zapier does not retry it by itself, so nothing is done twice.`,
      });
      expect(failure(cutShortPoll)).toEqual({
        name: 'AppError',
        message: `${cut('GET /shortClose/api/video')} Try again in a few minutes.`,
      });
      expect(server.received('resets').map((r) => r.url)).toEqual([
        '/api/send-pdf',
        '/api/note',
        '/api/video',
      ]);
      expect(server.received('shortClose').map((r) => `${r.method} ${r.url}`)).toEqual([
        'POST /api/note',
        'GET /api/video',
      ]);
    });
  });

  describe('no redirect is followed', () => {
    it('a 301 on a send is an error naming it; nothing is sent again as a GET', async () => {
      const [send] = await run(event(SEND_IMAGE, 'r301', { inputData: sendImage }));
      expect(failure(send)).toEqual({
        name: 'AppError',
        message: `CRMGrow answered POST /r301/api/send-image with a redirect (HTTP 301) to "${server.base('ok')}/api/send-image/". Redirects are not followed, so the request was not sent on and your API key went nowhere else. Contact CRMGrow support if this keeps happening.`,
      });
      expect(server.received('r301').map((r) => r.method)).toEqual(['POST']);
      expect(server.received('ok')).toEqual([]);
    });

    it('a 307 to another host sends neither the note nor the key there', async () => {
      const [added, poll] = await run(
        event(ADD_NOTE, 'r307', { inputData: note('Private note') }),
        event(POLL, 'r307'),
      );
      expect(failure(added).message).toContain('with a redirect (HTTP 307) to "http://127.0.0.1:');
      expect(failure(poll).message).toContain('GET /r307/api/video with a redirect (HTTP 307)');
      expect(elsewhere.received('other')).toEqual([]);
      expect(server.received('r307')).toHaveLength(2);
    });
  });

  describe('what the Zap builder gave is what the service gets, byte for byte', () => {
    const texts = [
      'Dear {{first_name}}, your code is {{ code }}.',
      '{{x}}',
      'Key: {{bundle.authData.api_key}} home: {{process.env.HOME}}',
      '  Two lines,\n  with spaces around and a tab\t ',
      'Ünïcödé ✓ and \\ "quotes"',
    ];

    it.each(texts)('the note %j is sent and returned as given', async (content) => {
      const before = server.received('ok').length;
      const [added] = await run(event(ADD_NOTE, 'ok', { inputData: note(content) }));
      expect(added).toMatchObject({ ok: true, results: { content, status: true } });
      const [request] = server.received('ok').slice(before);
      expect(request?.body.toString('utf8')).toBe(
        JSON.stringify({ email: 'jane.doe@example.com', content }),
      );
      expect(request?.body.toString('utf8')).not.toContain(API_KEY);
      // What core's merging would add; its http patch is off (flags.skipHttpPatch).
      expect(request?.headers['user-agent']).toBe('Zapier');
    });

    it('an id and a subscription id with braces go as they are, in the body and the query', async () => {
      const before = server.received('ok').length;
      const [send, gone] = await run(
        event(SEND_VIDEO, 'ok', { inputData: { ...sendVideo, video_id: `{{x}}${VIDEO}` } }),
        event(UNSUBSCRIBE, 'ok', { subscribeData: { id: '{{bundle.id}} 1' } }),
      );
      expect(send?.ok).toBe(true);
      expect(gone?.ok).toBe(true);
      const [sent, unsubscribed] = server.received('ok').slice(before);
      expect(sent?.body.toString('utf8')).toBe(
        JSON.stringify({
          email: sendVideo.email,
          video_id: `{{x}}${VIDEO}`,
          template_id: TEMPLATE,
        }),
      );
      expect(unsubscribed?.url).toBe('/api/outbound/unsubscribe?id=%7B%7Bbundle.id%7D%7D%201');
    });
  });

  describe('linear-time reading of 200 KB inputs', () => {
    // Built inside the tests: jest's titles and reports choke on 200 KB table rows.
    const spaces = (): string => ' '.repeat(200_000);
    const emails: Record<string, () => string> = {
      'spaces inside an address': () => `a${spaces()}b@example.com`,
      'a name before no bracket': () => `Jane${spaces()}<`,
      'an open quote': () => `"${spaces()}`,
      'dots without end': () => `a@${'.a'.repeat(100_000)}`,
      'a name and an unclosed address': () => `Jane${spaces()}<jane@example.com`,
    };

    it('an email built to make a pattern backtrack is refused, each well within a second', async () => {
      const outcomes = await run(
        ...Object.values(emails).map((email) =>
          event(SEND_VIDEO, 'ok', { inputData: { ...sendVideo, email: email() } }),
        ),
      );
      expect(outcomes).toHaveLength(5);
      for (const outcome of outcomes) {
        expect(outcome.name).toBe('HaltedError');
        expect(userMessage(outcome)).toMatch(/" in "Recipient Email" is not an email address\./);
        expect(outcome.ms).toBeLessThan(1_000);
      }
    });

    it('webhooks whose contact and material strings hold 200 KB of spaces are read well within a second', async () => {
      const outcomes = await run(
        event('triggers.delete_contact.operation.perform', 'ok', {
          cleanedRequest: {
            num: 2,
            contacts: `[a,b,c,d@x.com,1]${spaces()}x`,
            removed_date: '2026-01-01T00:00:00.000Z',
          },
        }),
        event('triggers.send_material.operation.perform', 'ok', {
          cleanedRequest: {
            subject: 's',
            contact: '[a,b,c,d@x.com,1]',
            video: `[${VIDEO},VIDEO,t]${spaces()}[`,
            pdf: `[${spaces()},${spaces()}`,
            image: '',
            create_at: '2026-01-01T00:00:00.000Z',
          },
        }),
      );
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true]);
      for (const outcome of outcomes) expect(outcome.ms).toBeLessThan(1_000);
    });
  });

  describe('success only when the service says so', () => {
    it.each([
      ['"status": "false"', 'statusFalseText', 'its answer: {"status":"false"}'],
      [
        '"success": false with an error',
        'successFalse',
        'CRMGrow said "Monthly email quota reached"',
      ],
      ['an error beside "status": true', 'errorText', 'CRMGrow said "Template is archived"'],
    ])('%s is a failure quoting the service', async (_what, base, said) => {
      const outcomes = await run(
        event(SEND_PDF, base, { inputData: sendPdf }, { ALT_BASE_URL: server.base(base) }),
        event(SEND_IMAGE, base, { inputData: sendImage }),
        event(ADD_NOTE, base, { inputData: note('x') }),
      );
      for (const outcome of outcomes) {
        expect(failure(outcome)).toEqual({
          name: 'AppError',
          message: `CRMGrow answered that the request failed (${said}). Nothing was reported as done; check the values this step sends and try again.`,
        });
      }
    });

    it.each([
      ['[]', 'emptyList', '[]'],
      ['{}', 'emptyObject', '{}'],
    ])('%s is not a confirmed send', async (_what, base, shown) => {
      const [pdf, image] = await run(
        event(SEND_PDF, base, { inputData: sendPdf }, { ALT_BASE_URL: server.base(base) }),
        event(SEND_IMAGE, base, { inputData: sendImage }),
      );
      expect(failure(pdf).message).toBe(
        `CRMGrow answered POST /${base}/api/send-pdf without confirming it (no "status": true; its answer: ${shown}), so this step does not report it as done. The email may have gone through: check in CRMGrow before you run this step again. Zapier does not retry it by itself, so nothing is done twice.`,
      );
      expect(failure(image).message).toContain(
        `POST /${base}/api/send-image without confirming it`,
      );
    });

    it('"status": "true" is a success', async () => {
      const [pdf] = await run(
        event(
          SEND_PDF,
          'statusTrueText',
          { inputData: sendPdf },
          { ALT_BASE_URL: server.base('statusTrueText') },
        ),
      );
      expect(pdf).toMatchObject({ ok: true, results: { status: true, pdf_id: PDF } });
    });
  });

  describe('outages and rate limits', () => {
    it('a 502, 503 or 504 on a read asks Zapier to retry later, for at most an hour', async () => {
      const [down, noWait, forever] = await run(
        event(POLL, 'down'),
        event(POLL, 'downNoWait'),
        event(POLL, 'downForever'),
      );
      expect(failure(down)).toEqual({
        name: 'ThrottledError',
        message:
          'CRMGrow is unavailable for now (HTTP 503: "Down for maintenance" on GET /down/api/video). Zapier will try again in 120 seconds.',
      });
      expect(failure(noWait).message).toBe(
        'CRMGrow is unavailable for now (HTTP 502: "Bad gateway" on GET /downNoWait/api/video). Zapier will try again in 60 seconds.',
      );
      expect(failure(forever).message).toBe(
        'CRMGrow is unavailable for now (HTTP 504: "Gateway timeout" on GET /downForever/api/video). Zapier will try again in 3600 seconds.',
      );
    });

    it('the same on a send or a subscribe is an error that may have happened, sent once', async () => {
      const [send, subscribed] = await run(
        event(SEND_VIDEO, 'down', { inputData: sendVideo }),
        event(SUBSCRIBE, 'down', { targetUrl: 'https://hooks.zapier.com/1' }),
      );
      expect(failure(send)).toEqual({
        name: 'AppError',
        message:
          'CRMGrow had a server error on POST /down/api/send-video (HTTP 503: "Down for maintenance"). The email may have gone through: check in CRMGrow before you run this step again. Zapier does not retry it by itself, so nothing is done twice.',
      });
      expect(failure(subscribed).message).toContain('The subscription may have gone through');
      expect(server.received('down').filter((r) => r.method === 'POST')).toHaveLength(2);
    });
  });

  describe('bounded answers', () => {
    it('a gzip bomb fails fast, naming the cap, far under 450 MB of memory', async () => {
      const [poll] = await run(event(POLL, 'bomb'));
      expect(failure(poll)).toEqual({
        name: 'AppError',
        message:
          "CRMGrow's answer to GET /bomb/api/video was larger than 20 MiB, the most this integration reads, so it was not read. Contact CRMGrow support with this message.",
      });
      expect(poll?.maxRssBytes).toBeLessThan(300 * 1024 * 1024);
    });

    it('the cap, set small: an answer of exactly the cap is read; one byte more is not, told or not, gzip or not', async () => {
      const small = { MAX_RESPONSE_BYTES: String(CAP) };
      const [exact, declared, chunked, exactGzip, overGzip] = await run(
        event(POLL, 'capExact', {}, small),
        event(POLL, 'capOverDeclared', {}, small),
        event(POLL, 'capOverChunked', {}, small),
        event(POLL, 'capExactGzip', {}, small),
        event(POLL, 'capOverGzip', {}, small),
      );
      for (const read of [exact, exactGzip]) {
        expect(read).toMatchObject({ ok: true });
        expect(read?.results).toEqual([
          { id: '64b7f0c2a91e3d5f8c2b4a17', title: expect.stringMatching(/^T+…?$/) as string },
        ]);
      }
      const tooLarge = (base: string): string =>
        `CRMGrow's answer to GET /${base}/api/video was larger than 4,096 bytes, the most this integration reads, so it was not read. Contact CRMGrow support with this message.`;
      expect(failure(declared)).toEqual({ name: 'AppError', message: tooLarge('capOverDeclared') });
      expect(failure(chunked)).toEqual({ name: 'AppError', message: tooLarge('capOverChunked') });
      expect(failure(overGzip)).toEqual({ name: 'AppError', message: tooLarge('capOverGzip') });
    });

    it('15 videos with 1 MiB titles make a poll result well under 6 MiB', async () => {
      const [poll] = await run(event(POLL, 'hugeTitles'));
      expect(poll?.ok).toBe(true);
      const items = poll?.results as { id: string; title: string }[];
      expect(items).toHaveLength(15);
      expect(items.every(({ title }) => title.length === 1_000 && title.endsWith('…'))).toBe(true);
      expect(Buffer.byteLength(JSON.stringify(items))).toBeLessThan(6 * 1024 * 1024);
    });
  });

  describe('configuration', () => {
    it('never repeats credentials from BASE_URL or ALT_BASE_URL', async () => {
      const [base, alt] = await run(
        event(POLL, 'ok', {}, { BASE_URL: 'https://zap-user:s3cret-pass@api.example.com' }),
        event(
          SEND_PDF,
          'ok',
          { inputData: sendPdf },
          { ALT_BASE_URL: 'https://u:alt-s3cret@files.example.com' },
        ),
      );
      expect(failure(base).message).toBe(
        'The BASE_URL setting "https://***@api.example.com" must not contain credentials. Set it with `zapier-platform env:set <version> BASE_URL=https://api.crmgrow.com`.',
      );
      expect(JSON.stringify([base, alt])).not.toMatch(/s3cret/);
    });

    it.each(['?', '#', '/?', '/#x'])(
      'a BASE_URL ending in %j is refused, naming the variable',
      async (end) => {
        const [poll] = await run(
          event(POLL, 'ok', {}, { BASE_URL: `https://api.example.com${end}` }),
        );
        expect(failure(poll).message).toBe(
          `The BASE_URL setting "https://api.example.com${end}" must not contain a query or fragment ("?" or "#"). Set it with \`zapier-platform env:set <version> BASE_URL=https://api.crmgrow.com\`.`,
        );
      },
    );

    it('a bad ALT_BASE_URL fails only Send PDF', async () => {
      const before = server.received('ok').length;
      const bad = { ALT_BASE_URL: 'ftp://files.example.com' };
      const [pdf, video, poll] = await run(
        event(SEND_PDF, 'ok', { inputData: sendPdf }, bad),
        event(SEND_VIDEO, 'ok', { inputData: sendVideo }, bad),
        event(POLL, 'ok', {}, bad),
      );
      expect(failure(pdf).message).toContain('The ALT_BASE_URL setting "ftp://files.example.com"');
      expect(video?.ok).toBe(true);
      expect(poll?.ok).toBe(true);
      expect(
        server
          .received('ok')
          .slice(before)
          .map((r) => r.url),
      ).toEqual(['/api/send-video', '/api/video']);
    });
  });

  describe('every delivery reaches the Zap whole (issue 22: items 1, 4, 5 and 8)', () => {
    let outcomes: Record<string, Outcome> = {};
    // A note event without its title and id, which some cases write as raw JSON text.
    const noteBody = {
      content: 'Called back.',
      contact: JANE,
      create_at: '2026-03-15T10:42:03.118Z',
    };
    const task = {
      id: '6601b4e2c2d4e50013b7ea07',
      contact: JANE,
      type: 'call',
      content: 'Call Jane about the pre-approval letter',
      due_date: '2026-03-20T17:00:00.000Z',
      recurrence_mode: 'WEEK',
      create_at: '2026-03-15T11:05:47.902Z',
    };
    const watched = {
      contact: JANE.slice(1, -1),
      material_id: VIDEO,
      material_type: 'VIDEO',
      material_title: 'Virtual Tour',
      material_amount: 87,
      create_at: '2026-03-17T18:26:09.314Z',
    };
    /** A body as JSON text with `key` first, holding `text` as written. */
    const withValue = (key: string, text: string, body: object): string =>
      `{${JSON.stringify(key)}:${text},${JSON.stringify(body).slice(1)}`;
    const noteWithId = (id: string): string =>
      withValue('id', id, { title: 'Call recap', ...noteBody });

    beforeAll(async () => {
      outcomes = await runNamed({
        bulk: delivery('delete_contact', {
          num: 3,
          contacts:
            `[${contactId(1)},Jane,Cooper,jane@x.com,+1],` +
            `[${contactId(2)},John, Jr.,Smith,john@x.com,+2],` +
            `[${contactId(3)},Ann,Lee,ann@x.com,+3]`,
          removed_date: '2026-03-19T09:02:44.873Z',
        }),
        material: delivery('send_material', {
          subject: 'Your tour',
          contact: JANE,
          video: `[${VIDEO},VIDEO,Tour [A],[B]]`,
          pdf: '',
          image: '',
          create_at: '2026-03-17T16:02:40.771Z',
        }),
        constructorTask: delivery('create_task', { ...task, set_recurrence: 'constructor' }),
        protoTask: delivery('update_task', { ...task, set_recurrence: '__proto__' }),
        deepValue: delivery('create_note', withValue('title', deep(3_000), noteBody)),
        firstBigId: delivery('create_note', noteWithId('9007199254740993')),
        secondBigId: delivery('create_note', noteWithId('9007199254740995')),
        hexAmount: delivery('watch_material', { ...watched, material_amount: '0x10' }),
        hexMinimum: delivery('watch_material', watched, { min_amount: '0x10' }),
      });
    });

    it("a bulk delete whose names hold commas gives every contact, each in the single delete's shape", () => {
      const items = itemsOf(outcomes.bulk);
      expect(items).toHaveLength(3);
      expect(items[0]).toEqual({
        id: contactId(1),
        first_name: 'Jane',
        last_name: 'Cooper',
        email: 'jane@x.com',
        cell_phone: '+1',
        ...BLANK_CONTACT_ITEM,
      });
      expect(
        items.map(({ id, first_name, last_name, email, cell_phone }) => ({
          id,
          first_name,
          last_name,
          email,
          cell_phone,
        })),
      ).toEqual([
        {
          id: contactId(1),
          first_name: 'Jane',
          last_name: 'Cooper',
          email: 'jane@x.com',
          cell_phone: '+1',
        },
        {
          id: contactId(2),
          first_name: 'John, Jr.',
          last_name: 'Smith',
          email: 'john@x.com',
          cell_phone: '+2',
        },
        {
          id: contactId(3),
          first_name: 'Ann',
          last_name: 'Lee',
          email: 'ann@x.com',
          cell_phone: '+3',
        },
      ]);
      // One shape for every item: no `num` or `removed_date`, which no output field declares.
      for (const item of items)
        expect(Object.keys(item).sort()).toEqual(Object.keys(items[0] ?? {}).sort());
      expect(outcomes.bulk?.logs).toEqual([]);
    });

    it('a material title holding brackets and a comma is kept whole', () => {
      const [item] = itemsOf(outcomes.material);
      expect(item?.materials).toEqual([{ id: VIDEO, type: 'VIDEO', title: 'Tour [A],[B]' }]);
    });

    it('a task whose "set_recurrence" is "constructor" or "__proto__" gives null, the key kept', () => {
      for (const outcome of [outcomes.constructorTask, outcomes.protoTask]) {
        const [item] = itemsOf(outcome);
        expect(item).toHaveProperty('set_recurrence', null);
        expect(Object.hasOwn(item ?? {}, 'set_recurrence')).toBe(true);
        expect(item).toMatchObject({ id: task.id, recurrence_mode: 'WEEK', type: 'call' });
      }
    });

    it('a delivery holding a value 3,000 arrays deep gives one item, the value left blank and told', () => {
      const items = itemsOf(outcomes.deepValue);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ title: null, content: 'Called back.' });
      // No id in the payload: one is derived from its content, whatever its depth.
      expect(items[0]?.id).toMatch(/^evt_[0-9a-f]{24}$/);
      expect(outcomes.deepValue?.logs).toEqual([
        'create_note: A value nested too deep to show was left blank.',
      ]);
    });

    it('two deliveries whose ids are numbers past 2^53 are no ids: each gets one from its content, so they stay two', () => {
      const [first] = itemsOf(outcomes.firstBigId);
      const [second] = itemsOf(outcomes.secondBigId);
      expect(first?.id).toMatch(/^evt_[0-9a-f]{24}$/);
      expect(second?.id).toMatch(/^evt_[0-9a-f]{24}$/);
      expect(first?.id).not.toBe(second?.id);
    });

    it('an amount of "0x10" is no number, and a Minimum Amount of "0x10" is refused', () => {
      const [item] = itemsOf(outcomes.hexAmount);
      expect(item).toHaveProperty('material_amount', null);
      expect(failure(outcomes.hexMinimum)).toEqual({
        name: 'AppError',
        message:
          'The "Minimum Amount" field needs a number, such as 50, but got "0x10". Type a whole number, or leave it blank to let every amount through.',
      });
    });
  });

  describe('a bulk delete of 100,000 contacts (issue 22: item 2)', () => {
    it('gives a result Zapier accepts, and the log counts and names what was left out', async () => {
      const count = 100_000;
      const contacts = Array.from(
        { length: count },
        (_, i) => `[${contactId(i)},First${i},Last${i},c${i}@example.com,+1415555${i}]`,
      ).join(',');
      const [outcome] = await runText(
        delivery('delete_contact', {
          num: count,
          contacts,
          removed_date: '2026-03-19T09:02:44.873Z',
        }),
      );
      const items = itemsOf(outcome);
      const bytes = Buffer.byteLength(JSON.stringify(items));
      expect(bytes).toBeLessThan(6 * 1024 * 1024);
      expect(bytes).toBeLessThanOrEqual(5 * 1024 * 1024);
      // The first contacts, in order, each whole; the rest are named in the log.
      const kept = items.length;
      expect(kept).toBeGreaterThan(1_000);
      expect(kept).toBeLessThan(count);
      expect(items.map((item) => item.id)).toEqual(
        Array.from({ length: kept }, (_, i) => contactId(i)),
      );
      expect(items[kept - 1]).toMatchObject({
        first_name: `First${kept - 1}`,
        email: `c${kept - 1}@example.com`,
      });
      expect(outcome?.logs).toEqual([
        `delete_contact: ${count - kept} of ${count} items were left out: with them the result would pass Zapier's 6 MiB limit, and no item would start the Zap. The first left out is ${contactId(kept)}, the last ${contactId(count - 1)}.`,
      ]);
    });
  });

  describe('answers that crashed the app or were misread (issue 22: items 5 to 8)', () => {
    let outcomes: Record<string, Outcome> = {};
    const targetUrl = 'https://hooks.zapier.com/1';

    beforeAll(async () => {
      outcomes = await runNamed({
        noteDeep: event(ADD_NOTE, 'noteDeep', { inputData: note('Called back.') }),
        subscribeDeep: event(SUBSCRIBE, 'subscribeDeep', { targetUrl }),
        sampleDeep: event('triggers.create_note.operation.performList', 'sampleDeep'),
        unsubscribeHtml404: event(UNSUBSCRIBE, 'unsubscribeHtml404', {
          subscribeData: { id: 'sub-1' },
        }),
        unsubscribeJson404: event(UNSUBSCRIBE, 'unsubscribeJson404', {
          subscribeData: { id: 'sub-1' },
        }),
        unsubscribeJson410: event(UNSUBSCRIBE, 'unsubscribeJson410', {
          subscribeData: { id: 'sub-1' },
        }),
        unsubscribeNotFound: event(UNSUBSCRIBE, 'unsubscribeNotFound', {
          subscribeData: { id: 'sub-1' },
        }),
        subscribeStatusOnly: event(SUBSCRIBE, 'subscribeStatusOnly', { targetUrl }),
        subscribeOid: event(SUBSCRIBE, 'subscribeOid', { targetUrl }),
        subscribe204: event(SUBSCRIBE, 'subscribe204', { targetUrl }),
        subscribeHtml: event(SUBSCRIBE, 'subscribeHtml', { targetUrl }),
        downZero: event(POLL, 'downZero'),
        downFraction: event(POLL, 'downFraction'),
        downFractionAbove: event(POLL, 'downFractionAbove'),
        downPastDate: event(POLL, 'downPastDate'),
        bom: event(SEND_VIDEO, 'bom', { inputData: sendVideo }),
        gzipPoll: event(POLL, 'gzipGarbage'),
        gzipNote: event(ADD_NOTE, 'gzipGarbage', { inputData: note('Called back.') }),
        headersTooLargePoll: event(POLL, 'headersTooLarge'),
        headersTooLargeSend: event(SEND_VIDEO, 'headersTooLarge', { inputData: sendVideo }),
        bigIds: event(POLL, 'bigIds'),
        emojiAt80: event(SEND_VIDEO, 'ok', {
          inputData: { ...sendVideo, email: `${'a'.repeat(79)}\u{1F600} is not an address` },
        }),
      });
    });

    describe('deep JSON crashes nothing', () => {
      it('a note confirmed with a value 5,000 arrays deep beside "status": true is added', () => {
        expect(outcomes.noteDeep).toMatchObject({
          ok: true,
          results: {
            status: true,
            email: 'jane.doe@example.com',
            content: 'Called back.',
            id: null,
          },
        });
      });

      it('a subscription answered with a value 100,000 deep keeps only its id', () => {
        expect(outcomes.subscribeDeep).toMatchObject({ ok: true });
        expect(outcomes.subscribeDeep?.results).toEqual({ id: 'sub-1' });
      });

      it('a sample with a value 100,000 deep gives its item, the value left blank and told', () => {
        const items = itemsOf(outcomes.sampleDeep);
        expect(items).toHaveLength(1);
        expect(items[0]).toMatchObject({
          id: '6601a3f9c2d4e50013b7e9a1',
          title: 'Café recap',
          content: null,
          contacts: [JANE_CONTACT],
        });
        expect(outcomes.sampleDeep?.logs).toEqual([
          'create_note sample: A value nested too deep to show was left blank.',
        ]);
      });
    });

    describe('unsubscribe and subscribe say what the service did', () => {
      it("Express's HTML 404 is a missing route, not a subscription already deleted", () => {
        expect(failure(outcomes.unsubscribeHtml404)).toEqual({
          name: 'AppError',
          message:
            'CRMGrow has no endpoint at DELETE /unsubscribeHtml404/api/outbound/unsubscribe (HTTP 404). Contact CRMGrow support and mention this method and path.',
        });
      });

      it.each(['unsubscribeJson404', 'unsubscribeJson410', 'unsubscribeNotFound'])(
        '%s is a subscription already deleted',
        (name) => {
          expect(outcomes[name]).toMatchObject({
            ok: true,
            results: { id: 'sub-1', outcome: 'already_deleted' },
          });
          expect(outcomes[name]?.logs).toEqual([
            expect.stringMatching(
              /^CRMGrow answered HTTP 4\d\d to unsubscribing sub-1: the subscription was already deleted\.$/,
            ),
          ]);
        },
      );

      it.each([
        ['subscribeStatusOnly', '{"status":true}'],
        ['subscribeOid', '{"id":{"$oid":"6512e4c1a9b3f2001e7d4a10"}}'],
        ['subscribe204', 'an empty body'],
        // Cut at 200 characters, before the emoji rather than between its halves.
        ['subscribeHtml', `${BEFORE_EMOJI}…`],
      ])('%s: no usable id, so the subscription may exist', (name, shown) => {
        expect(failure(outcomes[name])).toEqual({
          name: 'AppError',
          message: `CRMGrow answered POST /${name}/api/outbound/subscribe without confirming it (no usable id; its answer: ${shown}). The subscription may exist in CRMGrow all the same, and Zapier could not remove it when the Zap is turned off. Contact CRMGrow support with this message before you turn the Zap on again, so events are not delivered twice.`,
        });
      });
    });

    it.each([
      ['0', 'downZero', 10],
      ['1.5', 'downFraction', 10],
      ['11.5', 'downFractionAbove', 12],
      ['a past date', 'downPastDate', 10],
    ])(
      'Retry-After %s on a poll (case %s) asks Zapier to wait %i seconds',
      (_what, name, seconds) => {
        expect(failure(outcomes[name])).toEqual({
          name: 'ThrottledError',
          message: `CRMGrow is unavailable for now (HTTP 503: "Down for maintenance" on GET /${name}/api/video). Zapier will try again in ${seconds} seconds.`,
        });
      },
    );

    describe('smaller diagnoses', () => {
      it('a byte-order mark before {"status":true} is a confirmed send', () => {
        expect(outcomes.bom).toMatchObject({
          ok: true,
          results: { status: true, video_id: VIDEO, email: sendVideo.email },
        });
      });

      it('a gzip answer that cannot be unpacked says so; on a note, that it may have gone through', () => {
        expect(failure(outcomes.gzipPoll)).toEqual({
          name: 'AppError',
          message:
            "CRMGrow's answer to GET /gzipGarbage/api/video came compressed (gzip or deflate) but could not be unpacked: it was corrupt or cut short. Try again in a few minutes; if it keeps happening, contact CRMGrow support.",
        });
        expect(failure(outcomes.gzipNote)).toEqual({
          name: 'AppError',
          message:
            "CRMGrow's answer to POST /gzipGarbage/api/note came compressed (gzip or deflate) but could not be unpacked: it was corrupt or cut short. The note may have gone through: check in CRMGrow before you run this step again. Zapier does not retry it by itself, so nothing is done twice.",
        });
      });

      it('a 431 asks to reconnect with the API key copied again', () => {
        for (const outcome of [outcomes.headersTooLargePoll, outcomes.headersTooLargeSend]) {
          expect(failure(outcome)).toEqual({
            name: 'ExpiredAuthError',
            message:
              "CRMGrow refused the request's headers as too large (HTTP 431): the connected API key is longer than CRMGrow takes. Copy your API key again from CRMGrow and reconnect your CRMGrow account in Zapier.",
          });
        }
      });

      it('ids that are numbers past 2^53, which JSON rounds into one, are no ids: left out, logged', () => {
        expect(itemsOf(outcomes.bigIds)).toEqual([]);
        expect(outcomes.bigIds?.logs).toEqual([
          'Left out 2 of 2 videos from GET /api/video: they have no usable "id" or "_id", so Zapier could not tell them apart.',
        ]);
      });

      it('a value cut at 80 characters in a message keeps an emoji whole or leaves it out', () => {
        expect(failure(outcomes.emojiAt80)).toEqual({
          name: 'HaltedError',
          message: `"${'a'.repeat(79)}…" in "Recipient Email" is not an email address. Map or type an address such as name@example.com, or Jane Doe <name@example.com>.`,
        });
      });
    });
  });

  describe('one reading of an answer for every operation (issue 38)', () => {
    let outcomes: Record<string, Outcome> = {};
    const targetUrl = 'https://hooks.zapier.com/1';
    const stored = { subscribeData: { id: 'sub-1' } };
    const TEST = 'authentication.test';
    const NOTE_SAMPLE = 'triggers.create_note.operation.performList';
    /** Send Video from `base`, with this email typed. */
    const sendTo = (base: string, email = sendVideo.email): object =>
      event(SEND_VIDEO, base, { inputData: { ...sendVideo, email } });

    beforeAll(async () => {
      outcomes = await runNamed({
        unsubscribeObserved: event(UNSUBSCRIBE, 'unsubscribeObserved', stored),
        unsubscribePage: event(UNSUBSCRIBE, 'unsubscribePage', stored),
        unsubscribeSuccessFalse: event(UNSUBSCRIBE, 'unsubscribeSuccessFalse', stored),
        unsubscribeStatusFalse: event(UNSUBSCRIBE, 'statusFalseText', stored),
        unsubscribe401: event(UNSUBSCRIBE, 'keyIn401', stored),
        unsubscribe500NotFound: event(UNSUBSCRIBE, 'unsubscribe500NotFound', stored),
        unsubscribeGateway404: event(UNSUBSCRIBE, 'unsubscribeGateway404', stored),
        unsubscribeRoute404: event(UNSUBSCRIBE, 'unsubscribeRoute404', stored),
        subscribeRefused: event(SUBSCRIBE, 'subscribeRefused', { targetUrl }),
        subscribeEnvelope: event(SUBSCRIBE, 'subscribeEnvelope', { targetUrl }),
        subscribeEnvelopeId: event(SUBSCRIBE, 'subscribeEnvelopeId', { targetUrl }),
        testOk: event(TEST, 'ok'),
        testEnvelope: event(TEST, 'testEnvelope'),
        testInvalidSignature: event(TEST, 'testInvalidSignature'),
        testEmpty: event(TEST, 'testEmpty'),
        testInvalidUser: event(TEST, 'testInvalidUser'),
        sampleEnvelope: event(NOTE_SAMPLE, 'sampleEnvelope'),
        statusTrueUpper: sendTo('statusTrueUpper'),
        statusOne: sendTo('statusOne'),
        queued: sendTo('queued'),
        invisibleEmail: sendTo('invisibleEmail', '\u200Bjane.\u200Bdoe@example.com\u2060'),
        mailtoEmail: sendTo('mailtoEmail', 'mailto:jane.doe@example.com?subject=Hi'),
      });
    });

    /** The requests a case received, as method and URL. */
    const requests = (base: string): string[] =>
      server.received(base).map((r) => `${r.method} ${r.url}`);
    const MAY_HAVE =
      'The email may have gone through: check in CRMGrow before you run this step again. Zapier does not retry it by itself, so nothing is done twice.';

    describe('unsubscribe: removed only when CRMGrow confirms it or says the subscription is gone', () => {
      it('the service\'s observed 201 {"status":true} is a removal, sent once as DELETE ?id=', () => {
        expect(outcomes.unsubscribeObserved).toMatchObject({
          ok: true,
          results: { id: 'sub-1', outcome: 'unsubscribed' },
        });
        expect(requests('unsubscribeObserved')).toEqual([
          'DELETE /api/outbound/unsubscribe?id=sub-1',
        ]);
        const [request] = server.received('unsubscribeObserved');
        expect(request?.headers.authorization).toBe(API_KEY);
        expect(request?.headers['content-type']).toBeUndefined();
      });

      it('a 200 page is not a removal', () => {
        expect(failure(outcomes.unsubscribePage)).toEqual({
          name: 'AppError',
          message:
            'CRMGrow answered DELETE /unsubscribePage/api/outbound/unsubscribe without confirming it (no "status": true; its answer: <html><body>Subscription removed</body></html>), so it is not taken as done. Try again in a few minutes; if it keeps happening, contact CRMGrow support with this message.',
        });
      });

      it.each([
        ['unsubscribeSuccessFalse', 'CRMGrow said "could not delete"'],
        ['unsubscribeStatusFalse', 'its answer: {"status":"false"}'],
      ])('%s is a refusal quoting the service', (name, said) => {
        expect(failure(outcomes[name])).toEqual({
          name: 'AppError',
          message: `CRMGrow answered that the request failed (${said}). Nothing was reported as done. If it keeps happening, contact CRMGrow support with this message.`,
        });
      });

      it('a 401 asks to reconnect; a 500 saying "does not exist" is a server error', () => {
        expect(failure(outcomes.unsubscribe401).name).toBe('ExpiredAuthError');
        expect(failure(outcomes.unsubscribe500NotFound)).toEqual({
          name: 'AppError',
          message:
            'CRMGrow had a server error on DELETE /unsubscribe500NotFound/api/outbound/unsubscribe (HTTP 500: "Webhook does not exist"). This is often temporary: try again in a few minutes. If it keeps happening, contact CRMGrow support.',
        });
      });

      it.each(['unsubscribeGateway404', 'unsubscribeRoute404'])(
        '%s is a missing route, not a subscription gone',
        (name) => {
          expect(failure(outcomes[name])).toEqual({
            name: 'AppError',
            message: `CRMGrow has no endpoint at DELETE /${name}/api/outbound/unsubscribe (HTTP 404). Contact CRMGrow support and mention this method and path.`,
          });
        },
      );
    });

    describe('subscribe: an id from a confirming answer only, bare or in an envelope', () => {
      it('an error beside an id stores nothing and fails quoting the service', () => {
        expect(failure(outcomes.subscribeRefused)).toEqual({
          name: 'AppError',
          message:
            'CRMGrow answered that the request failed (CRMGrow said "Invalid action"). Nothing was reported as done. If it keeps happening, contact CRMGrow support with this message.',
        });
        const [request] = server.received('subscribeRefused');
        expect(request?.body.toString('utf8')).toBe(
          JSON.stringify({ hookUrl: targetUrl, action: 'add_contact' }),
        );
        expect(requests('subscribeRefused')).toEqual(['POST /api/outbound/subscribe']);
      });

      it.each([
        ['subscribeEnvelope', '6613c0ffee0000000000a005'],
        ['subscribeEnvelopeId', '6613c0ffee0000000000a006'],
      ])('%s keeps the id inside "data"', (name, id) => {
        expect(outcomes[name]).toMatchObject({ ok: true });
        expect(outcomes[name]?.results).toEqual({ id });
      });
    });

    describe('the connection test passes only on a list', () => {
      it.each(['testOk', 'testEnvelope'])('%s: a list, bare or in an envelope, passes', (name) => {
        expect(outcomes[name]).toMatchObject({ ok: true, results: { ok: true } });
      });

      it('each test is one GET /api/template with the key', () => {
        expect(requests('testEnvelope')).toEqual(['GET /api/template']);
        expect(server.received('testEnvelope')[0]?.headers.authorization).toBe(API_KEY);
      });

      it('a 200 of {} fails: nothing shows the key works', () => {
        expect(failure(outcomes.testEmpty)).toEqual({
          name: 'AppError',
          message:
            'CRMGrow answered GET /testEmpty/api/template without confirming it (no list; its answer: {}), so it is not taken as done. Try again in a few minutes; if it keeps happening, contact CRMGrow support with this message.',
        });
      });

      it.each([
        ['testInvalidSignature', 'invalid signature'],
        ['testInvalidUser', 'invalid_user'],
      ])('%s: a 200 refusing the key asks to reconnect', (name, said) => {
        expect(failure(outcomes[name])).toEqual({
          name: 'ExpiredAuthError',
          message: `CRMGrow refused the API key (HTTP 200; CRMGrow said "${said}"). Copy your current API key from CRMGrow and reconnect your CRMGrow account in Zapier.`,
        });
      });
    });

    it('a sample in a {"data": [...]} envelope gives its items', () => {
      const items = itemsOf(outcomes.sampleEnvelope);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        id: '6601a3f9c2d4e50013b7e9a1',
        title: 'Call recap',
        contacts: [JANE_CONTACT],
      });
      expect(requests('sampleEnvelope')).toEqual(['GET /api/outbound/perform']);
      expect(server.received('sampleEnvelope')[0]?.headers.action).toBe('create_note');
    });

    it.each([
      ['statusTrueUpper', 200, '{"status":"TRUE"}'],
      ['statusOne', 200, '{"status":1}'],
      ['queued', 202, '{"status":"queued"}'],
    ])(
      'a send answered %s (HTTP %i) may have gone through, and is sent once',
      (name, _s, shown) => {
        expect(failure(outcomes[name])).toEqual({
          name: 'AppError',
          message: `CRMGrow answered POST /${name}/api/send-video without confirming it (no "status": true; its answer: ${shown}), so this step does not report it as done. ${MAY_HAVE}`,
        });
        expect(requests(name)).toEqual(['POST /api/send-video']);
      },
    );

    it('an email with invisible characters or a mailto: link sends the address alone', () => {
      for (const name of ['invisibleEmail', 'mailtoEmail']) {
        expect(outcomes[name]).toMatchObject({ ok: true, results: { email: sendVideo.email } });
        const sent = server.received(name).map((r) => `${r.method} ${r.url} ${r.body.toString()}`);
        expect(sent).toEqual([`POST /api/send-video ${JSON.stringify(sendVideo)}`]);
      }
    });
  });

  describe('no secret in any message (issue 22: items 9 and 10)', () => {
    let outcomes: Record<string, Outcome> = {};
    const base64Key = { authData: { api_key: BASE64_KEY } };

    beforeAll(async () => {
      const echoes = (base: string): Record<string, object> => ({
        [`${base} send`]: event(SEND_VIDEO, base, { inputData: sendVideo }),
        [`${base} note`]: event(ADD_NOTE, base, { inputData: note('Called back.') }),
        [`${base} subscribe`]: event(SUBSCRIBE, base, { targetUrl: 'https://hooks.zapier.com/1' }),
        [`${base} unsubscribe`]: event(UNSUBSCRIBE, base, { subscribeData: { id: 'sub-1' } }),
        [`${base} sample`]: event(SAMPLE, base),
      });
      outcomes = await runNamed({
        ...echoes('keyIn401'),
        ...echoes('keyIn400'),
        location: event(POLL, 'keyEncodedInLocation', base64Key),
        locationLower: event(POLL, 'keyEncodedLowerInLocation', base64Key),
        errorText: event(POLL, 'keyEncodedInError', base64Key),
        ...Object.fromEntries(
          ['/', '?', '#'].map((mark) => [
            `base ${mark}`,
            event(POLL, 'ok', {}, { BASE_URL: `https://u:s3cr${mark}et@api.example.com` }),
          ]),
        ),
      });
    });

    it.each(['send', 'note', 'subscribe', 'unsubscribe', 'sample'])(
      'a key echoed in a 401 or a 400 is in no part of the message (%s)',
      (what) => {
        for (const base of ['keyIn401', 'keyIn400']) {
          const outcome = outcomes[`${base} ${what}`];
          expect(outcome?.ok).toBe(false);
          // The whole message, core's part included, and the run's log.
          expect(outcome?.message).not.toContain(API_KEY);
          expect(outcome?.message).not.toContain('What happened');
          expect(outcome?.message).not.toContain('Console logs');
          expect(JSON.stringify(outcome)).not.toContain(API_KEY);
          expect(userMessage(outcome ?? { ok: false })).toContain('[API key]');
        }
        expect(failure(outcomes[`keyIn401 ${what}`])).toEqual({
          name: 'ExpiredAuthError',
          message:
            'CRMGrow rejected the API key (HTTP 401: "[API key]"). Copy your current API key from CRMGrow and reconnect your CRMGrow account in Zapier.',
        });
      },
    );

    it('a key echoed in a 400 is hidden whatever error it becomes', () => {
      const refused = (where: string): string =>
        `CRMGrow refused ${where} (HTTP 400: "Invalid email address [API key]"). If it keeps happening, contact CRMGrow support with this message.`;
      expect(failure(outcomes['keyIn400 send'])).toEqual({
        name: 'HaltedError',
        message:
          'CRMGrow refused the email address "jane.doe@example.com" in "Recipient Email" (CRMGrow said "Invalid email address [API key]"). Map a valid email address to this field; this run was stopped and the next ones go on.',
      });
      expect(failure(outcomes['keyIn400 note']).name).toBe('HaltedError');
      expect(failure(outcomes['keyIn400 subscribe']).message).toBe(
        refused('POST /keyIn400/api/outbound/subscribe'),
      );
      expect(failure(outcomes['keyIn400 unsubscribe']).message).toBe(
        refused('DELETE /keyIn400/api/outbound/unsubscribe'),
      );
      expect(failure(outcomes['keyIn400 sample']).message).toBe(
        refused('GET /keyIn400/api/outbound/perform'),
      );
    });

    it('a key with "+", "/" and "=" percent-encoded in a Location or an error is hidden', () => {
      const moved = (name: string): string =>
        `CRMGrow answered GET /${name}/api/video with a redirect (HTTP 302) to "https://login.example.com/?key=[API key]". Redirects are not followed, so the request was not sent on and your API key went nowhere else. Contact CRMGrow support if this keeps happening.`;
      expect(failure(outcomes.location).message).toBe(moved('keyEncodedInLocation'));
      expect(failure(outcomes.locationLower).message).toBe(moved('keyEncodedLowerInLocation'));
      expect(failure(outcomes.errorText).message).toBe(
        'CRMGrow refused GET /keyEncodedInError/api/video (HTTP 400: "Unknown key [API key]"). If it keeps happening, contact CRMGrow support with this message.',
      );
      for (const name of ['location', 'locationLower', 'errorText']) {
        const text = JSON.stringify(outcomes[name]);
        expect(text).not.toContain(BASE64_KEY);
        expect(text.toLowerCase()).not.toContain(ENCODED_KEY.toLowerCase());
      }
    });

    it.each(['/', '?', '#'])(
      'a BASE_URL whose password holds %j is refused with the credentials masked',
      (mark) => {
        const outcome = outcomes[`base ${mark}`];
        expect(failure(outcome).message).toMatch(
          /^The BASE_URL setting "https:\/\/\*\*\*@api\.example\.com" (is not a URL|must not contain credentials)\. Set it with `zapier-platform env:set <version> BASE_URL=https:\/\/api\.crmgrow\.com`\.$/,
        );
        expect(JSON.stringify(outcome)).not.toMatch(/s3cr|u:/);
      },
    );
  });
});
