// Property-based tests (fast-check): each property holds for thousands of
// generated inputs, with a fixed seed so a failure is the same on every run.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { errors, type Bundle, type ZObject } from 'zapier-platform-core';
import { ConfigError, readBaseUrl, withoutCredentials } from '../../src/config';
import { sendCreates } from '../../src/creates/sends';
import { hookTriggers } from '../../src/hooks/trigger';
import { derivedId, normalise } from '../../src/hooks/records';
import { callApi } from '../../src/http/client';
import { ENDPOINTS } from '../../src/http/endpoints';
import { isLowerCaseObjectId, isObjectId } from '../../src/http/ids';
import { findSearches } from '../../src/searches/find';
import { listTriggers } from '../../src/triggers/lists';
import { titleComparer } from '../../src/triggers/order';
import { bytesOf } from '../../src/result';
import { fold as foldTitle } from '../../src/text';
import { OBJECT_ID_FORM } from '../support/expected';
import { dropdownPageOf, keptOf, newestOf, searchOf, titleCollator } from '../support/lists';

// PROPERTY_RUNS lowers the count for `npm run mutation`, which runs these once per mutant.
const RUNS = { seed: 20261122, numRuns: Number(process.env.PROPERTY_RUNS ?? 2000) } as const;

type Operation = (z: ZObject, bundle: Bundle) => Promise<unknown>;

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  raw?: boolean;
}

/**
 * A z object with core's real errors and a recorded request that answers
 * `answer` as core's raw answer does: a status, getHeader and the body's bytes.
 */
function fakeZ(answer: { status: number; content: string; headers?: Record<string, string> }): {
  z: ZObject;
  sent: SentRequest[];
} {
  const sent: SentRequest[] = [];
  const z = {
    errors,
    console: { log: () => undefined },
    request: (request: SentRequest) => {
      sent.push(request);
      return Promise.resolve({
        status: answer.status,
        getHeader: (name: string) => answer.headers?.[name.toLowerCase()],
        buffer: () => Promise.resolve(Buffer.from(answer.content, 'utf8')),
      });
    },
  } as unknown as ZObject;
  return { z, sent };
}

/** What callApi sends to Send Video, as the property tests compare it. */
const sentSummary = (request: SentRequest | undefined): unknown =>
  request && {
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    raw: request.raw,
  };

const bundleOf = (extra: Partial<Bundle>): Bundle =>
  ({ authData: { api_key: 'test-key-1234567890' }, inputData: {}, ...extra }) as Bundle;

