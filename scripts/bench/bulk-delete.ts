// 8. Bulk delete: the largest delete_contact webhook the service can send (a
// body of about 10 MB, Zapier's limit for a webhook), which perform fans out into
// one item per contact and cuts to a result under 6 MiB, and a smaller one that
// fits whole; each run in a fresh process through build.zip's handler.
import type { Sandbox } from '../../sandbox/server';
import { executeEvent, hookBundle, numberIn, runHandler } from './child';
import { findings, indent, judgeHandler, mark, RUNS } from './report';
import { count, fixed, mib, percent, spread, table, type Summary } from './stats';

/** Zapier accepts webhook bodies up to 10 MB: the largest bulk delete it hands the app. */
export const LARGEST_BODY_BYTES = 10_000_000;
/** A bulk delete small enough for all its contacts to fit in the result. */
const SMALLER_CONTACTS = 10_000;

const FIRST = ['Jane', 'Omar', 'Ana', 'Mateo', 'Priya', 'Grace', 'Kwame', 'Li'];
const LAST = ['Cooper', 'Haddad', 'Silva', 'Rossi', 'Nair', 'Okafor', 'Chen', 'Novak'];
const REMOVED_DATE = '2026-03-19T09:02:44.873Z';

/** Contact `i` as the service writes it: `[id,first,last,email,phone]`, a 24-hex id each. */
function contactGroup(i: number): string {
  const first = FIRST[i % FIRST.length] ?? 'Jane';
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Cooper';
  const id = `6512e4c1a9b3f200${i.toString(16).padStart(8, '0')}`;
  const email = `${first.toLowerCase()}${i}@x.com`;
  return `[${id},${first},${last},${email},+1555${String(i).padStart(7, '0')}]`;
}

const bulkDelete = (groups: readonly string[]): Record<string, unknown> => ({
  num: groups.length,
  contacts: groups.join(','),
  removed_date: REMOVED_DATE,
});

const bodyBytes = (payload: object): number => Buffer.byteLength(JSON.stringify(payload));

/** The bulk delete with as many contacts as fit in a body of `bytes`. */
function largestBulkDelete(bytes: number): Record<string, unknown> {
  const groups: string[] = [];
  // The body less the contacts, with room for `num` of up to 7 digits.
  let size = bodyBytes(bulkDelete([])) + 6;
  for (let i = 0; ; i++) {
    const group = contactGroup(i);
    // ASCII, nothing JSON escapes: a group adds its length and a comma.
    const added = group.length + (i === 0 ? 0 : 1);
    if (size + added > bytes) break;
    groups.push(group);
    size += added;
  }
  return bulkDelete(groups);
}

interface BulkDeleteResult {
  readonly measure: string;
  readonly bodyBytes: number;
  /** Contacts the webhook listed. */
  readonly contacts: number;
  /** Items perform returned: one per contact, as many as fit under 5 MiB. */
  readonly items: number;
  readonly leftOut: number;
  readonly resultBytes: number;
  readonly ofLimit: number;
  readonly ms: Summary;
  readonly peakRssMiB: Summary;
  readonly requestsPerRun: number;
  readonly verdict: string;
}

export async function bulkDeletes(unpacked: string, sandbox: Sandbox): Promise<BulkDeleteResult[]> {
  const perform = 'triggers.delete_contact.operation.perform';
  const smaller = bulkDelete(Array.from({ length: SMALLER_CONTACTS }, (_, i) => contactGroup(i)));
  const measures = [
    { name: 'smaller bulk delete', payload: smaller },
    { name: 'largest bulk delete', payload: largestBulkDelete(LARGEST_BODY_BYTES) },
  ];
  // The warm-up runs the same code on a bulk delete of two contacts.
  const warmUp = executeEvent(sandbox, perform, hookBundle(bulkDelete([0, 1].map(contactGroup))));
  const rows: BulkDeleteResult[] = [];
  for (const m of measures) {
    const contacts = Number(m.payload.num);
    const job = {
      dir: unpacked,
      warmUp,
      event: executeEvent(sandbox, perform, hookBundle(m.payload)),
    };
    const { runs, requestsPerRun } = await runHandler(job, RUNS, sandbox);
    const itemCounts = runs.map((r) => numberIn(r.figures, 'items'));
    const [items = 0] = itemCounts;
    if (itemCounts.some((n) => n !== items) || items > contacts) {
      throw new Error(`${m.name}: ${itemCounts.join(', ')} items`);
    }
    const { figures, verdict } = judgeHandler(runs, requestsPerRun, 0);
    const leftOut = contacts - items;
    rows.push({
      measure: m.name,
      bodyBytes: bodyBytes(m.payload),
      contacts,
      items,
      leftOut,
      ...figures,
      verdict: `${mark[verdict.level]} ${verdict.text}`,
    });
    findings.push({
      level: verdict.level,
      text: `${m.name}, ${count(contacts)} contacts: ${verdict.text}`,
    });
    if (leftOut > 0) {
      findings.push({
        level: 'watch',
        text:
          `${m.name}: ${count(items)} of ${count(contacts)} contacts start the Zap ` +
          `(${mib(figures.resultBytes)} MiB); the other ${count(leftOut)} are left out, ` +
          'with a log line',
      });
    }
  }

  indent(
    table(
      [
        'measure',
        'body MB',
        'contacts',
        'items',
        'left out',
        'result MiB',
        'of 6 MiB',
        'time ms',
        'peak RSS MiB',
        'requests',
        'verdict',
      ],
      rows.map((r) => [
        r.measure,
        (r.bodyBytes / 1e6).toFixed(2),
        count(r.contacts),
        count(r.items),
        count(r.leftOut),
        mib(r.resultBytes),
        percent(r.ofLimit),
        spread(r.ms),
        fixed(r.peakRssMiB.median),
        String(r.requestsPerRun),
        r.verdict,
      ]),
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
    ),
  );
  indent([
    `triggers.delete_contact.operation.perform on a bulk delete { num, contacts, removed_date }, ` +
      'its contacts',
    "given as bundle.cleanedRequest (and rawRequest.content), in a fresh Node process calling build.zip's",
    'handler after a warm-up on a bulk delete of 2 contacts. Items: one per contact, at most ' +
      '5 MiB of them;',
    `the rest left out, with a log line. Medians (min–max) of ${RUNS} processes. Time: the ` +
      'measured call.',
    "Peak RSS: the process's maxRSS, reading the event (the body twice) and the warm-up included.",
  ]);
  return rows;
}
