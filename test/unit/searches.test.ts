// The title searches (Find Video, Find PDF, Find Image, Find Template, …) and
// the `search` links of the actions' id fields. Messages are written out here;
// paths, nouns, labels, descriptions, the lists' names and the links in
// test/support/expectations.ts, not read back from the code under test.
import nock from 'nock';
import type { Bundle, PlainInputField, ZObject } from 'zapier-platform-core';
import App from '../../src/index';
import { findSearches } from '../../src/searches/find';
import { listTriggers } from '../../src/triggers/lists';
import {
  API_KEY,
  appTester,
  bundleWith,
  failureOf,
  unmatchedRequests,
  userMessage,
} from '../support/app';
import { CREATES, keysOf, SEARCHES, type SearchKey } from '../support/expectations';
import { rowOf } from '../support/rows';

const { creates } = App;

type Perform = (z: ZObject, bundle: Bundle) => Promise<unknown>;
const KEYS: SearchKey[] = keysOf('search');

/** Runs the search through the app tester, so core's output checks for searches run too. */
const find = (key: SearchKey, inputData: Record<string, unknown>): Promise<unknown> => {
  const { perform } = findSearches[key].operation;
  if (typeof perform !== 'function') throw new Error(`${key} has no perform function`);
  return appTester(perform as Perform, bundleWith({ inputData }));
};

const api = (key: SearchKey, host = 'https://api.crmgrow.com'): nock.Interceptor =>
  nock(host, {
    reqheaders: { authorization: API_KEY, 'content-type': 'application/json' },
  }).get(rowOf({ SEARCHES }, key).call.path);

/** An ObjectId created `second` seconds after 2026-03-01T00:00:00Z. */
const objectId = (second: number): string => (0x69a38180 + second).toString(16) + '0'.repeat(16);
const item = (second: number, title: string): { id: string; title: string } => ({
  id: objectId(second),
  title,
});

// Every request nock could not match: proof that a refused input sent nothing.
const unmatched = unmatchedRequests();

const HTML_404 = '<!DOCTYPE html>\n<html><body><pre>Cannot GET /api/x</pre></body></html>\n';

