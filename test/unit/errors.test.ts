// How each operation reads a failure: the error's type and code, for every endpoint. The
// messages themselves are asserted once, in messages.test.ts.
import nock from 'nock';
import type { Bundle } from 'zapier-platform-core';
import { API_KEY, bundleWith, failureOf, HOST, logsOf, run, type Failure } from '../support/app';
import { CALLING, HOOK_CALLS, methodOf, type Call } from '../support/live-zap-keys';

const TARGET_URL = 'https://hooks.zapier.com/hooks/standard/1/abc';
const failedWith = (code: string) => Object.assign(new Error(code), { code });

/** Every endpoint, through one operation that calls it, and whether it is idempotent. */
const ENDPOINT_CASES = [
  // The searches call the polls' endpoints.
  ...Object.entries(CALLING)
    .filter(([, facts]) => facts.kind !== 'search')
    .map(([key, facts]) => {
      const { path, inputData } = methodOf(key);
      return {
        name: key,
        path,
        bundle: bundleWith({ inputData }),
        call: facts.call,
        write: facts.kind === 'create',
      };
    }),
  {
    name: 'connection test',
    path: 'authentication.test',
    bundle: bundleWith(),
    call: CALLING.template.call,
    write: false,
  },
  {
    name: 'subscribe',
    path: 'triggers.add_contact.operation.performSubscribe',
    bundle: bundleWith({ targetUrl: TARGET_URL }),
    call: HOOK_CALLS.subscribe,
    write: true,
  },
  {
    name: 'unsubscribe',
    path: 'triggers.add_contact.operation.performUnsubscribe',
    bundle: bundleWith({ subscribeData: { id: 'sub_1' } }),
    call: HOOK_CALLS.unsubscribe,
    write: false,
  },
  {
    name: 'sample',
    path: 'triggers.add_contact.operation.performList',
    bundle: bundleWith(),
    call: HOOK_CALLS.performList,
    write: false,
  },
];

const intercept = (call: Call) => {
  const scope = nock(call.base === 'ALT_BASE_URL' ? 'https://alt.crmgrow.test' : HOST);
  const path = (uri: string) => uri.split('?')[0] === call.path;
  return call.method === 'GET'
    ? scope.get(path)
    : call.method === 'POST'
      ? scope.post(path)
      : scope.delete(path);
};

const outcome = ({ name, code }: Failure) => (code ? `${name} ${code}` : name);

// A read fails in its own words; a write not idempotent that got no clear answer may have
// gone through. A 429 and a refused connection are before any work, for both.
const FAILURES = {
  'no answer in time': {
    reply: (i: nock.Interceptor) => i.delay(1_000).reply(200, []),
    read: 'AppError timeout',
    write: 'AppError outcome_unknown',
  },
  'connection reset': {
    reply: (i: nock.Interceptor) => i.replyWithError(failedWith('ECONNRESET')),
    read: 'AppError network_error',
    write: 'AppError outcome_unknown',
  },
  'connection refused': {
    reply: (i: nock.Interceptor) => i.replyWithError(failedWith('ECONNREFUSED')),
    read: 'AppError network_error',
    write: 'AppError network_error',
  },
  // A host name that does not resolve, for good or for now: nothing left the machine.
  'host not found': {
    reply: (i: nock.Interceptor) => i.replyWithError(failedWith('ENOTFOUND')),
    read: 'AppError network_error',
    write: 'AppError network_error',
  },
  'host not resolved for now': {
    reply: (i: nock.Interceptor) => i.replyWithError(failedWith('EAI_AGAIN')),
    read: 'AppError network_error',
    write: 'AppError network_error',
  },
  '429': {
    reply: (i: nock.Interceptor) => i.reply(429, ''),
    read: 'ThrottledError',
    write: 'ThrottledError',
  },
  '503': {
    reply: (i: nock.Interceptor) => i.reply(503, ''),
    read: 'ThrottledError',
    write: 'AppError outcome_unknown',
  },
  // The web app's routes answer any API key so: the integration's routes are wrong, not the key.
  'the web app refusing an API key': {
    reply: (i: nock.Interceptor) => i.reply(401, { status: false, error: 'Authorization failed' }),
    read: 'AppError wrong_routes',
    write: 'AppError wrong_routes',
  },
  '500': {
    reply: (i: nock.Interceptor) => i.reply(500, { status: false, error: 'internal_server_error' }),
    read: 'AppError server_error',
    write: 'AppError outcome_unknown',
  },
};

