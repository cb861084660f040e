// 8. Large deliveries: webhook bodies up to 10 MB (Zapier's limit for a
// webhook), each given to perform in a fresh process through build.zip's
// handler. The bulk deletes perform fans out into one item per contact, and
// the shapes built to cost the most: contacts without names or ids, a material
// string of millions of tiny groups, custom fields by the hundred thousand or
// one of 7 MiB, and those fields already parsed into an object. Each is judged against the target: at most 350 MiB and 10 s.
import type { Sandbox } from '../../sandbox/server';
import { executeEvent, hookBundle, numberIn, runHandler } from './child';
import { findings, indent, judgeHandler, mark, RUNS } from './report';
import { count, MiB, mib, percent, spread, table, type Summary } from './stats';

/** Zapier accepts webhook bodies up to 10 MB: the largest delivery it hands the app. */
export const LARGEST_BODY_BYTES = 10_000_000;
/** A bulk delete small enough for all its contacts to fit in the result. */
const SMALLER_CONTACTS = 10_000;
/** The target for any delivery up to 10 MB: peak RSS and time of the measured call. */
export const DELIVERY_TARGET = { rssMiB: 350, ms: 10_000 } as const;

const FIRST = ['Jane', 'Omar', 'Ana', 'Mateo', 'Priya', 'Grace', 'Kwame', 'Li'];
const LAST = ['Cooper', 'Haddad', 'Silva', 'Rossi', 'Nair', 'Okafor', 'Chen', 'Novak'];
const REMOVED_DATE = '2026-03-19T09:02:44.873Z';
const JANE = '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123]';

const idOf = (i: number): string => `6512e4c1a9b3f200${i.toString(16).padStart(8, '0')}`;
const firstOf = (i: number): string => FIRST[i % FIRST.length] ?? 'Jane';

/** Contact `i` as the service writes it: `[id,first,last,email,phone]`, a 24-hex id each. */
function contactGroup(i: number): string {
  const first = firstOf(i);
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Cooper';
  const email = `${first.toLowerCase()}${i}@x.com`;
  return `[${idOf(i)},${first},${last},${email},+1555${String(i).padStart(7, '0')}]`;
}

const bulkDelete = (groups: readonly string[]): Record<string, unknown> => ({
  num: groups.length,
  contacts: groups.join(','),
  removed_date: REMOVED_DATE,
});

const bodyBytes = (payload: object): number => Buffer.byteLength(JSON.stringify(payload));

/**
 * As many parts as fit a body of `bytes`: `make(parts)` is the payload, and
 * each part adds its length and a separator (ASCII that JSON escapes as
 * `escaped` says). The body less the parts leaves room for a count of 7 digits.
 */
function filled(
  bytes: number,
  part: (i: number) => string,
  make: (parts: readonly string[]) => Record<string, unknown>,
  escapedBytes: (text: string) => number = (text) => text.length,
): { payload: Record<string, unknown>; parts: number } {
  const parts: string[] = [];
  let size = bodyBytes(make([])) + 6;
  for (let i = 0; ; i++) {
    const next = part(i);
    const added = escapedBytes(next) + (i === 0 ? 0 : 1);
    if (size + added > bytes) break;
    parts.push(next);
    size += added;
  }
  return { payload: make(parts), parts: parts.length };
}

interface Shape {
  readonly name: string;
  readonly action: string;
  readonly payload: Record<string, unknown>;
  /** What the delivery lists: contacts, groups, fields. */
  readonly lists: string;
  /** The warm-up: the same action on a small payload. */
  readonly small: Record<string, unknown>;
}

const CONTACT = {
  id: '6512e4c1a9b3f2001e7d4a10',
  first_name: 'Jane',
  last_name: 'Cooper',
  email: 'jane.cooper@example.com',
  cell_phone: '+14155550123',
  tags: ['buyer'],
  created_at: '2026-03-14T15:09:26.535Z',
};

