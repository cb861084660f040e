// 8. Large deliveries: webhook bodies of 10 MB, the most Zapier hands a hook's perform, in the
// shapes that cost the app the most: bulk deletes of one item per contact (with and without ids
// and names), a material string of millions of tiny groups, custom fields by the hundred
// thousand, as text or already parsed, and one of 7 MiB. Each runs in fresh processes through
// build.zip's handler, after a warm-up on a small delivery of the same action.
import type { Bundle } from 'zapier-platform-core';
import { runChild, succeeded } from './child';
import { executeEvent, startLists } from './lists';
import {
  count,
  fixed,
  mark,
  MB,
  MiB,
  printTable,
  RUNS,
  spread,
  summarise,
  type Outcome,
  type Summary,
} from './report';

const BODY_BYTES = 10_000_000;
/** Every run: core kills a warm container past 450 MB, and a step has 30 s in all. */
const TARGET = { peakMB: 400, ms: 10_000 };

const FIRST = ['Jane', 'Omar', 'Ana', 'Mateo', 'Priya', 'Grace', 'Kwame', 'Li'];
const LAST = ['Cooper', 'Haddad', 'Silva', 'Rossi', 'Nair', 'Okafor', 'Chen', 'Novak'];
const JANE = '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123]';
const CONTACT = {
  id: '6512e4c1a9b3f2001e7d4a10',
  first_name: 'Jane',
  last_name: 'Cooper',
  email: 'jane.cooper@example.com',
  cell_phone: '+14155550123',
  tags: ['buyer'],
  created_at: '2026-03-14T15:09:26.535Z',
};

const idOf = (i: number): string => `6512e4c1a9b3f200${i.toString(16).padStart(8, '0')}`;
const firstOf = (i: number): string => FIRST[i % FIRST.length] ?? 'Jane';

/** Contact `i` as the service writes it in a bulk delete: `[id,first,last,email,phone]`. */
function contact(i: number): string {
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Cooper';
  const email = `${firstOf(i).toLowerCase()}${i}@x.com`;
  return `[${idOf(i)},${firstOf(i)},${last},${email},+1555${String(i).padStart(7, '0')}]`;
}

const bulkDelete = (groups: readonly string[]) => ({
  num: groups.length,
  contacts: groups.join(','),
  removed_date: '2026-03-19T09:02:44.873Z',
});

const bodyBytes = (payload: object): number => Buffer.byteLength(JSON.stringify(payload));

/**
 * As many parts as fit a 10 MB body: `make(parts)` is the payload, and each part adds its
 * `size` in the body and a comma; 6 bytes are left for a count of up to 7 digits.
 */
function filled(
  part: (i: number) => string,
  make: (parts: readonly string[]) => Record<string, unknown>,
  size: (part: string) => number = (text) => text.length,
): { payload: Record<string, unknown>; parts: number } {
  const parts: string[] = [];
  let used = bodyBytes(make([])) + 6;
  for (let i = 0; ; i++) {
    const next = part(i);
    const added = size(next) + (i === 0 ? 0 : 1);
    if (used + added > BODY_BYTES) break;
    parts.push(next);
    used += added;
  }
  return { payload: make(parts), parts: parts.length };
}

interface Shape {
  readonly name: string;
  readonly action: string;
  readonly payload: Record<string, unknown>;
  /** What it lists, in words: "147,876 contacts". */
  readonly lists: string;
  /** The warm-up's payload, of the same action. */
  readonly small: Record<string, unknown>;
}

