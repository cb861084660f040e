// The compiled app, run through zapier-platform-core's app tester, against
// the sandbox over real HTTP: the connection, every polling trigger, search
// and create, the headers that reach the service, and the failures a Zap builder
// would see.
import type { Bundle } from 'zapier-platform-core';
import type { RecordedRequest } from '../../sandbox/server';
import { CALLING, keysOf, POLLING, SEARCHES, sendKeys, SENDING } from '../support/expectations';
import { rowOf } from '../support/rows';
import { bundleFor, failureOf, requestsDuring, run, useSandbox } from './helpers';

const API_KEY = 'eyJhbGciOiJIUzI1NiJ9.ZTJlLXVzZXI.e2e-Key-7Q2x';

const sandbox = useSandbox({ apiKey: API_KEY });

/** The one request an operation made, checked for the headers every call carries. */
function onlyRequest(requests: RecordedRequest[]): RecordedRequest {
  expect(requests).toHaveLength(1);
  const [request] = requests;
  if (!request) throw new Error('no request');
  expect(request.headers.authorization).toBe(API_KEY);
  return request;
}

describe('the connection', () => {
  it('tests the key with GET /api/template', async () => {
    const { result, requests } = await requestsDuring(sandbox(), () =>
      run('authentication.test', bundleFor(sandbox())),
    );
    expect(result).toEqual({ ok: true });
    const request = onlyRequest(requests);
    expect([request.method, request.path, request.base, request.status]).toEqual([
      'GET',
      '/api/template',
      'BASE_URL',
      200,
    ]);
    expect(request.headers['content-type']).toBe('application/json');
  });

  it('labels the connection by the account email, never the key, without a request', async () => {
    const sb = sandbox();
    const { result, requests } = await requestsDuring(sb, () =>
      run(
        'authentication.connectionLabel',
        bundleFor(sb, { authData: { api_key: sb.apiKey, account_email: 'agent@example.com' } }),
      ),
    );
    expect(result).toBe('agent@example.com');
    expect(await run('authentication.connectionLabel', bundleFor(sb))).toBe('');
    expect(requests).toEqual([]);
  });
});

// The sandbox's items of each list, the searches' queries and finds, and the
// sandbox's list of each send's material are written out in each operation's
// row of test/support/expectations.ts (its `sandbox`), from sandbox/seed.ts.

describe('polling triggers (also the dropdown sources)', () => {
  it.each(
    keysOf('polling').map((key) => {
      const { call, sandbox } = rowOf({ POLLING }, key);
      return [key, call.path, call.base, sandbox.choices] as const;
    }),
  )(
    '%s fills its dropdown with every item of GET %s, by title',
    async (key, path, base, choices) => {
      const sb = sandbox();
      const { result, requests } = await requestsDuring(sb, () =>
        run(
          `triggers.${key}.operation.perform`,
          bundleFor(sb, { meta: { isFillingDynamicDropdown: true } as Bundle['meta'] }),
        ),
      );
      expect(result).toEqual(choices);
      const request = onlyRequest(requests);
      expect([request.method, request.path, request.base]).toEqual(['GET', path, base]);
      expect(request.headers['content-type']).toBe('application/json');
    },
  );

  it('lists email and SMS templates alike', async () => {
    const titles = (
      (await run('triggers.template.operation.perform', bundleFor(sandbox()))) as {
        title: string;
      }[]
    ).map((t) => t.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Quick Check-In (SMS)', 'Welcome to the Neighborhood (Email)']),
    );
  });
});

describe('searches (title → id, for the id fields)', () => {
  it.each(
    keysOf('search').map((key) => {
      const { call, sandbox } = rowOf({ SEARCHES }, key);
      return [key, call.path, call.base, sandbox.query, sandbox.finds] as const;
    }),
  )('%s finds by title with one GET %s', async (key, path, base, title, found) => {
    const sb = sandbox();
    const { result, requests } = await requestsDuring(sb, () =>
      run(`searches.${key}.operation.perform`, bundleFor(sb, { inputData: { title } })),
    );
    expect(result).toEqual(found);
    const request = onlyRequest(requests);
    expect([request.method, request.path, request.base, request.status]).toEqual([
      'GET',
      path,
      base,
      200,
    ]);
    expect(request.headers['content-type']).toBe('application/json');
  });

  it.each(keysOf('search'))('%s finds nothing: [] after one request, not an error', async (key) => {
    const sb = sandbox();
    const { result, requests } = await requestsDuring(sb, () =>
      run(
        `searches.${key}.operation.perform`,
        bundleFor(sb, { inputData: { title: 'Mortgage Calculator' } }),
      ),
    );
    expect(result).toEqual([]);
    onlyRequest(requests);
  });

  it('a blank title fails before any request', async () => {
    const sb = sandbox();
    const { result: failure, requests } = await requestsDuring(sb, () =>
      failureOf(
        run(
          'searches.find_template.operation.perform',
          bundleFor(sb, { inputData: { title: ' ' } }),
        ),
      ),
    );
    expect(requests).toEqual([]);
    expect(failure).toMatchObject({
      name: 'HaltedError',
      message:
        'The "Template Title" field is required. Type the title of the template to find, or map it from an earlier step.',
    });
  });
});