describe('the normaliser, for any JSON value a webhook delivers', () => {
  const operation = hookTriggers.create_note.operation;
  const perform = (operation as { perform: Operation }).perform;
  const deliver = (body: unknown): Promise<unknown> =>
    perform(fakeZ({ status: 200, content: '' }).z, bundleOf({ cleanedRequest: body }));

  /** The same content with every object's keys in reverse order. */
  const reordered = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(reordered);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([key, inner]) => [key, reordered(inner)]),
      );
    }
    return value;
  };

  const payloads: fc.Arbitrary<unknown> = fc.oneof(
    fc.jsonValue(),
    fc.array(fc.dictionary(fc.string(), fc.jsonValue())),
    fc.dictionary(
      fc.constantFrom(
        'id',
        'contact',
        'contacts',
        'video',
        'pdf',
        'image',
        'additional_field',
        'x',
      ),
      fc.oneof(fc.jsonValue(), fc.string(), fc.constant('[a,b,c,d,e],[f,V,t')),
    ),
  );

  /** create_note's declared keys: the note's own, the raw contact string and its parsed list. */
  const NOTE_KEYS = ['id', 'title', 'content', 'contacts', 'contact', 'create_at'].sort();
  const CONTACT_KEYS = ['id', 'first_name', 'last_name', 'email', 'cell_phone'].sort();
  const isTextOrNull = (value: unknown): boolean => value === null || typeof value === 'string';

  it('gives items with exactly the declared keys, text where text is declared, and never throws', async () => {
    await fc.assert(
      fc.asyncProperty(payloads, async (body) => {
        const items = await deliver(body);
        expect(Array.isArray(items)).toBe(true);
        const rows = (Array.isArray(body) ? body : [body]).filter(
          (row): row is Record<string, unknown> =>
            typeof row === 'object' &&
            row !== null &&
            !Array.isArray(row) &&
            Object.keys(row).length > 0,
        );
        expect(items).toHaveLength(rows.length);
        (items as Record<string, unknown>[]).forEach((item, index) => {
          const row = rows[index] ?? {};
          // One comparison per item: jest's matchers are slow at thousands of runs.
          const problems: string[] = [];
          if (!isDeepStrictEqual(Object.keys(item).sort(), NOTE_KEYS)) problems.push('keys');
          for (const key of ['content', 'contact', 'create_at', 'title']) {
            if (!isTextOrNull(item[key])) problems.push(key);
            // Text as sent stays as sent.
            if (typeof row[key] === 'string' && item[key] !== row[key])
              problems.push(`${key} kept`);
          }
          const contacts = item.contacts;
          if (
            !Array.isArray(contacts) ||
            !contacts.every(
              (contact: Record<string, unknown>) =>
                isDeepStrictEqual(Object.keys(contact).sort(), CONTACT_KEYS) &&
                Object.values(contact).every(isTextOrNull),
            )
          ) {
            problems.push('contacts');
          }
          const ownId =
            typeof row.id === 'string' && row.id.trim()
              ? row.id.trim()
              : typeof row.id === 'number' && Number.isSafeInteger(row.id)
                ? String(row.id)
                : derivedId(row);
          if (item.id !== ownId) problems.push('id');
          expect(problems).toEqual([]);
        });
      }),
      RUNS,
    );
  });

  it('gives the same id for the same payload, whatever the order of its keys', async () => {
    const withoutId = fc
      .dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1 })
      .filter((row) => !('id' in row));
    await fc.assert(
      fc.asyncProperty(withoutId, async (row) => {
        const [first] = (await deliver(row)) as { id: string }[];
        const [again] = (await deliver(JSON.parse(JSON.stringify(row)))) as { id: string }[];
        const [other] = (await deliver(reordered(row))) as { id: string }[];
        expect(first?.id).toMatch(/^evt_[0-9a-f]{24}$/);
        expect(again?.id).toBe(first?.id);
        expect(other?.id).toBe(first?.id);
      }),
      RUNS,
    );
  });
});

describe('readBaseUrl, for any string', () => {
  const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
  const values = fc.oneof(
    fc.string(),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc
      .tuple(
        fc.constantFrom('https://', 'http://', 'ftp://', 'HTTPS://', ' https://', ''),
        fc.oneof(fc.domain(), fc.constantFrom(...LOOPBACK)),
        fc.constantFrom('', ':8443', ':3000'),
        fc.constantFrom('', '/', '//', '/api', '/v2/', '?a=1', '#x'),
        fc.constantFrom('', ' ', '\n'),
      )
      .map((parts) => parts.join('')),
  );

  it.each(['BASE_URL', 'ALT_BASE_URL'] as const)(
    '%s gives an https or loopback address without a trailing slash, or a ConfigError naming it',
    (variable) => {
      fc.assert(
        fc.property(values, (value) => {
          let address;
          try {
            address = readBaseUrl(variable, { [variable]: value });
          } catch (error) {
            expect(error).toBeInstanceOf(ConfigError);
            // Named as given, but for any user name and password, which are masked.
            expect((error as Error).message).toContain(
              `The ${variable} setting "${withoutCredentials(value.trim())}"`,
            );
            return;
          }
          expect(address).not.toMatch(/\/$/);
          const url = new URL(address);
          expect(
            url.protocol === 'https:' ||
              (url.protocol === 'http:' && LOOPBACK.includes(url.hostname)),
          ).toBe(true);
          expect(url.username + url.password + url.search + url.hash).toBe('');
          expect(value).not.toMatch(/[?#]/);
        }),
        RUNS,
      );
    },
  );
});

describe('the error layer, for any key hidden anywhere in any error body', () => {
  // Keys as services issue them, with the characters JSON escapes among them.
  const keys = fc.string({
    unit: fc.constantFrom(...'abcXYZ0189._-+/="\\é'.split('')),
    minLength: 8,
    maxLength: 40,
  });
  const jsonWith = (key: string): fc.Arbitrary<string> =>
    fc
      .jsonValue()
      .chain((value) =>
        fc.constantFrom<unknown>(
          { status: false, error: `bad token ${key}` },
          { error: { message: `${key} expired` }, extra: value },
          { message: key, msg: value },
          { errors: [key, value] },
          { [key]: value },
        ),
      )
      .map((body) => JSON.stringify(body));
  const bodyWith = (key: string): fc.Arbitrary<string> =>
    fc.oneof(
      jsonWith(key),
      fc.tuple(fc.string(), fc.string()).map(([before, after]) => `${before}${key}${after}`),
      jsonWith(key).map((json) =>
        json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      ),
    );
  const statuses = fc.oneof(
    fc.integer({ min: 100, max: 599 }),
    fc.constantFrom(200, 401, 404, 429, 500),
  );

  it('never shows it in the message, in JSON.stringify(error) or in the stack', async () => {
    const cases = keys.chain((key) =>
      fc.record({
        key: fc.constant(key),
        status: statuses,
        content: bodyWith(key),
        contentType: fc.constantFrom('application/json', 'text/plain', 'text/html', ''),
      }),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ key, status, content, contentType }) => {
        const { z } = fakeZ({ status, content, headers: { 'content-type': contentType } });
        let error: unknown;
        try {
          await callApi(z, bundleOf({ authData: { api_key: key } }), ENDPOINTS.listTemplates);
        } catch (caught) {
          error = caught;
        }
        if (error === undefined) return;
        expect(error).toBeInstanceOf(Error);
        const { message, stack } = error as Error;
        expect(message).not.toContain(key);
        expect(JSON.stringify(error)).not.toContain(key);
        expect(stack ?? '').not.toContain(key);
      }),
      RUNS,
    );
  });
});