describe.each(ENDPOINT_CASES)('$name', ({ path, bundle, call, write }) => {
  beforeEach(() => {
    process.env.ALT_BASE_URL = 'https://alt.crmgrow.test';
  });

  it.each(Object.entries(FAILURES))('%s', async (failure, { reply, read, write: written }) => {
    if (failure === 'no answer in time') process.env.REQUEST_TIMEOUT_MS = '200';
    reply(intercept(call));
    expect(outcome(await failureOf(run(path, bundle)))).toBe(write ? written : read);
  });

  it('a 2xx of {} is not taken as done, but by a sample or an unsubscribe, which ask no more', async () => {
    intercept(call).reply(200, {});
    const result = run(path, bundle);
    if (call === HOOK_CALLS.performList) await expect(result).resolves.toEqual([]);
    else if (call === HOOK_CALLS.unsubscribe)
      await expect(result).resolves.toMatchObject({ outcome: 'unsubscribed' });
    else {
      expect(outcome(await failureOf(result))).toBe(
        write ? 'AppError outcome_unknown' : 'AppError invalid_response',
      );
    }
  });
});

// The longest work of any endpoint with CRMGrow's longest words: the cap, not the words, ends it.
it.each(ENDPOINT_CASES)(
  '$name: a message with long words from CRMGrow is cut to 250 characters',
  async ({ path, bundle, call }) => {
    process.env.ALT_BASE_URL = 'https://alt.crmgrow.test';
    intercept(call).reply(400, { status: false, error: `Refused ${'because '.repeat(100)}` });
    const { message } = await failureOf(run(path, bundle));
    expect(message.length).toBe(250);
    expect(message).toMatch(/CRMGrow said: "Refused because .*…"$/);
  },
);

it("names API_ROUTES=api-v2 in the developers' log when a route takes no API key, and only then", async () => {
  const logged = async (body: object) => {
    nock(HOST).get('/api/video').reply(401, body);
    const { logs } = await logsOf(() => failureOf(run('triggers.video.operation.perform')));
    return logs.filter((line) => line.includes(' failed: '));
  };
  expect(await logged({ status: false, error: 'Authorization failed' })).toEqual([
    expect.stringMatching(
      / \(rule "no API key taken"\)\. These routes take no API key: set API_ROUTES=api-v2 \(README, Configuration\)\.$/,
    ),
  ]);
  expect(await logged({ status: false, error: 'invalid signature' })).toEqual([
    expect.stringMatching(/ \(rule "key refused"\)\.$/),
  ]);
});

describe('the answers of the creates CRMGrow serves beside the API spec', () => {
  const create = (key: string, status: number, body: object) => {
    const { path, inputData } = methodOf(key);
    const call = CALLING[key]?.call;
    if (call) intercept(call).reply(status, body);
    return failureOf(run(path, bundleWith({ inputData })));
  };
  it.each([
    ['a record without "status": true', { data: { _id: 'c1' } }],
    ['"status" as text', { status: 'true', data: { _id: 'c1' } }],
    ['a record without an id', { status: true, data: { first_name: 'Jane' } }],
    ['a list', [{ _id: 'c1' }]],
  ])('a contact answered with %s may have been added', async (_, body) => {
    expect(outcome(await create('create_contact', 200, body))).toBe('AppError outcome_unknown');
  });

  it('reads a list of errors as its words, each once, blank ones left out', async () => {
    const error = [{ error: 'One.' }, { error: ' ' }, 'Two.', { error: 'One.' }];
    const { message } = await create('add_to_automation', 405, { status: false, error });
    expect(message).toMatch(/CRMGrow said: "One\. Two\."$/);
  });

  it.each(['add_note', 'add_to_automation', 'creates.create_task'])(
    'takes "Send error" for a failed email only from a send, not from %s',
    async (key) => {
      expect(outcome(await create(key, 400, { status: false, error: 'Send error' }))).toBe(
        'AppError request_refused',
      );
    },
  );

  // Only CRMGrow's exact words for a missing automation; words that merely hold them are a refusal.
  it.each([
    ['Automation not found', 'AppError automation_not_found'],
    ['Automation not found for this contact', 'AppError request_refused'],
    ['Trigger automation not found', 'AppError request_refused'],
  ])('an automation refused with "%s" is %s', async (error, expected) => {
    expect(outcome(await create('add_to_automation', 400, { status: false, error }))).toBe(
      expected,
    );
  });
});

