// A connected key that holds a character no API key has fails before any
// request, on the connection test and on every operation, and is never echoed.
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { authentication } from '../../src/auth';
import { sendCreates } from '../../src/creates/sends';
import { hookTriggers } from '../../src/hooks/trigger';
import { listTriggers } from '../../src/triggers/lists';
import { API_KEY, appTester, failureOf, userMessage } from '../support/app';

type Operation = (z: ZObject, bundle: Bundle) => Promise<unknown>;

const half = API_KEY.length / 2;
/** The test key with `inside` pasted in its middle, and spaces around it as pasted keys have. */
const keyWith = (inside: string): string =>
  ` ${API_KEY.slice(0, half)}${inside}${API_KEY.slice(half)}\n`;

const CASES = [
  ['a line feed', '\n', 'a line break'],
  ['a carriage return and line feed', '\r\n', 'a line break'],
  ['a NUL', '\u0000', 'a control character'],
  ['an escape', '\u001b', 'a control character'],
  ['a tab', '\t', 'a control character'],
  ['a DEL', '\u007f', 'a control character'],
  ['a C1 control', '\u0085', 'a control character'],
  ['the last C1 control', '\u009f', 'a control character'],
  ['Cyrillic letters', 'ключ', 'a non-Latin character'],
  ['a zero-width space', '\u200b', 'a non-Latin character'],
  ['an emoji', '🔑', 'a non-Latin character'],
] as const;

/** The function an operation runs, checked to be one (not a request shorthand). */
function functionOf(holder: object, name: string): Operation {
  const fn: unknown = (holder as Record<string, unknown>)[name];
  if (typeof fn !== 'function') throw new Error(`no ${name} function`);
  return fn as Operation;
}

const OPERATIONS: readonly [string, Operation, Partial<Bundle>][] = [
  ['the connection test', authentication.test, {}],
  ['the New Video trigger', functionOf(listTriggers.video.operation, 'perform'), {}],
  [
    'the New Note trigger (sample)',
    functionOf(hookTriggers.create_note.operation, 'performList'),
    {},
  ],
  [
    'the Send Video action',
    functionOf(sendCreates.send_video.operation, 'perform'),
    {
      inputData: {
        email: 'jane@example.com',
        video_id: '64b7f0c2a91e3d5f8c2b4a01',
        template_id: '5f1a2b3c4d5e6f7a8b9c0d1e',
      },
    },
  ],
];

describe('a connected API key that cannot be used', () => {
  let attempts: string[];
  const onAttempt = (request: { host?: string; path?: string }): void => {
    attempts.push(`${request.host ?? ''}${request.path ?? ''}`);
  };
  beforeEach(() => {
    attempts = [];
    nock.emitter.on('no match', onAttempt);
  });
  afterEach(() => {
    nock.emitter.removeListener('no match', onAttempt);
  });

  describe.each(OPERATIONS)('on %s', (_name, operation, extra) => {
    it.each(CASES)(
      'with %s fails before any request, naming the kind',
      async (_case, inside, kind) => {
        const apiKey = keyWith(inside);
        const error = await failureOf(
          appTester(operation, { ...extra, authData: { api_key: apiKey } }),
        );
        expect(error.name).toBe('ExpiredAuthError');
        expect(userMessage(error)).toBe(
          `The connected CRMGrow API key holds ${kind}, which an API key cannot have, so no ` +
            'request was sent. Copy the API key again from CRMGrow and reconnect your CRMGrow ' +
            'account in Zapier.',
        );
        expect(attempts).toEqual([]);
        const everything = `${error.message}\n${error.stack ?? ''}\n${JSON.stringify(error)}`;
        expect(everything).not.toContain(API_KEY.slice(0, half));
        expect(everything).not.toContain(API_KEY.slice(half));
      },
    );
  });

  it('names the line break when the key also holds other kinds', async () => {
    const error = await failureOf(
      appTester(authentication.test, { authData: { api_key: keyWith('ключ\u0000\n') } }),
    );
    expect(userMessage(error)).toContain('holds a line break,');
  });

  it('names the control character before a non-Latin one', async () => {
    const error = await failureOf(
      appTester(authentication.test, { authData: { api_key: keyWith('ключ\u0000') } }),
    );
    expect(userMessage(error)).toContain('holds a control character,');
  });

  it('still sends a key whose Latin-1 letters are all usable, with the line break at its end trimmed', async () => {
    // A space, the first character past the C1 controls and the last of Latin-1: each usable.
    const latinKey = `${API_KEY} \u00a0éÿ`;
    const scope = nock('https://api.crmgrow.com', { reqheaders: { authorization: latinKey } })
      .get('/api/template')
      .reply(200, []);
    await appTester(authentication.test, { authData: { api_key: `${latinKey}\r\n` } });
    expect(scope.isDone()).toBe(true);
  });
});