describe('the input checks, for any string in an email field', () => {
  const perform = (sendCreates.send_video.operation as { perform: Operation }).perform;
  const ID = '64b7f0c2a91e3d5f8c2b4a17';
  const space = fc.constantFrom('', ' ', '  ', '\n', '\t');
  const emails = fc.oneof(
    fc.string(),
    fc.emailAddress(),
    fc.tuple(space, fc.emailAddress(), space).map((parts) => parts.join('')),
    fc
      .tuple(fc.string({ unit: fc.constantFrom(...'Jane Doe,"@<>'.split('')) }), fc.emailAddress())
      .map(([name, address]) => `${name} <${address}>`),
    fc.array(fc.emailAddress(), { minLength: 2, maxLength: 3 }).map((list) => list.join(', ')),
  );

  it('gives a trimmed email address, or an error naming the field and no request', async () => {
    await fc.assert(
      fc.asyncProperty(emails, async (email) => {
        const { z, sent } = fakeZ({ status: 200, content: '{"status": true}' });
        const inputData = { email, video_id: ID, template_id: ID };
        let result: unknown;
        try {
          result = await perform(z, bundleOf({ inputData }));
        } catch (error) {
          expect(sent).toEqual([]);
          expect((error as Error).name).toBe('HaltedError');
          expect((error as Error).message).toContain('"Recipient Email"');
          return;
        }
        const address = (result as { email: string }).email;
        expect(address).toMatch(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/);
        expect(sent).toHaveLength(1);
        // The app serialises the body itself, so core never rewrites it; every request is raw.
        expect(sentSummary(sent[0])).toEqual({
          url: 'https://api.crmgrow.com/api/send-video',
          method: 'POST',
          headers: {
            'user-agent': 'Zapier',
            Authorization: 'test-key-1234567890',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ email: address, video_id: ID, template_id: ID }),
          raw: true,
        });
        expect(email).toContain(address);
      }),
      RUNS,
    );
  });

  it('takes every plain address, padded or named, as that address', async () => {
    const shapes = fc
      .tuple(fc.emailAddress(), space, fc.constantFrom('', 'Jane Doe ', '"Doe, Jane" '))
      .filter(([address]) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(address));
    await fc.assert(
      fc.asyncProperty(shapes, async ([address, pad, name]) => {
        const email = name ? `${pad}${name}<${address}>${pad}` : `${pad}${address}${pad}`;
        const { z, sent } = fakeZ({ status: 200, content: '{"status": true}' });
        const inputData = { email, video_id: ID, template_id: ID };
        await expect(perform(z, bundleOf({ inputData }))).resolves.toEqual({
          id: `${ID}:${address}`,
          status: true,
          email: address,
          video_id: ID,
          template_id: ID,
        });
        expect(sent).toHaveLength(1);
        expect(JSON.parse(String(sent[0]?.body))).toEqual({
          email: address,
          video_id: ID,
          template_id: ID,
        });
      }),
      RUNS,
    );
  });
});