/** The deliveries measured, each up to LARGEST_BODY_BYTES. */
function shapes(): Shape[] {
  const smallBulk = bulkDelete([0, 1].map(contactGroup));
  const bulk = (name: string, part: (i: number) => string): Shape => {
    const { payload, parts } = filled(LARGEST_BODY_BYTES, part, bulkDelete);
    return {
      name,
      action: 'delete_contact',
      payload,
      lists: `${count(parts)} contacts`,
      small: smallBulk,
    };
  };
  // `"f1a":0` inside a JSON string: each quote is escaped, one byte more.
  const fields = filled(
    LARGEST_BODY_BYTES,
    (i) => `"${i.toString(36)}":0`,
    (parts) => ({ ...CONTACT, additional_field: `{${parts.join(',')}}` }),
    (text) => text.length + 2,
  );
  // The same fields already parsed: an object of about 775,000 tiny fields, as Zapier may hand it.
  const parsedFields = {
    ...CONTACT,
    additional_field: JSON.parse(fields.payload.additional_field as string) as object,
  };
  const groups = filled(
    LARGEST_BODY_BYTES,
    () => '[a]',
    (parts) => ({ subject: 'Tour', contact: JANE, video: parts.join(','), pdf: '', image: '' }),
  );
  const oneField = { ...CONTACT, additional_field: JSON.stringify({ notes: 'n'.repeat(7 * MiB) }) };
  return [
    {
      name: 'smaller bulk delete',
      action: 'delete_contact',
      payload: bulkDelete(Array.from({ length: SMALLER_CONTACTS }, (_, i) => contactGroup(i))),
      lists: `${count(SMALLER_CONTACTS)} contacts`,
      small: smallBulk,
    },
    bulk('largest bulk delete', contactGroup),
    bulk('bulk delete, ids only', (i) => `[${idOf(i)}]`),
    bulk('bulk delete, no last name or phone', (i) => `[${idOf(i)},${firstOf(i)},,j${i}@x.co,]`),
    bulk('bulk delete, no ids', (i) => `[,${i.toString(36)}]`),
    {
      name: 'Material Sent, bare [a] groups',
      action: 'send_material',
      payload: groups.payload,
      lists: `${count(groups.parts)} groups`,
      small: { subject: 'Tour', contact: JANE, video: '[a],[a]', pdf: '', image: '' },
    },
    {
      name: 'New Contact, tiny custom fields',
      action: 'add_contact',
      payload: fields.payload,
      lists: `${count(fields.parts)} fields`,
      small: { ...CONTACT, additional_field: '{"a":0}' },
    },
    {
      name: 'New Contact, tiny custom fields already parsed',
      action: 'add_contact',
      payload: parsedFields,
      lists: `${count(fields.parts)} fields`,
      small: { ...CONTACT, additional_field: { a: 0 } },
    },
    {
      name: 'New Contact, one 7 MiB custom field',
      action: 'add_contact',
      payload: oneField,
      lists: '1 field',
      small: { ...CONTACT, additional_field: '{"notes":"n"}' },
    },
  ];
}

interface DeliveryResult {
  readonly measure: string;
  readonly action: string;
  readonly lists: string;
  readonly bodyBytes: number;
  readonly items: number;
  readonly resultBytes: number;
  readonly ofLimit: number;
  readonly ms: Summary;
  readonly peakRssMiB: Summary;
  readonly requestsPerRun: number;
  readonly targetMet: boolean;
  readonly verdict: string;
}

export async function bulkDeletes(unpacked: string, sandbox: Sandbox): Promise<DeliveryResult[]> {
  const rows: DeliveryResult[] = [];
  for (const shape of shapes()) {
    process.stderr.write(`  … ${shape.name}\n`);
    const perform = `triggers.${shape.action}.operation.perform`;
    const job = {
      dir: unpacked,
      warmUp: executeEvent(sandbox, perform, hookBundle(shape.small)),
      event: executeEvent(sandbox, perform, hookBundle(shape.payload)),
    };
    const { runs, requestsPerRun } = await runHandler(job, RUNS, sandbox);
    const itemCounts = runs.map((r) => numberIn(r.figures, 'items'));
    const [items = 0] = itemCounts;
    if (itemCounts.some((n) => n !== items) || items === 0) {
      throw new Error(`${shape.name}: ${itemCounts.join(', ')} items`);
    }
    const { figures, verdict } = judgeHandler(runs, requestsPerRun, 0);
    // Every run, not the median: a delivery is handled in one process.
    const targetMet =
      figures.peakRssMiB.max <= DELIVERY_TARGET.rssMiB && figures.ms.max <= DELIVERY_TARGET.ms;
    rows.push({
      measure: shape.name,
      action: shape.action,
      lists: shape.lists,
      bodyBytes: bodyBytes(shape.payload),
      items,
      ...figures,
      targetMet,
      verdict: `${mark[verdict.level]} ${verdict.text}`,
    });
    findings.push({
      level: targetMet ? verdict.level : 'problem',
      text:
        `${shape.name} (${(bodyBytes(shape.payload) / 1e6).toFixed(2)} MB, ${shape.lists}): ` +
        (targetMet
          ? verdict.text
          : `past the target of ${DELIVERY_TARGET.rssMiB} MiB and ${DELIVERY_TARGET.ms / 1000} s`),
    });
  }

  indent(
    table(
      [
        'shape',
        'action',
        'body MB',
        'lists',
        'items',
        'result MiB',
        'of 6 MiB',
        'time ms',
        'peak RSS MiB',
        'target met',
        'verdict',
      ],
      rows.map((r) => [
        r.measure,
        r.action,
        (r.bodyBytes / 1e6).toFixed(2),
        r.lists,
        count(r.items),
        mib(r.resultBytes),
        percent(r.ofLimit),
        spread(r.ms),
        spread(r.peakRssMiB),
        r.targetMet ? '✓ yes' : '✗ no',
        r.verdict,
      ]),
      [2, 4, 5, 6, 7, 8],
    ),
  );
  indent([
    'triggers.<action>.operation.perform on each delivery, given as bundle.cleanedRequest (and ' +
      'rawRequest.content),',
    "in a fresh Node process calling build.zip's handler after a warm-up on a small delivery " +
      'of the same action.',
    'Items: one per contact for a bulk delete, at most 5 MiB of them; a single item too large ' +
      'is cut to fit.',
    `Medians (min–max) of ${RUNS} processes. Time: the measured call. Peak RSS: the process's ` +
      'maxRSS, reading the event',
    `(the body twice) and the warm-up included. Target met: every run within ` +
      `${DELIVERY_TARGET.rssMiB} MiB and ${DELIVERY_TARGET.ms / 1000} s.`,
  ]);
  return rows;
}
