// build/build.zip, as `npm run build:zip` makes it with the build `npm run push` uploads, run as
// Zapier runs it: unpacked, its
// zapierwrapper.js handler called in one fresh Node process. What it holds, that it answers
// against the sandbox, and the bounds of what it returns for deliveries and inputs built to be
// too large or too slow.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLES } from '../../src/triggers/samples';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { objectId } from '../../sandbox/seed';
import {
  failureOf,
  invoke,
  notForProduction,
  unpackZip,
  ZIP_ROOT,
  type Outcome,
} from '../support/lambda';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..');
const MiB = 1024 * 1024;
const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
/** What every item of a contact keeps whole, however large the rest. */
const identity = ({ id, email, first_name, last_name }: Record<string, unknown>) => ({
  id,
  email,
  first_name,
  last_name,
});

/** The i-th of many contacts deleted at once, as its contact string. */
const contactId = (i: number): string => `6512e4c1a9b3f200${i.toString(16).padStart(8, '0')}`;
const BULK = 100_000;
const bulk = Array.from(
  { length: BULK },
  (_, i) => `[${contactId(i)},First${i},Last${i},c${i}@example.com,+1415555${i}]`,
).join(',');
/** Hundreds of thousands of custom fields of a few bytes each. */
const tinyFields = `{${Array.from({ length: 200_000 }, (_, i) => `"custom_${String(i).padStart(6, '0')}":0`).join(',')}}`;
const largeField = JSON.stringify({ notes: 'n'.repeat(7 * MiB), score: 7 });
const spaces = ' '.repeat(200_000);
/** Inputs built to make a pattern backtrack: 200 KB each. */
const BACKTRACKING_EMAILS = [
  `a${spaces}b@example.com`,
  `Jane${spaces}<`,
  `"${spaces}`,
  `a@${'.a'.repeat(100_000)}`,
  `Jane${spaces}<jane@example.com`,
];

let sandbox: Sandbox;
/** The files of build.zip. */
let files: string[] = [];
/** The compiled files of dist/, and those the zip holds in another version. */
let compiled: string[] = [];
let stale: string[] = [];
let outcomes: Record<string, Outcome | undefined> = {};

beforeAll(async () => {
  sandbox = await startSandbox();
  const event = (method: string, bundle: object) => ({
    command: 'execute',
    method,
    bundle: { authData: { api_key: sandbox.apiKey }, inputData: {}, ...bundle },
    // Zapier hands the values of `zapier-platform env:set` over this way.
    environment: { BASE_URL: sandbox.baseUrl, ALT_BASE_URL: sandbox.altBaseUrl },
  });
  const deliver = (action: string, body: object) =>
    event(`triggers.${action}.operation.perform`, { cleanedRequest: body });
  const contact = SAMPLES.newContact;
  const sendVideo = (email: string) =>
    event('creates.send_video.operation.perform', {
      inputData: { email, video_id: objectId('video', 1), template_id: objectId('template', 1) },
    });
  const events: Record<string, object> = {
    poll: event('triggers.video.operation.perform', {}),
    send_pdf: event('creates.send_pdf.operation.perform', {
      inputData: {
        email: 'new.lead@example.com',
        pdf_id: objectId('pdf', 1),
        template_id: objectId('template', 1),
      },
    }),
    sample: event('triggers.add_contact.operation.performList', {}),
    bulk: deliver('delete_contact', { num: BULK, contacts: bulk, removed_date: '2026-03-19' }),
    largeField: deliver('add_contact', {
      ...contact,
      additional_field: largeField,
    }),
    tinyFields: deliver('add_contact', { ...contact, additional_field: tinyFields }),
    ...Object.fromEntries(BACKTRACKING_EMAILS.map((email, i) => [`email ${i}`, sendVideo(email)])),
    contactSpaces: deliver('delete_contact', {
      num: 2,
      contacts: `[a,b,c,d@x.com,1]${spaces}x`,
      removed_date: '2026-01-01',
    }),
    materialSpaces: deliver('send_material', {
      ...SAMPLES.sentMaterial,
      video: `[${objectId('video', 1)},VIDEO,t]${spaces}[`,
      pdf: `[${spaces},${spaces}`,
    }),
  };
  const zip = unpackZip();
  files = zip.files;
  try {
    const results = await invoke(zip.dir, Object.values(events));
    outcomes = Object.fromEntries(Object.keys(events).map((name, i) => [name, results[i]]));
    // Every file of dist/ as the zip holds it, read before the folder goes.
    const dist = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' });
    compiled = dist.filter((name) => name.endsWith('.js'));
    stale = compiled.filter(
      (name) =>
        readFileSync(join(zip.dir, 'dist', name), 'utf8') !==
        readFileSync(join(root, 'dist', name), 'utf8'),
    );
  } finally {
    zip.remove();
  }
});

