// The service at its worst, through build/build.zip's handler as Zapier runs
// it: servers on loopback that never answer, drip, break off, redirect, claim
// a false success, fail for a while, or send a bomb. One case per row of the
// error layer's rules. The deadline is 1 s here (REQUEST_DEADLINE_MS), 25 s live.
import {
  answers,
  behaves,
  drips,
  gzipBomb,
  redirects,
  resets,
  shortBody,
  silent,
  startHostileServer,
  type Behaviour,
  type HostileServer,
} from '../support/hostile-server';
import { invoke, unpackZip, userMessage, type Outcome } from '../support/lambda';

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

/** 30 videos whose titles are 1 MiB each. */
const hugeTitles: Behaviour = (res) => {
  const title = 'T'.repeat(1024 * 1024);
  const items = Array.from({ length: 30 }, (_, i) => ({
    id: `64b7f0c2a91e3d5f8c2b${String(1000 + i)}`,
    title,
  }));
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(items));
};

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
      const [send, added, poll, cutShort] = await run(
        event(SEND_PDF, 'resets', { inputData: sendPdf }, { ALT_BASE_URL: server.base('resets') }),
        event(ADD_NOTE, 'resets', { inputData: note('Called back.') }),
        event(POLL, 'resets'),
        event(ADD_NOTE, 'shortClose', { inputData: note('Called back.') }),
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
      // 12 bytes of a promised 100, then closed: node-fetch waits on, and the deadline ends it.
      expect(failure(cutShort).message).toContain(
        'did not answer POST /shortClose/api/note in time (within 1 s). The note may have gone through',
      );
      expect(server.received('resets').map((r) => r.url)).toEqual([
        '/api/send-pdf',
        '/api/note',
        '/api/video',
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
      // Core's http patch skips (does not log and copy) only requests that say they are z.request's.
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
          "CRMGrow's answer to GET /bomb/api/video was larger than 64 MiB, the most this integration reads, so it was not read. Contact CRMGrow support with this message.",
      });
      expect(poll?.maxRssBytes).toBeLessThan(300 * 1024 * 1024);
    });

    it('30 videos with 1 MiB titles make a poll result well under 6 MiB', async () => {
      const [poll] = await run(event(POLL, 'hugeTitles'));
      expect(poll?.ok).toBe(true);
      const items = poll?.results as { id: string; title: string }[];
      expect(items).toHaveLength(30);
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
});