describe('a large account: 50,000 videos', () => {
  const big = useSandbox({ apiKey: API_KEY, seed: { videos: 50_000 } });

  it('polls the newest 1,000 videos in one request', async () => {
    const { result, requests } = await requestsDuring(big(), () =>
      run('triggers.video.operation.perform', bundleFor(big())),
    );
    onlyRequest(requests);
    const videos = result as { id: string; title: string }[];
    expect(videos).toHaveLength(1_000);
    expect(videos[0]).toEqual({
      id: '69a38180010000000000c350',
      title: 'First-Time Buyer Q&A #10000',
    });
    expect(videos[999]).toEqual({
      id: '69a38180010000000000bf69',
      title: 'Virtual Tour - 1200 Market Street #9801',
    });
  });

  it('finds a title among them in one request: the exact match, then the newest 24 that contain it', async () => {
    const { result, requests } = await requestsDuring(big(), () =>
      run(
        'searches.find_video.operation.perform',
        bundleFor(big(), { inputData: { title: 'first-time buyer q&a' } }),
      ),
    );
    onlyRequest(requests);
    const videos = result as { id: string; title: string }[];
    expect(videos).toHaveLength(25);
    expect(videos.slice(0, 3)).toEqual([
      { id: '69a381800100000000000005', title: 'First-Time Buyer Q&A' },
      { id: '69a38180010000000000c350', title: 'First-Time Buyer Q&A #10000' },
      { id: '69a38180010000000000c34b', title: 'First-Time Buyer Q&A #9999' },
    ]);
  });

  it('fills the video dropdown 100 choices a page, by title, one request a page', async () => {
    const page = async (n: number): Promise<{ id: string; title: string }[]> => {
      const { result, requests } = await requestsDuring(big(), () =>
        run(
          'triggers.video.operation.perform',
          bundleFor(big(), { meta: { isFillingDynamicDropdown: true, page: n } as Bundle['meta'] }),
        ),
      );
      onlyRequest(requests);
      return result as { id: string; title: string }[];
    };
    const first = await page(0);
    expect(first).toHaveLength(100);
    expect(first[0]).toEqual({ id: '69a381800100000000000005', title: 'First-Time Buyer Q&A' });
    expect(first[99]).toEqual({
      id: '69a3818001000000000001f4',
      title: 'First-Time Buyer Q&A #100',
    });
    expect((await page(1))[0]).toEqual({
      id: '69a3818001000000000001f9',
      title: 'First-Time Buyer Q&A #101',
    });
  });
});