describe('the reading of a response', () => {
  const poll = () => run('triggers.video.operation.perform');
  const videos = () => nock(HOST).get('/api/video');
  const sendVideo = () =>
    run(methodOf('send_video').path, bundleWith({ inputData: methodOf('send_video').inputData }));

  it.each([
    [401, { status: false, error: 'jwt malformed' }, 'ExpiredAuthError'],
    [401, '', 'ExpiredAuthError'],
    [400, { status: false, error: 'jwt expired' }, 'ExpiredAuthError'],
    [200, { status: false, error: 'invalid_user' }, 'ExpiredAuthError'],
    // Only the service's own bad-key words ask to reconnect: not any "jwt".
    [
      400,
      { status: false, error: 'Send error: the template mentions jwt tokens' },
      'AppError request_refused',
    ],
    // Only the exact words: ones that merely hold them are another refusal.
    [400, { status: false, error: 'invalid_user_id' }, 'AppError request_refused'],
    [400, { status: false, error: 'Gmail token jwt expired' }, 'AppError request_refused'],
    [400, { status: false, error: 'Authorization failed' }, 'AppError wrong_routes'],
    [400, { status: false, error: 'Authorization failed for Gmail' }, 'AppError request_refused'],
    [400, { status: false, error: 'Gmail authorization failed' }, 'AppError request_refused'],
    // A 404 in the service's JSON is its refusal; one without JSON has no route.
    [404, { status: false, error: 'Video not found' }, 'AppError request_refused'],
    [404, 'Not Found', 'AppError endpoint_not_found'],
    [200, { status: true, error: 'but no' }, 'AppError request_refused'],
  ])('%s %j on a read is %s', async (status, body, expected) => {
    videos().reply(status, body);
    expect(outcome(await failureOf(poll()))).toBe(expected);
  });

  it.each([
    [{ status: 'true' }, 'AppError outcome_unknown'],
    [{ status: true, error: 'Send error' }, 'AppError delivery_failed'],
    [{ status: false }, 'AppError request_refused'],
    ['OK', 'AppError outcome_unknown'],
  ])(
    'a send answered 200 %j is %s: only "status": true passes the success check',
    async (body, expected) => {
      nock(HOST).post('/api/send-video').reply(200, body);
      expect(outcome(await failureOf(sendVideo()))).toBe(expected);
    },
  );

  it.each([
    ['a date 300 s ahead', 300],
    ['0', 10],
    ['86400', 3_600],
    ['soon', 60],
  ])(
    'Retry-After %j asks Zapier to wait %i s (at least 10, at most an hour)',
    async (header, delay) => {
      const date = new Date(Date.now() + 300_000).toUTCString();
      videos().reply(429, '', { 'Retry-After': header.startsWith('a date') ? date : header });
      const { delay: asked = 0 } = await failureOf(poll());
      expect(Math.abs(asked - delay)).toBeLessThanOrEqual(2);
    },
  );

  it('never shows or logs the key, even when the service echoes it; the log names the request', async () => {
    videos().reply(500, { status: false, error: `bad token ${API_KEY} given` });
    const { logs, result } = await logsOf(() => failureOf(poll()));
    expect(result.message).toContain('bad token [API key] given');
    expect(JSON.stringify([result, logs])).not.toContain(API_KEY);
    expect(logs).toContainEqual(expect.stringContaining(`GET ${HOST}/api/video failed: HTTP 500`));
  });
});