function shapes(): Shape[] {
  const bulk = (name: string, part: (i: number) => string): Shape => {
    const { payload, parts } = filled(part, bulkDelete);
    const small = bulkDelete([0, 1].map(contact));
    return { name, action: 'delete_contact', payload, lists: `${count(parts)} contacts`, small };
  };
  // `"f1a":0` inside a JSON string: its two quotes are escaped, two bytes more.
  const fields = filled(
    (i) => `"${i.toString(36)}":0`,
    (parts) => ({ ...CONTACT, additional_field: `{${parts.join(',')}}` }),
    (text) => text.length + 2,
  );
  const fieldCount = `${count(fields.parts)} fields`;
  const groups = filled(
    () => '[a]',
    (parts) => ({ subject: 'Tour', contact: JANE, video: parts.join(','), pdf: '', image: '' }),
  );
  const oneField = JSON.stringify({ notes: 'n'.repeat(7 * MiB) });
  return [
    bulk('largest bulk delete', contact),
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
      lists: fieldCount,
      small: { ...CONTACT, additional_field: '{"a":0}' },
    },
    {
      // Zapier may hand a body's JSON text inside it already parsed.
      name: 'New Contact, tiny custom fields already parsed',
      action: 'add_contact',
      payload: {
        ...CONTACT,
        additional_field: JSON.parse(fields.payload.additional_field as string),
      },
      lists: fieldCount,
      small: { ...CONTACT, additional_field: { a: 0 } },
    },
    {
      name: 'New Contact, one 7 MiB custom field',
      action: 'add_contact',
      payload: { ...CONTACT, additional_field: oneField },
      lists: '1 field',
      small: { ...CONTACT, additional_field: '{"notes":"n"}' },
    },
  ];
}

/** A delivery as Zapier hands it to a hook's perform: parsed, and as the text it came as. */
const hookBundle = (payload: Record<string, unknown>): Partial<Bundle> => ({
  targetUrl: 'https://hooks.zapier.com/hooks/standard/0/bench',
  subscribeData: { id: 'bench' },
  cleanedRequest: payload as Bundle['cleanedRequest'],
  rawRequest: {
    method: 'POST',
    querystring: '',
    headers: { 'Content-Type': 'application/json' },
    content: JSON.stringify(payload),
  },
});

interface Delivery {
  readonly shape: string;
  readonly action: string;
  readonly bodyBytes: number;
  readonly lists: string;
  readonly items: number;
  readonly resultBytes: number;
  readonly ms: Summary;
  readonly peakMB: Summary;
  readonly met: boolean;
}

export async function deliveries(dir: string): Promise<Outcome> {
  // A hook's perform makes no request: one would reach this stand-in, be refused and fail.
  const service = await startLists();
  const rows: Delivery[] = [];
  try {
    for (const shape of shapes()) {
      const perform = `triggers.${shape.action}.operation.perform`;
      const job = {
        kind: 'app',
        dir,
        warmUp: executeEvent(service, perform, hookBundle(shape.small)),
        event: executeEvent(service, perform, hookBundle(shape.payload)),
        warmCalls: 0,
      } as const;
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(succeeded(await runChild(job)));
      const ms = summarise(runs.map((f) => f.ms));
      const peakMB = summarise(runs.map((f) => f.peakBytes / MB));
      rows.push({
        shape: shape.name,
        action: shape.action,
        bodyBytes: bodyBytes(shape.payload),
        lists: shape.lists,
        items: runs[0]?.items ?? 0,
        resultBytes: runs[0]?.bytes ?? 0,
        ms,
        peakMB,
        met: peakMB.max <= TARGET.peakMB && ms.max <= TARGET.ms,
      });
    }
  } finally {
    await service.close();
  }
  printTable(
    ['shape', 'body MB', 'lists', 'items', 'result MiB', 'time ms', 'peak MB', 'target'],
    rows.map((r) => [
      r.shape,
      fixed(r.bodyBytes / MB),
      r.lists,
      count(r.items),
      fixed(r.resultBytes / MiB),
      spread(r.ms),
      spread(r.peakMB),
      mark(r.met),
    ]),
  );
  const highest = Math.max(...rows.map((r) => r.peakMB.max));
  const slowest = Math.max(...rows.map((r) => r.ms.max));
  const missed = rows.filter((r) => !r.met).map((r) => r.shape);
  const targets = [
    {
      met: missed.length === 0,
      text:
        `every delivery within ${TARGET.peakMB} MB and ${TARGET.ms / 1000} s in every run: the ` +
        `highest ${fixed(highest)} MB, the slowest ${fixed(slowest)} ms` +
        (missed.length > 0 ? `; missed: ${missed.join(', ')}` : ''),
    },
  ];
  return { rows, targets };
}