describe('creates', () => {
  // Each send's id field, the sandbox's list of its material, and the kind the sandbox records.
  it.each(
    sendKeys().map((key) => {
      const { call, idKey, sandbox } = rowOf({ SENDING }, key);
      return [key, call.path, call.base, idKey, sandbox.list, sandbox.kind] as const;
    }),
  )('%s POSTs %s on %s and the contact is created', async (key, path, base, idKey, list, kind) => {
    const sb = sandbox();
    const email = `${key}.new@example.com`;
    const materialId = sb.data[list][1]?.id ?? '';
    const templateId = '69a381800400000000000002';
    const { result, requests } = await requestsDuring(sb, () =>
      run(
        `creates.${key}.operation.perform`,
        bundleFor(sb, {
          inputData: { email: ` ${email} `, [idKey]: materialId, template_id: templateId },
        }),
      ),
    );
    expect(result).toEqual({
      id: `${materialId}:${email}`,
      status: true,
      email,
      [idKey]: materialId,
      template_id: templateId,
    });
    const request = onlyRequest(requests);
    expect([request.method, request.path, request.base, request.status]).toEqual([
      'POST',
      path,
      base,
      200,
    ]);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({ email, [idKey]: materialId, template_id: templateId });
    expect(sb.sends.at(-1)).toEqual({
      kind,
      base,
      email,
      materialId,
      templateId,
      contactId: expect.stringMatching(/^[0-9a-f]{24}$/),
      contactCreated: true,
      at: expect.any(String),
    });
    expect(sb.data.contacts.at(-1)).toMatchObject({ email, first_name: `${key}.new` });
  });

  it('send_pdf goes to BASE_URL when ALT_BASE_URL is not set', async () => {
    const sb = sandbox();
    const saved = process.env.ALT_BASE_URL;
    delete process.env.ALT_BASE_URL;
    try {
      const { requests } = await requestsDuring(sb, () =>
        run(
          'creates.send_pdf.operation.perform',
          bundleFor(sb, {
            inputData: {
              email: 'jane.cooper@example.com',
              pdf_id: '69a381800200000000000001',
              template_id: '69a381800400000000000001',
            },
          }),
        ),
      );
      expect([onlyRequest(requests).path, onlyRequest(requests).base]).toEqual([
        '/api/send-pdf',
        'BASE_URL',
      ]);
      expect(sb.sends.at(-1)?.contactCreated).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.ALT_BASE_URL;
      else process.env.ALT_BASE_URL = saved;
    }
  });

  it.each(['jane.cooper@example.com,', '"jane.cooper@example.com";', '<jane.cooper@example.com'])(
    'an address copied with punctuation around it (%s) reaches the existing contact',
    async (typed) => {
      const sb = sandbox();
      const contacts = sb.data.contacts.length;
      const inputData = {
        email: typed,
        video_id: '69a381800100000000000001',
        template_id: '69a381800400000000000001',
      };
      const { requests } = await requestsDuring(sb, () =>
        run('creates.send_video.operation.perform', bundleFor(sb, { inputData })),
      );
      expect(onlyRequest(requests).body).toEqual({
        ...inputData,
        email: 'jane.cooper@example.com',
      });
      expect(sb.sends.at(-1)).toMatchObject({
        email: 'jane.cooper@example.com',
        contactCreated: false,
      });
      expect(sb.data.contacts).toHaveLength(contacts);
    },
  );

  it('add_note POSTs /api/note and returns the note the service created', async () => {
    const sb = sandbox();
    const { result, requests } = await requestsDuring(sb, () =>
      run(
        'creates.add_note.operation.perform',
        bundleFor(sb, {
          inputData: { email: 'jane.cooper@example.com', content: 'Line one\nLine two' },
        }),
      ),
    );
    const note = sb.notes.at(-1);
    expect(result).toEqual({
      id: note?._id,
      status: true,
      email: 'jane.cooper@example.com',
      content: 'Line one\nLine two',
      contact_id: '69a381800500000000000001',
      created_at: note?.created_at,
      updated_at: note?.updated_at,
    });
    const request = onlyRequest(requests);
    const { call } = rowOf({ CALLING }, 'add_note');
    expect([request.method, request.path, request.base, request.status]).toEqual([
      call.method,
      call.path,
      call.base,
      200,
    ]);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      email: 'jane.cooper@example.com',
      content: 'Line one\nLine two',
    });
    await sb.settled();
  });
});