describe('the search folds titles as the collator compares them', () => {
  const collator = titleCollator();
  // Letters with and without accents, in either case, and those the collator reads as two.
  const word = fc
    .array(fc.constantFrom(...'aAáÀäÅåeEéÉèoOóØøöœŒsSßẞuUüÜcCçÇnNñiIíİıdDđðlLłhHħ'), {
      minLength: 1,
      maxLength: 5,
    })
    .map((letters) => letters.join(''));

  it('gives two words the same folding exactly when the collator holds them equal', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect([a, b, foldTitle(a) === foldTitle(b)]).toEqual([a, b, collator.compare(a, b) === 0]);
      }),
      { ...RUNS, numRuns: RUNS.numRuns * 5 },
    );
  });
});

describe('the dropdowns compare titles as the collator does', () => {
  const collator = titleCollator();
  // Every ASCII character, accented letters, digits of another script and a combining mark.
  const title = fc
    .array(
      fc.oneof(
        fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)),
        fc.constantFrom(...'ÉéÀäæßøŁ٣\u0301'),
      ),
      { maxLength: 6 },
    )
    .map((chars) => chars.join(''));

  it('orders any two titles as the collator does', () => {
    const compare = titleComparer();
    fc.assert(
      fc.property(title, title, (a, b) => {
        expect([a, b, Math.sign(compare(a, b))]).toEqual([a, b, Math.sign(collator.compare(a, b))]);
      }),
      { ...RUNS, numRuns: RUNS.numRuns * 5 },
    );
  });
});

describe('the form of the service ids, for any text near it', () => {
  const { lowerCase: LOWER_CASE_FORM, anyCase: ANY_CASE_FORM } = OBJECT_ID_FORM;

  it('is what the anchored patterns say', () => {
    // Hex digits 22 to 26 long, in small letters or capitals, or with one character
    // changed to a capital, a neighbour in ASCII, white space or one that case folding
    // treats specially.
    const near = fc.constantFrom(...'ABCDEF/:@`gG \n\t\u00A0\u0130\u212A\uFF41');
    const digits = fc.array(fc.constantFrom(...'0123456789abcdef'), {
      minLength: 22,
      maxLength: 26,
    });
    const text = fc.oneof(
      digits.map((chars) => chars.join('')),
      digits.map((chars) => chars.join('').toUpperCase()),
      digits.chain((chars) =>
        fc
          .tuple(fc.nat(chars.length - 1), near)
          .map(([at, char]) => [...chars.slice(0, at), char, ...chars.slice(at + 1)].join('')),
      ),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(text, (id) => {
        expect([isLowerCaseObjectId(id), isObjectId(id)]).toEqual([
          LOWER_CASE_FORM.test(id),
          ANY_CASE_FORM.test(id),
        ]);
      }),
      { ...RUNS, numRuns: RUNS.numRuns * 10 },
    );
  });
});

