// The service at its worst, through build/build.zip's handler as Zapier runs it, in one fresh
// process: servers on loopback that never answer, break off, answer unclearly, redirect, refuse,
// or send a gzip bomb, and settings that cannot be used. Each test reads the outcomes of the
// events it names; the last holds them all to one rule: the key is in none.
import {
  answers,
  behaves,
  gzipBomb,
  raw,
  redirects,
  resets,
  silent,
  startHostileServer,
  type HostileServer,
} from '../support/hostile-server';
import { failureOf, invoke, unpackZip, type Outcome } from '../support/lambda';

jest.setTimeout(60_000);

const KEY = 'eyJhbGciOiJIUzI1NiJ9.aG9zdGlsZQ.k3y-0001';
const VIDEO = '64b7f0c2a91e3d5f8c2b4a17';
const TEMPLATE = '64a3d5f8e2c14b7a9d0f6e28';
const EMAIL = 'jane.doe@example.com';
/** The timeout where a case waits for it (REQUEST_TIMEOUT_MS); 25 s live. */
const TIMEOUT_MS = 300;
/** The cap on a response in the cap's cases (MAX_RESPONSE_BYTES); 20 MiB live. */
const CAP = 4_096;

const POLL = 'triggers.video.operation.perform';
const SEND_VIDEO = 'creates.send_video.operation.perform';
const SEND_PDF = 'creates.send_pdf.operation.perform';
const ADD_NOTE = 'creates.add_note.operation.perform';
const SUBSCRIBE = 'triggers.add_contact.operation.performSubscribe';
const UNSUBSCRIBE = 'triggers.add_contact.operation.performUnsubscribe';

/** The operations that are not idempotent, each with what it sends. */
const NOT_SAFE_TO_RETRY = {
  send: [SEND_VIDEO, { inputData: { email: EMAIL, video_id: VIDEO, template_id: TEMPLATE } }],
  note: [ADD_NOTE, { inputData: { email: EMAIL, content: 'Called back.' } }],
  subscribe: [SUBSCRIBE, { targetUrl: 'https://hooks.zapier.com/hooks/1' }],
  contact: ['creates.create_contact.operation.perform', { inputData: { email: EMAIL } }],
  task: [
    'creates.create_task.operation.perform',
    { inputData: { email: EMAIL, content: 'Call', due_date: '2026-12-05T10:00:00Z' } },
  ],
  automation: [
    'creates.add_to_automation.operation.perform',
    { inputData: { email: EMAIL, automation_id: VIDEO } },
  ],
} as const;
const sendPdf = { inputData: { email: EMAIL, pdf_id: VIDEO, template_id: TEMPLATE } };
const stored = { subscribeData: { id: 'sub-1' } };
const NOTE_TEXT = 'Dear {{first_name}}, {{bundle.authData.api_key}} is {{ process.env.HOME }}.';

/** A list of one video whose JSON is `bytes` long. */
const listOfBytes = (bytes: number): string => {
  const empty = JSON.stringify([{ id: VIDEO, title: '' }]);
  return JSON.stringify([{ id: VIDEO, title: 'T'.repeat(bytes - empty.length) }]);
};

let server: HostileServer;
let elsewhere: HostileServer;
let outcomes: Record<string, Outcome | undefined> = {};

beforeAll(async () => {
  elsewhere = await startHostileServer({ other: behaves });
  server = await startHostileServer({
    ok: behaves,
    silent,
    resets,
    down: answers(503, { error: 'Down for maintenance' }, { 'Retry-After': '30' }),
    // The key echoed back, in every place a response can hold it.
    keyRefused: answers(401, { status: false, error: `invalid signature: ${KEY}` }),
    serverError: answers(500, { status: false, error: `internal_server_error ${KEY}` }),
    keyInLocation: redirects(302, `https://login.example.com/?key=${KEY}`),
    keyIn400: answers(400, { status: false, error: `Invalid email address ${KEY}` }),
    moved: (res, request) =>
      redirects(307, `${elsewhere.base('other')}${request.url}`)(res, request),
    bomb: gzipBomb(1_024),
    capExact: raw(200, listOfBytes(CAP), { 'Content-Type': 'application/json' }),
    capOver: raw(200, listOfBytes(CAP + 1), { 'Content-Type': 'application/json' }),
  });
  const event = (method: string, base: string, bundle = {}, environment = {}) => ({
    command: 'execute',
    method,
    bundle: { authData: { api_key: KEY }, inputData: {}, ...bundle },
    // Every setting, every time: the process keeps what an earlier event set.
    environment: {
      BASE_URL: base.includes('://') ? base : server.base(base),
      ALT_BASE_URL: '',
      REQUEST_TIMEOUT_MS: '',
      MAX_RESPONSE_BYTES: '',
      ...environment,
    },
  });
  const notSafe = (what: keyof typeof NOT_SAFE_TO_RETRY, base: string, environment = {}) =>
    event(NOT_SAFE_TO_RETRY[what][0], base, NOT_SAFE_TO_RETRY[what][1], environment);
  const notIdempotent = (base: string, environment = {}) =>
    (Object.keys(NOT_SAFE_TO_RETRY) as (keyof typeof NOT_SAFE_TO_RETRY)[]).map((what) => [
      `${what} ${base}`,
      notSafe(what, base, environment),
    ]);
  const timeout = { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) };
  const cap = { MAX_RESPONSE_BYTES: String(CAP) };
  const secret = 'https://zap:s3cret@api.example.com';
  const events: Record<string, object> = {
    // First, while the process is fresh: its peak memory is the bomb's.
    bomb: event(POLL, 'bomb'),
    ...Object.fromEntries([
      ...notIdempotent('silent', timeout),
      ...notIdempotent('resets'),
      ...notIdempotent('down'),
    ]),
    'poll silent': event(POLL, 'silent', {}, timeout),
    ...Object.fromEntries(
      ['keyRefused', 'serverError'].map((base) => [
        `unsubscribe ${base}`,
        event(UNSUBSCRIBE, base, stored),
      ]),
    ),
    'note moved': notSafe('note', 'moved'),
    'poll moved': event(POLL, 'moved'),
    'poll capExact': event(POLL, 'capExact', {}, cap),
    'poll capOver': event(POLL, 'capOver', {}, cap),
    'note ok': event(ADD_NOTE, 'ok', { inputData: { email: EMAIL, content: NOTE_TEXT } }),
    'poll keyInLocation': event(POLL, 'keyInLocation'),
    'send keyIn400': notSafe('send', 'keyIn400'),
    'poll, bad BASE_URL': event(POLL, secret),
    'send_pdf, bad BASE_URL': event(SEND_PDF, secret, sendPdf, { ALT_BASE_URL: server.base('ok') }),
  };
  const { dir, remove } = unpackZip();
  try {
    const results = await invoke(dir, Object.values(events));
    outcomes = Object.fromEntries(Object.keys(events).map((name, i) => [name, results[i]]));
  } finally {
    remove();
  }
});