afterAll(() => sandbox.close());

/** The items of an outcome that went well. */
const itemsOf = (name: string): Record<string, unknown>[] => {
  expect(outcomes[name]).toMatchObject({ ok: true });
  return outcomes[name]?.results as Record<string, unknown>[];
};

describe('what build.zip holds', () => {
  it('the entry points and every compiled file, as built from the current dist/', () => {
    expect(files).toEqual(expect.arrayContaining(ZIP_ROOT));
    expect(compiled.length).toBeGreaterThan(10);
    expect(stale).toEqual([]);
  });

  it('beside the app, only production packages: of any other, its package.json alone', () => {
    expect(notForProduction(files)).toEqual([]);
    expect(files).toContain('node_modules/zapier-platform-core/src/create-app.js');
  });
});

describe('build.zip answers through its handler', () => {
  it('a poll, an action and a hook sample, each request with the key', () => {
    const videos = [...sandbox.data.video].sort((a, b) => b.id.localeCompare(a.id));
    expect(outcomes.poll?.results).toEqual(videos);
    expect(outcomes.send_pdf?.results).toMatchObject({
      status: true,
      email: 'new.lead@example.com',
    });
    expect(itemsOf('sample')).toEqual([
      expect.objectContaining({ id: sandbox.data.contacts[0]?.id }),
    ]);
    expect(sandbox.requests.map(({ base, path }) => `${base} ${path}`)).toEqual([
      'BASE_URL /api/video',
      'ALT_BASE_URL /api/send-pdf',
      'BASE_URL /api/outbound/perform',
    ]);
    expect(sandbox.requests.every((r) => r.headers.authorization === sandbox.apiKey)).toBe(true);
  });
});

describe('bounds, in a fresh process', () => {
  it('a bulk delete of 100,000 contacts: the first that fit, in order, and the log counts the rest', () => {
    const items = itemsOf('bulk');
    expect(bytes(bulk)).toBeGreaterThan(6 * MiB);
    expect(bytes(items)).toBeLessThanOrEqual(5 * MiB);
    expect(items.map(({ id }) => id)).toEqual(items.map((_, i) => contactId(i)));
    expect(items.at(-1)).toMatchObject({ email: `c${items.length - 1}@example.com` });
    expect(outcomes.bulk?.logs.join('\n')).toContain(`${BULK - items.length} of ${BULK}`);
  });

  it.each([
    ['a 7 MiB custom field', 'largeField', largeField],
    ['200,000 tiny custom fields', 'tinyFields', tinyFields],
  ])(
    '%s: the contact is kept, its id, email and names whole, within the limit',
    (_what, name, text) => {
      // The item holds the text and the fields read from it: past 6 MiB, unless cut.
      expect(2 * text.length).toBeGreaterThan(6 * MiB);
      const [item, ...more] = itemsOf(name);
      expect(more).toEqual([]);
      expect(identity(item ?? {})).toEqual(identity(SAMPLES.newContact));
      expect(bytes(item)).toBeLessThanOrEqual(5 * MiB);
    },
  );

  it('inputs built to make a pattern backtrack are handled well within a second', () => {
    for (const [i] of BACKTRACKING_EMAILS.entries()) {
      expect(failureOf(outcomes[`email ${i}`])).toEqual({ type: 'HaltedError' });
    }
    for (const name of ['contactSpaces', 'materialSpaces']) expect(itemsOf(name).length).toBe(1);
    const slow = Object.entries(outcomes).filter(
      ([name, outcome]) =>
        /^(email|contactSpaces|materialSpaces)/.test(name) && !(outcome && outcome.ms < 1_000),
    );
    expect(slow).toEqual([]);
  });
});