describe('the list path, for any list the service sends', () => {
  const { operation } = listTriggers.video;
  const perform = ('perform' in operation ? operation.perform : undefined) as Operation;
  /** ObjectIds a second apart, some in capitals; ids that are not ObjectIds; numbers that are no id. */
  const objectIdOf = (n: number): string => (0x69a38180 + n).toString(16) + '0'.repeat(16);
  const ids = fc.oneof(
    { weight: 8, arbitrary: fc.nat(40).map(objectIdOf) },
    { weight: 1, arbitrary: fc.nat(40).map((n) => objectIdOf(n).toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(42, 'k-1', ' ', '', null, 1.5, 2 ** 53) },
  );
  const row = fc.record(
    {
      id: ids,
      _id: ids,
      title: fc.oneof(
        fc.constantFrom(
          '',
          ' Tour #2 ',
          'tour #10',
          'Tour #02',
          'Tour #2b',
          'Tour#2',
          'Éclair',
          'æther',
          'Zoë',
          '9 Elms',
          '0',
          '00',
        ),
        // Characters whose lower case or case folding meets ASCII, and what a pattern must escape.
        fc.constantFrom('İstanbul Tour', '\u212Aelvin', 'ſun (tour)', 'a.b*c', 'Tour\t\n #2'),
        fc.stringMatching(/^[A-Za-z0-9 #-]{0,6}$/),
        fc.string(),
      ),
    },
    { requiredKeys: [] },
  );
  /** Lists in the service's stored order, newest first, with repeats, or any order with any rows. */
  const lists = fc.oneof(
    fc
      .uniqueArray(fc.nat(40), { maxLength: 30 })
      .map((ns) =>
        [...ns].sort((a, b) => a - b).map((n) => ({ id: objectIdOf(n), title: `Item ${n}` })),
      ),
    fc
      .uniqueArray(fc.nat(40), { maxLength: 30 })
      .map((ns) =>
        [...ns].sort((a, b) => b - a).map((n) => ({ id: objectIdOf(n), title: `Item ${n}` })),
      ),
    // In order but for repeats: the first of each id is kept.
    fc
      .array(fc.nat(40), { maxLength: 30 })
      .map((ns) =>
        [...ns].sort((a, b) => a - b).map((n, i) => ({ id: objectIdOf(n), title: `Copy ${i}` })),
      ),
    // In order as strings, whatever the ids are: in capitals, not ObjectIds, blank, spaced.
    fc
      .tuple(
        fc.uniqueArray(
          fc.oneof(
            fc.nat(40).map(objectIdOf),
            fc.nat(40).map((n) => objectIdOf(n).toUpperCase()),
            fc.constantFrom('k-1', 'k-2', '', ' ', ' a', 'b ', '\u00a0c', '\tk-1'),
          ),
          { maxLength: 30 },
        ),
        fc.boolean(),
      )
      .map(([texts, falling]) => {
        const sorted = [...texts].sort();
        return (falling ? sorted.reverse() : sorted).map((id, i) => ({ id, title: `Item ${i}` }));
      }),
    fc.array(fc.oneof({ weight: 9, arbitrary: row }, { weight: 1, arbitrary: fc.jsonValue() }), {
      maxLength: 30,
    }),
  );

  /** The reference: every rule written plainly, with a full sort (test/support/lists.ts). */
  const expected = (list: unknown[], meta: Partial<Bundle['meta']>): unknown[] =>
    meta.isFillingDynamicDropdown
      ? dropdownPageOf(list, meta.page ?? 0)
      : newestOf(keptOf(list)).slice(0, meta.isLoadingSample ? 10 : 1_000);

  it.each([
    ['a poll', {}],
    ["the editor's samples", { isLoadingSample: true }],
    ['a dropdown page', { isFillingDynamicDropdown: true }],
  ] as const)('%s gives what a full sort of the deduplicated list gives', async (_name, meta) => {
    await fc.assert(
      fc.asyncProperty(lists, async (list) => {
        const { z } = fakeZ({
          status: 200,
          content: JSON.stringify(list),
          headers: { 'content-type': 'application/json' },
        });
        const result = await perform(z, bundleOf({ meta: meta as Bundle['meta'] }));
        expect(result).toEqual(expected(list, meta));
      }),
      { ...RUNS, numRuns: Math.ceil(RUNS.numRuns / 4) },
    );
  });

  it('a dropdown page of a long list is the page a full sort gives, whatever its titles start with', async () => {
    // Titles that share their first letters, numbered copies, accents, case and blanks.
    const title = fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .tuple(
            fc.constantFrom('a', 'B', 'c', 'C', 'd', 'e', 'É', '9', ' b', '#', ''),
            fc.stringMatching(/^[a-c0-9 #]{0,3}$/),
          )
          .map(([first, rest]) => first + rest),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom('a #', 'A #', 'b #0', ' a #', 'c', '', '7'), fc.nat(150))
          .map(([text, n]) => text + String(n)),
      },
      fc.constantFrom('', 'Éclair', 'ſun', '\u212Aelvin', 'İstanbul', null, 7),
    );
    const longLists = fc.array(fc.record({ id: fc.nat(400).map(objectIdOf), title }), {
      minLength: 90,
      maxLength: 320,
    });
    await fc.assert(
      fc.asyncProperty(longLists, fc.nat(3), async (list, page) => {
        const { z } = fakeZ({
          status: 200,
          content: JSON.stringify(list),
          headers: { 'content-type': 'application/json' },
        });
        const meta = { isFillingDynamicDropdown: true, page } as Bundle['meta'];
        const result = await perform(z, bundleOf({ meta }));
        expect(result).toEqual(expected(list, meta));
      }),
      { ...RUNS, numRuns: Math.ceil(RUNS.numRuns / 20) },
    );
  });

  it('a search gives the exact titles, then the others holding the text, each newest first', async () => {
    const { operation } = findSearches.find_video;
    const search = ('perform' in operation ? operation.perform : undefined) as Operation;
    const texts = fc.oneof(
      fc.constantFrom(
        'tour',
        'TOUR #2',
        ' tour  #2 ',
        'i',
        'k',
        's',
        'a.b',
        '(tour)',
        'é',
        'İ',
        '#1',
      ),
      fc.stringMatching(/^[A-Za-z0-9 #.()-]{1,4}$/),
      fc.string({ minLength: 1, maxLength: 3 }),
      // Every "Item n" of the lists in stored order: a group as long as the list.
      fc.constantFrom('item', 'Item 1'),
    );
    await fc.assert(
      fc.asyncProperty(
        lists,
        // A text with no letter, digit or symbol fails the step (searches.test.ts).
        texts.filter((t) => /[\p{L}\p{N}\p{Sm}\p{Sc}\p{So}]/u.test(foldTitle(t))),
        async (list, text) => {
          const { z } = fakeZ({
            status: 200,
            content: JSON.stringify(list),
            headers: { 'content-type': 'application/json' },
          });
          const result = await search(z, bundleOf({ inputData: { title: text } }));
          expect(result).toEqual(searchOf(list, text));
        },
      ),
      { ...RUNS, numRuns: Math.ceil(RUNS.numRuns / 4) },
    );
  });
});

describe('custom fields read from additional_field as JSON text', () => {
  const NOT_AN_OBJECT = '"additional_field" was not a JSON object: no custom fields were read.';
  /** The custom fields and notes of a contact whose additional_field is `value`. */
  const customOf = (value: unknown): { fields: unknown; notes: string[] } => {
    const notes: string[] = [];
    const { custom_fields: fields } = normalise({ additional_field: value }, (line) =>
      notes.push(line),
    );
    return { fields, notes };
  };

  it('are those of the parsed object, however the text is spaced and whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })),
        fc.constantFrom(undefined, 2, '\t', ' \r\n'),
        (object, space) => {
          const text = JSON.stringify(object, null, space);
          return isDeepStrictEqual(customOf(text), customOf(JSON.parse(text)));
        },
      ),
      RUNS,
    );
  });

  it('any other text gives none and says so, as JSON.parse would have it', () => {
    const texts = fc.oneof(
      fc.string(),
      fc.json(),
      // Cut short, or with a character more: one byte from valid JSON.
      fc.json().map((text) => text.slice(0, -1)),
      fc.tuple(fc.json(), fc.string({ maxLength: 1 })).map(([text, extra]) => `${text}${extra}`),
    );
    fc.assert(
      fc.property(texts, (text) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
        const expected = !text.trim()
          ? { fields: {}, notes: [] }
          : isObject
            ? customOf(parsed)
            : { fields: {}, notes: [NOT_AN_OBJECT] };
        return isDeepStrictEqual(customOf(text), expected);
      }),
      RUNS,
    );
  });
});

describe('bytesOf: the size of a value as JSON, counted without writing it', () => {
  // Any UTF-16 text, lone surrogates and control characters included.
  const text = fc.string({ unit: 'binary' });
  const leaf = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
  const value = fc.oneof(
    leaf,
    fc.array(leaf),
    fc.dictionary(text, fc.oneof(leaf, fc.constant(undefined), fc.dictionary(text, leaf))),
  );

  it('is the UTF-8 length of JSON.stringify, for texts, lists and objects', () => {
    fc.assert(
      fc.property(value, (v) => bytesOf(v) === Buffer.byteLength(JSON.stringify(v) ?? '')),
      RUNS,
    );
  });

  it('counts each escape as JSON writes it', () => {
    for (const v of [
      '"\\',
      '\b\t\n\f\r',
      '\u0000\u001f',
      '\ud83d\ude00',
      '\ud83d',
      '\ude00x',
      '\udfff',
      '\ude00\ude01',
      '\ud83dx',
      '\ud83d\ue000',
      {},
      { a: undefined },
    ])
      expect([v, bytesOf(v)]).toEqual([v, Buffer.byteLength(JSON.stringify(v))]);
  });
});