afterAll(async () => {
  await server.close();
  await elsewhere.close();
});

/** The outcome of a named event, as a failure's type and code. */
const failed = (name: string) => failureOf(outcomes[name]);
const sent = (base: string, method: string) =>
  server.received(base).flatMap((r) => (r.method === method ? [r.url] : []));

describe('a send, a note, a subscribe or a new contact, task or automation that gets no clear answer', () => {
  it.each([
    ['no answer before the timeout', 'silent'],
    ['the connection broken after sending', 'resets'],
    ['a 503', 'down'],
  ])('%s: never reported done, and sent once', (_what, base) => {
    for (const what of Object.keys(NOT_SAFE_TO_RETRY)) {
      expect({ what, ...failed(`${what} ${base}`) }).toEqual({
        what,
        type: 'AppError',
        code: 'outcome_unknown',
      });
    }
    expect(sent(base, 'POST')).toEqual([
      '/api/send-video',
      '/api/note',
      '/api/outbound/subscribe',
      '/api/contact',
      '/api/followup',
      '/api/automation',
    ]);
  });
});

it('a bad BASE_URL fails the operations that use it, not Send PDF at a usable ALT_BASE_URL', () => {
  expect(failed('poll, bad BASE_URL')).toEqual({ type: 'AppError', code: 'invalid_configuration' });
  expect(outcomes['send_pdf, bad BASE_URL']).toMatchObject({ ok: true });
});

describe('requests', () => {
  it('redirects are not followed: neither the note nor the key goes to another host', () => {
    for (const name of ['note moved', 'poll moved']) {
      expect({ name, ...failed(name) }).toEqual({ name, type: 'AppError', code: 'redirect' });
    }
    expect([sent('moved', 'POST'), sent('moved', 'GET')]).toEqual([['/api/note'], ['/api/video']]);
    expect(elsewhere.received('other')).toEqual([]);
  });

  it('a gzip response that unpacks past the cap fails, within memory', () => {
    expect(failed('bomb')).toEqual({ type: 'AppError', code: 'response_too_large' });
    // Unpacked whole, it would take 1 GiB.
    expect(outcomes.bomb?.maxRssBytes).toBeLessThan(250 * 1024 * 1024);
  });

  it('with the cap set small, exactly the cap is read, and one byte more is not', () => {
    expect(outcomes['poll capExact']?.results).toEqual([
      { id: VIDEO, title: expect.stringMatching(/^T+…$/) as unknown },
    ]);
    expect(failed('poll capOver')).toEqual({ type: 'AppError', code: 'response_too_large' });
  });

  it('a service that never answers fails at the timeout', () => {
    expect(failed('poll silent')).toEqual({ type: 'AppError', code: 'timeout' });
    expect(outcomes['poll silent']?.ms).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(outcomes['poll silent']?.ms).toBeLessThan(TIMEOUT_MS + 5_000);
  });

  it('{{…}} in what the Zap builder wrote is sent byte for byte', () => {
    expect(outcomes['note ok']?.results).toMatchObject({ content: NOTE_TEXT });
    const [note] = server.received('ok').filter(({ url }) => url === '/api/note');
    expect(note?.body).toBe(JSON.stringify({ email: EMAIL, content: NOTE_TEXT }));
  });
});

it("neither the key nor a setting's credentials are in any message or log line, whatever the failure", () => {
  expect(Object.values(outcomes).filter((outcome) => outcome?.ok === false).length).toBeGreaterThan(
    18,
  );
  for (const [name, outcome] of Object.entries(outcomes)) {
    const text = JSON.stringify(outcome);
    expect({ name, secrets: [KEY, 's3cret'].filter((secret) => text.includes(secret)) }).toEqual({
      name,
      secrets: [],
    });
  }
});