describe('turning a Zap off and on', () => {
  const unsubscribe = (subscribeData: Record<string, unknown>) =>
    run(
      'triggers.add_contact.operation.performUnsubscribe',
      bundleWith({ subscribeData } as Partial<Bundle>),
    );
  const removal = () => nock(HOST).delete('/api/outbound/unsubscribe').query({ id: 'sub_1' });

  it.each([
    [201, { status: true }, 'unsubscribed'],
    // The interface shows no answer to unsubscribing: one that is no page and says no no is done.
    [204, '', 'unsubscribed'],
    [404, { status: false, error: 'Webhook not found' }, 'already_gone'],
    [410, {}, 'already_gone'],
    [200, { status: false, error: 'Subscription does not exist' }, 'already_gone'],
  ])('%s %j is done: %s', async (status, body, outcome) => {
    removal().reply(status, body);
    await expect(unsubscribe({ id: 'sub_1' })).resolves.toEqual({ id: 'sub_1', outcome });
  });

  // A missing route in JSON is no "already gone": the webhook would live on. The path form of the
  // service's source is asked once, and is missing too.
  it.each([
    '<pre>Cannot DELETE /api/outbound/unsubscribe</pre>',
    { error: 'Cannot DELETE /api/outbound/unsubscribe' },
  ])('404 %j in both route forms fails it: AppError endpoint_not_found', async (body) => {
    removal().reply(404, body);
    nock(HOST).delete('/api/outbound/unsubscribe/sub_1').reply(404, body);
    expect(outcome(await failureOf(unsubscribe({ id: 'sub_1' })))).toBe(
      'AppError endpoint_not_found',
    );
  });

  it('the path form shares the one timeout of the call: both forms slow is a timeout', async () => {
    process.env.REQUEST_TIMEOUT_MS = '300';
    removal().delay(200).reply(404, '<pre>Cannot DELETE /api/outbound/unsubscribe</pre>');
    nock(HOST).delete('/api/outbound/unsubscribe/sub_1').delay(200).reply(200, {});
    expect(outcome(await failureOf(unsubscribe({ id: 'sub_1' })))).toBe('AppError timeout');
  });

  it.each([
    // A no, whether a boolean or text, or an error's words.
    [200, { status: false }, 'AppError request_refused'],
    [200, { status: 'false' }, 'AppError request_refused'],
    [200, { error: 'Webhook is locked' }, 'AppError request_refused'],
    [401, { status: false, error: 'invalid signature' }, 'ExpiredAuthError'],
    [500, { status: false, error: 'Subscription does not exist' }, 'AppError server_error'],
    [200, '<html></html>', 'AppError invalid_response'],
  ])('%s %j fails it: %s', async (status, body, expected) => {
    removal().reply(status, body);
    expect(outcome(await failureOf(unsubscribe({ id: 'sub_1' })))).toBe(expected);
  });

  it('a subscription stored without an id is nothing to remove, and sends nothing', async () => {
    await expect(unsubscribe({})).resolves.toEqual({ outcome: 'nothing_to_remove' });
  });

  it.each([{ id: 'sub_1' }, { _id: 'sub_1' }, { data: { _id: 'sub_1' } }])(
    'subscribe keeps the id of %j for unsubscribing',
    async (body) => {
      nock(HOST).post('/api/outbound/subscribe').reply(201, body);
      await expect(
        run(
          'triggers.add_contact.operation.performSubscribe',
          bundleWith({ targetUrl: TARGET_URL }),
        ),
      ).resolves.toEqual({ id: 'sub_1' });
    },
  );

  it('subscribe fails the success check when the id is no string or whole number', async () => {
    nock(HOST)
      .post('/api/outbound/subscribe')
      .reply(201, { id: { $oid: 'sub_1' } });
    const failure = await failureOf(
      run('triggers.add_contact.operation.performSubscribe', bundleWith({ targetUrl: TARGET_URL })),
    );
    expect(outcome(failure)).toBe('AppError outcome_unknown');
  });

  it('subscribe fails when the answer carries an error beside the id', async () => {
    nock(HOST).post('/api/outbound/subscribe').reply(201, { id: 'sub_1', error: 'Invalid action' });
    const failure = await failureOf(
      run('triggers.add_contact.operation.performSubscribe', bundleWith({ targetUrl: TARGET_URL })),
    );
    expect(outcome(failure)).toBe('AppError request_refused');
  });
});

