// 8. Large deliveries: webhook bodies of 10 MB, the most Zapier hands a hook's perform, in the
// shapes that cost the app the most: bulk deletes of one item per contact (with and without ids
// and names), a material string of millions of tiny groups, and custom fields by the hundred
// thousand, as text or already parsed, and one of 7 MiB, which the first item must truncate to
// fit. Each runs in fresh processes through core's handler,
// after a warm-up on a delivery of one item of the same shape.
import { repeat } from './child';
import { executeEvent, startLists } from './lists';
import { count, fixed, mark, MB, MiB, printTable, spread, summarise } from './report';

const BODY_BYTES = 10_000_000;
// Core stops a warm container past 450 MB (memory-checker.js); a hook has 30 s (operating constraints).
const TARGET = { peakMB: 400, ms: 10_000 };

const JANE = '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123]';
/** Each action's payload of many parts, and what its parts are. */
const MAKE = {
  delete_contact: (parts: string[]) => ({ num: parts.length, contacts: parts.join(',') }),
  send_material: (parts: string[]) => ({ contact: JANE, video: parts.join(','), pdf: '' }),
  add_contact: (parts: string[]) => ({ id: 'c1', additional_field: `{${parts.join(',')}}` }),
};
const NOUN = { delete_contact: 'contacts', send_material: 'groups', add_contact: 'fields' };
const id = (i: number): string => `6512e4c1a9b3f200${i.toString(16).padStart(8, '0')}`;
const field = (i: number): string => `"${i.toString(36)}":0`;

/** Name, action, part `i`, and whether the custom fields come already parsed, as Zapier may. */
const SHAPES: [string, keyof typeof MAKE, (i: number) => string, boolean?][] = [
  ['largest bulk delete', 'delete_contact', (i) => `[${id(i)},Jane,Cooper${i},j${i}@x.com,+1${i}]`],
  ['bulk delete, ids only', 'delete_contact', (i) => `[${id(i)}]`],
  ['bulk delete, no last name or phone', 'delete_contact', (i) => `[${id(i)},Jane,,j${i}@x.co,]`],
  ['bulk delete, no ids', 'delete_contact', (i) => `[,${i.toString(36)}]`],
  ['Material Sent, bare [a] groups', 'send_material', () => '[a]'],
  ['New Contact, tiny custom fields', 'add_contact', field],
  ['New Contact, tiny custom fields already parsed', 'add_contact', field, true],
  ['New Contact, one 7 MiB custom field', 'add_contact', () => `"notes":"${'n'.repeat(7 * MiB)}"`],
];

/** A delivery as Zapier hands it to a hook's perform: parsed, and as the text it came as. */
function hookBundle(payload: Record<string, unknown>, parsed = false) {
  const fields = payload.additional_field;
  const cleanedRequest = parsed
    ? { ...payload, additional_field: JSON.parse(`${fields}`) }
    : payload;
  const rawRequest = { method: 'POST', content: JSON.stringify(cleanedRequest) };
  return { targetUrl: 'https://hooks.zapier.com/hooks/standard/0/b', cleanedRequest, rawRequest };
}

export async function deliveries(root: string) {
  // A hook's perform makes no request: one would reach this stand-in, be refused and fail.
  const service = await startLists();
  const rows = [];
  try {
    for (const [shape, action, part, parsed] of SHAPES) {
      const [make, parts]: [(parts: string[]) => Record<string, unknown>, string[]] = [
        MAKE[action],
        [],
      ];
      // Each part takes its JSON, less its quotes, and a comma; 6 bytes are left for a count.
      let used = Buffer.byteLength(JSON.stringify(make([]))) + 6;
      for (let i = 0; (used += JSON.stringify(part(i)).length - 1) <= BODY_BYTES; i++)
        parts.push(part(i));
      const bundle = hookBundle(make(parts), parsed);
      const perform = `triggers.${action}.operation.perform`;
      const warmUp = executeEvent(service, perform, hookBundle(make([part(0)]), parsed));
      const event = executeEvent(service, perform, bundle);
      const figures = await repeat({ kind: 'app', root, warmUp, event, warmCalls: 0 });
      const peakMB = summarise(figures.map((f) => f.peakBytes / MB));
      const ms = summarise(figures.map((f) => f.ms));
      rows.push({
        shape,
        bodyBytes: Buffer.byteLength(JSON.stringify(bundle.cleanedRequest)),
        lists: `${count(parts.length)} ${NOUN[action]}`,
        items: figures[0]?.items ?? 0,
        resultBytes: figures[0]?.bytes ?? 0,
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
      ...[r.shape, fixed(r.bodyBytes / MB), r.lists, count(r.items), fixed(r.resultBytes / MiB)],
      ...[spread(r.ms), spread(r.peakMB), mark(r.met)],
    ]),
  );
  const highest = fixed(Math.max(...rows.map((r) => r.peakMB.max)));
  const missed = rows.filter((r) => !r.met).map((r) => `; missed: ${r.shape}`);
  const slowest = fixed(Math.max(...rows.map((r) => r.ms.max)) / 1000);
  const text =
    `every delivery within ${TARGET.peakMB} MB and ${TARGET.ms / 1000} s in every run: the ` +
    `highest ${highest} MB, the slowest ${slowest} s`;
  return { rows, targets: [{ met: missed.length === 0, text: text + missed.join('') }] };
}
