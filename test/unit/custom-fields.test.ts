// The account's own custom fields as output fields: the triggers whose payloads
// carry `additional_field` read the account's sample (one request, only when
// the Zap editor loads fields) and offer each custom field to map. Static
// samples hold none, since custom fields differ from account to account.
import nock from 'nock';
import type { Bundle, PlainOutputField, ZObject } from 'zapier-platform-core';
import { hookTriggers } from '../../src/hooks/trigger';
import { HOOK_EVENTS, type ActionValue } from '../../src/hooks/events';
import { API_KEY, appTester, bundleWith } from '../support/app';
import { HOOKS, keysOf } from '../support/expectations';
import { rowOf } from '../support/rows';

const HOST = 'https://api.crmgrow.com';
/** The triggers whose payloads, as test/support/expectations.ts writes them, carry additional_field. */
const WITH_CUSTOM_FIELDS: readonly ActionValue[] = keysOf('hook').filter((action) =>
  HOOKS[action].payloadKeys.includes('additional_field'),
);

/** The one request: GET perform with the key and the action, no body and no Content-Type. */
const performApi = (action: ActionValue): nock.Interceptor =>
  nock(HOST, { reqheaders: { Authorization: API_KEY, action }, badheaders: ['Content-Type'] }).get(
    '/api/outbound/perform',
    (body) => body === '' || body === undefined,
  );

const staticFields = (action: ActionValue): PlainOutputField[] =>
  (rowOf({ hookTriggers }, action).operation.outputFields ?? []).filter(
    (field): field is PlainOutputField => typeof field !== 'function',
  );

type Run = (z: ZObject, bundle: Bundle) => Promise<unknown>;

/** What the Zap editor gets: the static fields and those of the function, as core merges them. */
const loadFields = (action: ActionValue): Promise<PlainOutputField[]> =>
  // The app tester runs an operation's outputFields array (found by its place in the app) as the platform does.
  appTester(
    rowOf({ hookTriggers }, action).operation.outputFields as unknown as Run,
    bundleWith(),
  ) as Promise<PlainOutputField[]>;

const performOf = (action: ActionValue): Run => {
  const { operation } = rowOf({ hookTriggers }, action);
  if (operation.type !== 'hook' || typeof operation.perform !== 'function')
    throw new Error(`${action} has no perform function`);
  return operation.perform as Run;
};

const payloadOf = (action: ActionValue): Record<string, unknown> => ({
  ...rowOf({ HOOK_EVENTS }, action).payload,
});

describe('the triggers with custom fields', () => {
  it('are those whose payloads carry additional_field', () => {
    expect(
      HOOK_EVENTS.filter((event) => 'additional_field' in event.payload).map((e) => e.action),
    ).toEqual(WITH_CUSTOM_FIELDS);
  });

  it.each(WITH_CUSTOM_FIELDS)(
    '%s: the static sample holds no custom field, and no output field names one',
    (action) => {
      const { sample } = hookTriggers[action].operation;
      expect(sample).toMatchObject({ additional_field: '{}', custom_fields: {} });
      expect(staticFields(action).filter((f) => f.key.startsWith('custom_fields'))).toEqual([]);
    },
  );

  it.each(WITH_CUSTOM_FIELDS)(
    "%s: the editor gets the account's custom fields after the static ones, from one request",
    async (action) => {
      performApi(action).reply(201, [
        {
          ...payloadOf(action),
          additional_field: '{"Budget":"$750,000","Preferred Contact Time":"Evenings"}',
        },
      ]);
      expect(await loadFields(action)).toEqual([
        ...staticFields(action),
        { key: 'custom_fields__Budget', label: 'Budget (Custom Field)' },
        {
          key: 'custom_fields__Preferred Contact Time',
          label: 'Preferred Contact Time (Custom Field)',
        },
      ]);
    },
  );

  it('the keys are where a live event holds the values: custom_fields, parsed from additional_field', async () => {
    const payload = {
      ...payloadOf('add_contact'),
      additional_field: '{"Budget":"$750,000"}',
    };
    const [item] = (await appTester(
      performOf('add_contact'),
      bundleWith({ cleanedRequest: payload }),
    )) as {
      custom_fields: Record<string, unknown>;
    }[];
    expect(item?.custom_fields).toEqual({ Budget: '$750,000' });
  });

  it('reads the names of every sample the service gives, each once, leaving out blank names', async () => {
    performApi('add_deal').reply(201, [
      { ...payloadOf('add_deal'), additional_field: { Commission: '2.5%', ' ': 'x' } },
      { ...payloadOf('add_deal'), additional_field: '{"Commission":"3%","Financing":"Cash"}' },
      { ...payloadOf('add_deal'), additional_field: '{" Lender ":"Chase"}' },
    ]);
    const custom = (await loadFields('add_deal')).slice(staticFields('add_deal').length);
    expect(custom).toEqual([
      { key: 'custom_fields__Commission', label: 'Commission (Custom Field)' },
      { key: 'custom_fields__Financing', label: 'Financing (Custom Field)' },
      // The key is the name as the service writes it; the label is trimmed.
      { key: 'custom_fields__ Lender ', label: 'Lender (Custom Field)' },
    ]);
  });

  it.each([
    ['no custom fields', [{ ...payloadOf('add_contact') }]],
    ['the placeholder of an account with no contacts', [{ id: '', additional_field: '' }]],
    ['nothing to show', [{}]],
    ['custom fields that are not JSON', [{ ...payloadOf('add_contact'), additional_field: '{' }]],
  ])('%s: the static fields alone', async (_what, answer) => {
    performApi('add_contact').reply(201, answer);
    expect(await loadFields('add_contact')).toEqual(staticFields('add_contact'));
  });

  it.each([
    ['a server error', 500, { status: false, error: 'internal_server_error' }],
    ['a rejected key', 401, { status: false, error: 'invalid signature' }],
    ['a suspended account', 400, { status: false, error: 'Account is Suspended' }],
  ])('%s does not break the editor: the static fields alone', async (_what, status, body) => {
    performApi('update_contact').reply(status, body);
    expect(await loadFields('update_contact')).toEqual(staticFields('update_contact'));
  });

  it('says in the log why the custom fields were left out', async () => {
    performApi('add_contact').reply(500, { status: false, error: 'internal_server_error' });
    const spy = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await loadFields('add_contact');
      const lines = spy.mock.calls.map((args) => args.map(String).join(' '));
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^Custom fields of add_contact left out: reading the sample failed\. .*internal_server_error/,
          ),
        ]),
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('a network failure does not break the editor either', async () => {
    performApi('lead_source').replyWithError('socket hang up');
    expect(await loadFields('lead_source')).toEqual(staticFields('lead_source'));
  });

  it('a live run makes no request for them', async () => {
    // With no request declared, nock refuses any, and perform would fail.
    const items = await appTester(
      performOf('add_contact'),
      bundleWith({ cleanedRequest: payloadOf('add_contact') }),
    );
    expect(items).toEqual([hookTriggers.add_contact.operation.sample]);
  });
});