describe('the service words each error is chosen by', () => {
  const unsubscribe = () =>
    run(
      'triggers.add_contact.operation.performUnsubscribe',
      bundleWith({ subscribeData: { id: 'sub_1' } }),
    );
  const removal = () => nock(HOST).delete('/api/outbound/unsubscribe').query({ id: 'sub_1' });
  const poll = () => run('triggers.video.operation.perform');
  const videos = () => nock(HOST).get('/api/video');
  const { path: sendPath, inputData } = methodOf('send_video');
  const sendVideo = () => run(sendPath, bundleWith({ inputData }));

  it.each([
    // Plain text counts; an HTML body, even after spaces, and JSON without `error` or `message` do not.
    ['text', 'AppError account_suspended', 'Account suspended, see <a href="/billing">billing</a>'],
    ['an HTML body after spaces', 'AppError request_refused', '\n  <p>Account suspended</p>'],
    ['an HTML body', 'AppError request_refused', '<p>Account suspended</p>'],
    ['other JSON', 'AppError request_refused', { status: false, detail: 'account suspended' }],
    // Only the first 1,000 characters are read.
    [
      'words after 1,000 spaces',
      'AppError request_refused',
      `${' '.repeat(1_000)}Account suspended`,
    ],
    // Words are trimmed, and blank ones skipped.
    ['padded words', 'ExpiredAuthError', { status: false, error: ' jwt expired ' }],
    ['blank words', 'ExpiredAuthError', { status: false, error: '  ', message: 'jwt expired' }],
  ])('a read refused with %s is %s', async (_, expected, body) => {
    videos().reply(403, body);
    expect(outcome(await failureOf(poll()))).toBe(expected);
  });

  it.each([
    ['Send error', 'AppError delivery_failed'],
    ['Send error: quota reached', 'AppError request_refused'],
    ['Resend error', 'AppError request_refused'],
  ])('a send refused with "%s" is %s', async (error, expected) => {
    nock(HOST).post('/api/send-video').reply(400, { status: false, error });
    expect(outcome(await failureOf(sendVideo()))).toBe(expected);
  });

  it.each([
    [300, 'AppError redirect'],
    [399, 'AppError redirect'],
    [400, 'AppError request_refused'],
    [502, 'ThrottledError'],
    [504, 'ThrottledError'],
  ])('a read answered %i [] is %s', async (status, expected) => {
    videos().reply(status, []);
    expect(outcome(await failureOf(poll()))).toBe(expected);
  });

  it('a read answered 299 [] is done', async () => {
    videos().reply(299, []);
    await expect(poll()).resolves.toEqual([]);
  });

  it.each([
    ['1e3', 60],
    ['120.25', 121],
  ])('Retry-After %j asks Zapier to wait %i s', async (header, delay) => {
    videos().reply(429, '', { 'Retry-After': header });
    expect((await failureOf(poll())).delay).toBe(delay);
  });

  it.each([
    [404, {}, 'already_gone'],
    [200, '  ', 'unsubscribed'],
  ])('an unsubscribe answered %i %j is done: %s', async (status, body, outcome) => {
    removal().reply(status, body);
    await expect(unsubscribe()).resolves.toEqual({ id: 'sub_1', outcome });
  });

  it('a sample that is not JSON is invalid_response', async () => {
    nock(HOST).get('/api/outbound/perform').reply(200, 'OK');
    const failure = await failureOf(run('triggers.add_contact.operation.performList'));
    expect(outcome(failure)).toBe('AppError invalid_response');
  });
});