describe('failures, as the Zap builder sees them', () => {
  const sendVideo = (inputData: Record<string, string>): Promise<unknown> =>
    run(
      'creates.send_video.operation.perform',
      bundleFor(sandbox(), {
        inputData: {
          email: 'jane.cooper@example.com',
          video_id: '69a381800100000000000001',
          template_id: '69a381800400000000000001',
          ...inputData,
        },
      }),
    );

  it('401: a key the service rejects asks to reconnect, quoting the service', async () => {
    const failure = await failureOf(
      run('authentication.test', { authData: { api_key: 'aaaa.bbbb.cccc' } }),
    );
    expect(failure.name).toBe('ExpiredAuthError');
    expect(failure.message).toBe(
      'CRMGrow rejected the API key (HTTP 401: "invalid signature"). Copy your current API key from ' +
        'CRMGrow and reconnect your CRMGrow account in Zapier.',
    );
    expect(sandbox().requests.at(-1)?.status).toBe(401);
  });

  it.each(['authentication.test', 'triggers.video.operation.perform'])(
    '400: a suspended account says so, on %s',
    async (method) => {
      const failure = await failureOf(
        run(method, { authData: { api_key: sandbox().suspendedApiKey } }),
      );
      expect(failure.name).toBe('AppError');
      expect(failure.message).toBe(
        'Your CRMGrow account is suspended (CRMGrow said "Account is Suspended"), so CRMGrow refuses ' +
          'every request. Sign in to CRMGrow to restore the account, then try again.',
      );
    },
  );

  it('a mapped value that is not an email address halts the run, before any request', async () => {
    const { result: failure, requests } = await requestsDuring(sandbox(), () =>
      failureOf(sendVideo({ email: 'Jane Cooper' })),
    );
    expect(requests).toEqual([]);
    expect(failure).toMatchObject({
      name: 'HaltedError',
      message:
        '"Jane Cooper" in "Recipient Email" is not an email address. Map or type an address such ' +
        'as name@example.com, or Jane Doe <name@example.com>.',
    });
  });

  it('HTML 404: a BASE_URL with a wrong path names the path and the setting, with no HTML', async () => {
    const sb = sandbox();
    process.env.BASE_URL = `${sb.baseUrl}/v2`;
    // The run's log (core echoes it to the console) holds the advice for the maintainer.
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const failure = await failureOf(run('authentication.test', bundleFor(sb)));
      expect(failure.name).toBe('AppError');
      expect(failure.message).toBe(
        'CRMGrow has no endpoint at GET /v2/api/template (HTTP 404). Contact CRMGrow support and ' +
          'mention this method and path.',
      );
      expect(sb.requests.at(-1)).toMatchObject({ path: '/v2/api/template', status: 404 });
      expect(log.mock.calls.map((args) => args.map(String).join(' '))).toContainEqual(
        expect.stringContaining(
          `CRMGrow has no endpoint at GET /v2/api/template. If this keeps happening, check the BASE_URL setting (now "${sb.baseUrl}/v2")`,
        ),
      );
    } finally {
      log.mockRestore();
      process.env.BASE_URL = sb.baseUrl;
    }
  });

  it('500: an id the service cannot read names the field and its value, and the way to a real id', async () => {
    const failure = await failureOf(sendVideo({ video_id: 'not-an-id' }));
    expect(failure.name).toBe('AppError');
    expect(failure.message).toBe(
      'CRMGrow had a server error on POST /api/send-video (HTTP 500: "internal_server_error"). ' +
        'CRMGrow could not use "not-an-id" in "Video": it is not an ID of CRMGrow, which are 24 ' +
        'characters of 0-9 and a-f (a title mapped by mistake, perhaps). Choose from the "Video" ' +
        'dropdown, or map the ID from a Find Video search step.',
    );
    expect(JSON.parse(failure.error.message)).toMatchObject({ code: 'invalid_id', status: 500 });
  });

  it('500 on a list (forced in the sandbox) fails the poll with the same message', async () => {
    sandbox().failNext({ method: 'GET', path: '/api/image', status: 500 });
    const failure = await failureOf(run('triggers.image.operation.perform', bundleFor(sandbox())));
    expect(failure.message).toMatch(
      /^CRMGrow had a server error on GET \/api\/image \(HTTP 500: "internal_server_error"\)\. /,
    );
  });

  it('500 on a search (forced in the sandbox) fails the step with the same message', async () => {
    sandbox().failNext({ method: 'GET', path: '/api/template', status: 500 });
    const failure = await failureOf(
      run(
        'searches.find_template.operation.perform',
        bundleFor(sandbox(), { inputData: { title: 'Showing' } }),
      ),
    );
    expect(failure.message).toMatch(
      /^CRMGrow had a server error on GET \/api\/template \(HTTP 500: "internal_server_error"\)\. /,
    );
  });

  it('429 with Retry-After becomes a ThrottledError', async () => {
    sandbox().failNext({
      path: '/api/pdf',
      status: 429,
      body: { error: 'Too many requests' },
      headers: { 'Retry-After': '17' },
    });
    const failure = await failureOf(run('triggers.pdf.operation.perform', bundleFor(sandbox())));
    expect(failure.name).toBe('ThrottledError');
    expect(failure.message).toBe(
      'CRMGrow is receiving too many requests (HTTP 429: "Too many requests"). Zapier will try again in 17 seconds.',
    );
  });

  it.each([
    [
      'a template that no longer exists',
      { template_id: '0123456789abcdef01234567' },
      'CRMGrow could not find the template "0123456789abcdef01234567" chosen in "Template" ' +
        '(CRMGrow said "Send error: not selected templete"). Choose a template from the dropdown, ' +
        'or map the ID of a template that exists.',
    ],
    [
      'a delivery the service could not make',
      { template_id: '69a381800f00000000000001' },
      'CRMGrow could not deliver the email to "jane.cooper@example.com" (CRMGrow said "Send error"). ' +
        'Check the address and the email settings of your CRMGrow account, then run the step again.',
    ],
  ])('400 for %s names the field and quotes the service', async (_, inputData, message) => {
    const failure = await failureOf(sendVideo(inputData));
    expect(failure.name).toBe('AppError');
    expect(failure.message).toBe(message);
  });
});