describe('searches', () => {
  it('the app has exactly the searches written out', () => {
    expect(Object.keys(App.searches ?? {})).toEqual(KEYS);
    for (const key of KEYS) expect(App.searches?.[key]).toBe(findSearches[key]);
  });

  describe.each(KEYS)('%s', (key) => {
    const facts = rowOf({ SEARCHES }, key);
    const expected = {
      list: facts.list,
      description: facts.description,
      singular: facts.singular,
      plural: facts.plural,
      noun: facts.noun,
      label: facts.label,
      path: facts.call.path,
    };
    const search = findSearches[key];

    it('is labelled "Find …", with a "Finds …." description and the trigger\'s noun', () => {
      expect(search.key).toBe(key);
      expect(search.noun).toBe(expected.noun);
      expect(search.display).toEqual({
        label: expected.label,
        description: expected.description,
      });
      expect(search.display.description).toMatch(/^Finds .+\.$/);
      expect(search.noun).toBe(listTriggers[expected.list].noun);
    });

    it('takes one required title, with help text that says how matching works', () => {
      expect(search.operation.inputFields).toEqual([
        {
          key: 'title',
          label: `${expected.noun} Title`,
          type: 'string',
          required: true,
          helpText:
            `The title of the ${expected.singular} to find, or part of it, in any case, accents ` +
            'aside. Exact matches come first, then partial ones, newest first. The step uses the first.',
        },
      ]);
    });

    it("returns the trigger's shape: its sample and outputFields", () => {
      const trigger = listTriggers[expected.list];
      expect(search.operation.sample).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        title: expect.any(String),
      });
      expect(search.operation.sample).toEqual(trigger.operation.sample);
      expect(search.operation.outputFields).toEqual([
        { key: 'id', label: `${expected.noun} ID`, type: 'string' },
        { key: 'title', label: `${expected.noun} Title`, type: 'string' },
      ]);
    });

    it(`sends one GET https://api.crmgrow.com${expected.path} with the key and JSON content type`, async () => {
      const scope = api(key).reply(200, [item(1, 'Open House Flyer'), item(2, 'Other')]);
      expect(await find(key, { title: 'Open House Flyer' })).toEqual([item(1, 'Open House Flyer')]);
      expect(scope.isDone()).toBe(true);
    });

    it('uses BASE_URL', async () => {
      process.env.BASE_URL = 'https://ecsbe.crmgrow.com';
      process.env.ALT_BASE_URL = 'https://alt.crmgrow.example';
      api(key, 'https://ecsbe.crmgrow.com').reply(200, [item(1, 'Flyer')]);
      expect(await find(key, { title: 'flyer' })).toEqual([item(1, 'Flyer')]);
    });

    it('puts exact matches before partial ones, ignoring case and spaces, newest first in each group', async () => {
      api(key).reply(200, [
        item(10, 'Open House Flyer'),
        item(40, 'Spring Open House Flyer'),
        item(20, 'Open House'),
        item(50, '  OPEN   house flyer '),
        item(30, 'open house flyer (copy)'),
        item(60, 'Just Sold Postcard'),
        item(5, 'Open house flyers'),
      ]);
      expect(await find(key, { title: '  open HOUSE  Flyer ' })).toEqual([
        item(50, 'OPEN   house flyer'),
        item(10, 'Open House Flyer'),
        item(40, 'Spring Open House Flyer'),
        item(30, 'open house flyer (copy)'),
        item(5, 'Open house flyers'),
      ]);
    });

    it("keeps the service's order in each group when the ids are not ObjectIds", async () => {
      api(key).reply(200, [
        { id: 'k-2', title: 'Flyer B' },
        { id: 'k-9', title: 'flyer' },
        { id: 7, title: 'Flyer A' },
        { id: 'k-1', title: 'FLYER' },
      ]);
      expect(await find(key, { title: 'Flyer' })).toEqual([
        { id: 'k-9', title: 'flyer' },
        { id: 'k-1', title: 'FLYER' },
        { id: 'k-2', title: 'Flyer B' },
        { id: '7', title: 'Flyer A' },
      ]);
    });

    it('returns at most 25 items: every exact match first, then the newest partial ones', async () => {
      const exact = Array.from({ length: 20 }, (_, i) => item(100 + i, 'Tour'));
      const partial = Array.from({ length: 10 }, (_, i) => item(i, `Tour #${i}`));
      api(key).reply(200, [...partial, ...exact]);
      const result = (await find(key, { title: 'tour' })) as unknown[];
      expect(result).toHaveLength(25);
      expect(result).toEqual([
        ...[...exact].reverse(),
        item(9, 'Tour #9'),
        item(8, 'Tour #8'),
        item(7, 'Tour #7'),
        item(6, 'Tour #6'),
        item(5, 'Tour #5'),
      ]);
    });

    it.each([
      [
        'text beyond ASCII, in any case, spacing and accents',
        '  CAFÉ   tour ',
        [
          item(1, 'Café Tour'),
          item(2, 'Le café tour du port'),
          item(3, 'Cafe Tour'),
          item(4, '  café  TOUR '),
          item(5, 'Cafés Tour'),
        ],
        [
          item(4, 'café  TOUR'),
          item(3, 'Cafe Tour'),
          item(1, 'Café Tour'),
          item(2, 'Le café tour du port'),
        ],
      ],
      [
        'text without accents in titles with them, as the dropdown compares them',
        'resume',
        [item(1, 'Résumé tips'), item(2, 'RESUME'), item(3, 'Resumes'), item(4, 'Rèsume\u0301')],
        [item(4, 'Rèsume\u0301'), item(2, 'RESUME'), item(3, 'Resumes'), item(1, 'Résumé tips')],
      ],
      [
        'text with accents in titles without them',
        'Résumé',
        [item(1, 'resume tips'), item(2, 'Presumed')],
        [item(2, 'Presumed'), item(1, 'resume tips')],
      ],
      [
        'ß as "ss", and the letters the collator reads as base letters',
        'straße',
        [item(1, 'Straße Tour'), item(2, 'STRASSE TOUR'), item(3, 'STRAẞE'), item(4, 'Strase')],
        [item(3, 'STRAẞE'), item(2, 'STRASSE TOUR'), item(1, 'Straße Tour')],
      ],
      [
        'a Greek word in capitals, its final sigma included',
        'οδός',
        [item(1, 'ΟΔΟΣ ΑΘΗΝΑΣ'), item(2, 'Οδοσ')],
        [item(2, 'Οδοσ'), item(1, 'ΟΔΟΣ ΑΘΗΝΑΣ')],
      ],
      [
        'Æ, Ø and Ł as the collator reads them',
        'aero lodz',
        [item(1, 'ÆRØ ŁÓDŹ'), item(2, 'Aero Lodz office'), item(3, 'Aero Lod')],
        [item(1, 'ÆRØ ŁÓDŹ'), item(2, 'Aero Lodz office')],
      ],
      [
        'ASCII text in a title that holds İ',
        'tour',
        [item(1, 'İstanbul Tour'), item(2, 'Tour')],
        [item(2, 'Tour'), item(1, 'İstanbul Tour')],
      ],
    ])('finds %s', async (_what, title, answer, found) => {
      api(key).reply(200, answer);
      expect(await find(key, { title })).toEqual(found);
    });

    it('a row whose title is no text, or that has none, is found by nothing', async () => {
      api(key).reply(200, [
        { id: objectId(1), title: 42 },
        { id: objectId(2), title: null },
        { id: objectId(3) },
      ]);
      expect(await find(key, { title: 'e' })).toEqual([]);
    });

    it.each([
      ['no title matches', [item(1, 'Open House Flyer')]],
      ['the list is empty', []],
    ])('returns [] when %s, not an error', async (_name, answer) => {
      api(key).reply(200, answer);
      expect(await find(key, { title: 'Escrow' })).toEqual([]);
    });

    it('reads `_id` for `id`, and a { "data": [...] } envelope, as the trigger does', async () => {
      api(key).reply(200, {
        status: true,
        data: [
          { _id: objectId(3), title: 'Flyer', thumbnail: 'https://x.example/t.png' },
          { id: objectId(4), _id: 'ignored', title: 'Flyer' },
        ],
      });
      expect(await find(key, { title: 'Flyer' })).toEqual([item(4, 'Flyer'), item(3, 'Flyer')]);
    });

    it.each([
      ['an empty title', { title: '' }],
      ['a title of spaces', { title: '   ' }],
      ['no title', {}],
      ['a null title', { title: null }],
    ])('refuses %s before any request', async (_name, inputData) => {
      const error = await failureOf(find(key, inputData));
      expect(unmatched).toEqual([]);
      expect(error.name).toBe('HaltedError');
      expect(userMessage(error)).toBe(
        `The "${expected.noun} Title" field is required. ` +
          `Type the title of the ${expected.singular} to find, or map it from an earlier step.`,
      );
    });

    it.each([
      ['an acute accent', '\u00b4', '\u00b4'],
      ['a diaeresis', ' \u00a8 ', '\u00a8'],
      ['a lone combining accent', '\u0301', '\u0301'],
      ['punctuation', '?!. - ,', '?!. - ,'],
      ['a control character', '\u0007', '\\u0007'],
    ])(
      'refuses a title of %s, which would match every title, before any request',
      async (_n, title, shownTitle) => {
        const error = await failureOf(find(key, { title }));
        expect(unmatched).toEqual([]);
        expect(error.name).toBe('HaltedError');
        expect(userMessage(error)).toBe(
          `"${shownTitle}" in "${expected.noun} Title" has no letter, digit or symbol to search ` +
            `for, so it would match every ${expected.singular}. Type or map the title of the ` +
            `${expected.singular} to find.`,
        );
      },
    );

    it('a title of 1,000 characters is searched for; one longer finds nothing, with no request', async () => {
      const longest = 'a'.repeat(1_000);
      api(key).reply(200, [item(1, longest), item(2, 'b')]);
      expect(await find(key, { title: longest })).toEqual([item(1, longest)]);
      const result = await find(key, { title: `${longest}a` });
      expect(unmatched).toEqual([]);
      expect(result).toEqual([]);
    });

    it.each([
      ['5 MB of words', 'Quarterly market update for buyers '.repeat(150_000)],
      ['40,000 characters without a space', 'x'.repeat(40_000)],
      ['6,500 words', 'word '.repeat(6_500)],
    ])('a title of %s finds nothing, with no request and one log line', async (_n, title) => {
      const spy = jest.spyOn(console, 'log');
      const before = spy.mock.calls.length;
      const result = await find(key, { title });
      expect(result).toEqual([]);
      expect(unmatched).toEqual([]);
      const length = title.trim().replace(/\s+/g, ' ').length.toLocaleString('en-US');
      const lines = spy.mock.calls.slice(before).map((args) => args.map(String).join(' ').trim());
      expect(lines).toEqual([
        `Found no ${expected.singular}: the title to find is ${length} characters long, and no ` +
          'title this app returns is longer than 1,000.',
      ]);
    });

    it('refuses a list of titles before any request', async () => {
      const error = await failureOf(find(key, { title: ['a', 'b'] }));
      expect(unmatched).toEqual([]);
      expect(userMessage(error)).toBe(
        `The "${expected.noun} Title" field needs a single value, not a list or a set of fields. ` +
          `Type the title of the ${expected.singular} to find, or map it from an earlier step.`,
      );
    });

    it('fails clearly when the answer is not a list', async () => {
      api(key).reply(200, { status: true, items: [] });
      const error = await failureOf(find(key, { title: 'Flyer' }));
      expect(JSON.parse(error.message)).toEqual({
        message:
          `CRMGrow answered GET ${expected.path} with something other than a list of ${expected.plural}, ` +
          'so there is nothing to show. Try again in a few minutes; if it keeps happening, contact CRMGrow support.',
        code: 'invalid_response',
      });
    });

    it('a 401 asks to reconnect, quoting the service', async () => {
      api(key).reply(401, { status: false, error: 'invalid signature' });
      const error = await failureOf(find(key, { title: 'Flyer' }));
      expect(error.name).toBe('ExpiredAuthError');
      expect(userMessage(error)).toBe(
        'CRMGrow rejected the API key (HTTP 401: "invalid signature"). Copy your current API key ' +
          'from CRMGrow and reconnect your CRMGrow account in Zapier.',
      );
    });

    it('an HTML 404 names the endpoint, for support', async () => {
      api(key).reply(404, HTML_404, { 'Content-Type': 'text/html; charset=utf-8' });
      const error = await failureOf(find(key, { title: 'Flyer' }));
      expect(JSON.parse(error.message)).toEqual({
        message:
          `CRMGrow has no endpoint at GET ${expected.path} (HTTP 404). Contact CRMGrow support ` +
          'and mention this method and path.',
        code: 'endpoint_not_found',
        status: 404,
      });
    });

    it("a 500 is a server error in the service's words", async () => {
      api(key).reply(500, { status: false, error: 'internal_server_error' });
      const error = await failureOf(find(key, { title: 'Flyer' }));
      expect(JSON.parse(error.message)).toEqual({
        message:
          `CRMGrow had a server error on GET ${expected.path} (HTTP 500: "internal_server_error"). ` +
          'This is often temporary: try again in a few minutes. If it keeps happening, contact ' +
          'CRMGrow support.',
        code: 'server_error',
        status: 500,
      });
    });
  });
});

describe('the actions link their id fields to the searches', () => {
  it.each(keysOf('create'))('%s', (createKey) => {
    const expected = rowOf({ CREATES }, createKey).links;
    const fields = (creates[createKey].operation.inputFields ?? []) as PlainInputField[];
    const links = Object.fromEntries(
      fields.filter((field) => field.search !== undefined).map((f) => [f.key, f.search]),
    );
    expect(links).toEqual(expected);
    // Every id field of the app has a search, so each one links it.
    expect(fields.filter((f) => /(^|_)id$/.test(f.key)).map((f) => f.key)).toEqual(
      Object.keys(expected),
    );
  });

  it('covers every action of the app', () => {
    expect(Object.keys(App.creates ?? {}).sort()).toEqual(Object.keys(CREATES).sort());
  });
});