describe('the developers log line', () => {
  const poll = () => run('triggers.video.operation.perform');
  const videos = () => nock(HOST).get('/api/video');
  const logged = async () => (await logsOf(() => failureOf(poll()))).logs;

  it.each([
    ['padded text', 'HTTP 500: "boom"', '  boom \n'],
    // The start of the response, then trimmed: a long blank start shows as nothing.
    ['words after 1,000 spaces', 'HTTP 500: ""', `${' '.repeat(1_000)}late words`],
  ])('a response of %s logs %s', async (_, line, body) => {
    videos().reply(500, body);
    expect(await logged()).toContainEqual(expect.stringContaining(`/api/video failed: ${line}`));
  });

  it('a timeout logs that no whole response came', async () => {
    process.env.REQUEST_TIMEOUT_MS = '50';
    videos().delay(500).reply(200, []);
    expect(await logged()).toContainEqual(
      expect.stringContaining('failed: no whole response before the timeout'),
    );
  });

  it('a network failure logs its message', async () => {
    videos().replyWithError(failedWith('ECONNRESET'));
    expect(await logged()).toContainEqual(
      expect.stringContaining(
        `/api/video failed: request to ${HOST}/api/video failed, reason: ECONNRESET`,
      ),
    );
  });

  it('a success logs no failure', async () => {
    videos().reply(200, []);
    const { logs } = await logsOf(poll);
    expect(logs).not.toContainEqual(expect.stringContaining('failed:'));
  });
});

describe('the key and the connection', () => {
  it.each([[{}], [{ api_key: 12345 }]])(
    'authData %j asks to reconnect, and sends nothing',
    async (authData) => {
      const failure = await failureOf(
        run('triggers.video.operation.perform', { authData } as Partial<Bundle>),
      );
      expect(failure.name).toBe('ExpiredAuthError');
    },
  );

  it('a passing connection test returns ok', async () => {
    nock(HOST).get('/api/template').reply(200, []);
    await expect(run('authentication.test')).resolves.toEqual({ ok: true });
  });
});

// A timer left running would hold the process for up to 25 s after the request.
it('a request leaves no timeout timer running after it', async () => {
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
  const before = timers();
  nock(HOST).get('/api/video').reply(200, []);
  await run('triggers.video.operation.perform');
  expect(timers()).toBeLessThanOrEqual(before);
});

it.each([
  ['24 characters, one no hex digit', '64b7f0c2a91e3d5f8c2b4a1z', 'AppError invalid_id'],
  ['in capitals, as MongoDB never writes it', '64B7F0C2A91E3D5F8C2B4A17', 'AppError invalid_id'],
  ['an ObjectId', '64b7f0c2a91e3d5f8c2b4a17', 'AppError outcome_unknown'],
])('a send CRMGrow fails on, with a video id of %s, is %s', async (_, video_id, expected) => {
  const { path, inputData } = methodOf('send_video');
  nock(HOST).post('/api/send-video').reply(500, { status: false, error: 'internal_server_error' });
  expect(
    outcome(await failureOf(run(path, bundleWith({ inputData: { ...inputData, video_id } })))),
  ).toBe(expected);
});

// A code such as `internal_server_error` is no words for people; words that hold one are.
it.each([
  ['internal_server_error', false],
  ['http_500', false],
  ['e500_failed', false],
  ['Invalid template_id', true],
  ['template_id is missing', true],
])('CRMGrow\'s words "%s" are quoted in the message: %s', async (words, quoted) => {
  nock(HOST).get('/api/video').reply(500, { status: false, error: words });
  const { message } = await failureOf(run('triggers.video.operation.perform'));
  expect(message.includes(`CRMGrow said: "${words}"`)).toBe(quoted);
});

// The words follow the message only where 12 characters are left for them within 250.
it("adds CRMGrow's words only with 12 characters of room for them", async () => {
  const { path, inputData } = methodOf('send_video');
  const messageFor = async (email: string) => {
    nock(HOST).post('/api/send-video').reply(400, { status: false, error: 'Send error' });
    return (await failureOf(run(path, bundleWith({ inputData: { ...inputData, email } })))).message;
  };
  const address = (length: number) => `${'j'.repeat(length - 12)}@example.com`;
  const said = ' CRMGrow said: ';
  const short = await messageFor(address(20));
  // The message's length less the address's; at most 250 less the words' lead, quotes and 12.
  const widest = 250 - said.length - 2 - 12 - (short.indexOf(said) - 20);
  expect(await messageFor(address(widest))).toMatch(/ CRMGrow said: "Send error"$/);
  expect(await messageFor(address(widest + 1))).not.toContain(said);
});
