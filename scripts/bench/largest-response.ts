// 9. The largest response: the video poll given a list of exactly DEFAULT_MAX_RESPONSE_BYTES
// (after decompression) in the shapes that cost the most memory to read, and one byte more,
// which the app must refuse before its memory grows. What costs memory is the number of items
// and their characters, not the bytes alone: hence short items, wide characters, many keys.
import { objectId } from '../../sandbox/seed';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/config';
import { runChild } from './child';
import { executeEvent, startLists } from './lists';
import {
  count,
  fixed,
  MB,
  MiB,
  printTable,
  RUNS,
  spread,
  summarise,
  type Outcome,
  type Summary,
  type Target,
} from './report';

const TARGET_MB = 300;
const CAP = DEFAULT_MAX_RESPONSE_BYTES;

/** Item `i` as JSON, its title ending in `pad` (ASCII: one byte a character). */
type Item = (i: number, pad: string) => string;

/** ObjectIds, rising as the service stores them unless `scrambled`. */
const idOf = (i: number, scrambled = false): string =>
  // An odd multiplier is a bijection on 32 bits: unique ids in no order.
  objectId('video', scrambled ? Math.imul(i + 1, 0x9e3779b1) >>> 0 : i + 1);

const titled =
  (title: (i: number) => string, scrambled = false): Item =>
  (i, pad) =>
    JSON.stringify({ id: idOf(i, scrambled), title: `${title(i)}${pad}` });

const LONG = 'Open House Walkthrough of the Renovated Victorian on Market Street, ';
const LONG_WIDE = 'Visite guidée de la maison rénovée – 日本語の物件紹介ビデオ、';
const short = titled((i) => `Video ${i}`);

const SHAPES: readonly { readonly name: string; readonly item: Item }[] = [
  { name: 'ASCII short titles', item: short },
  { name: 'ASCII short titles, ids in no order', item: titled((i) => `Video ${i}`, true) },
  { name: 'non-ASCII titles', item: titled((i) => `日本語のビデオ ${i} – été`) },
  {
    name: 'long titles (900 characters)',
    item: titled((i) => `${LONG.repeat(14).slice(0, 890)} ${i}`),
  },
  {
    name: 'long non-ASCII titles (900 characters)',
    item: titled((i) => `${LONG_WIDE.repeat(20).slice(0, 890)} ${i}`),
  },
  {
    name: 'many keys per item (14)',
    item: (i, pad) =>
      `{"id":"${idOf(i)}","title":"V${i}${pad}","type":"video","duration":${60 + (i % 600)},` +
      `"views":${i % 97},"size":${1_000_000 + i},"active":true,"tags":[],"meta":{},` +
      `"thumbnail":null,"created_at":"2026-03-01T00:00:00.000Z","user":"${idOf(0)}",` +
      `"shared":false,"order":${i}}`,
  },
];

/** A JSON list of exactly `bytes` bytes: as many items as fit, the last title padded. */
function listOfBytes(item: Item, bytes: number): { body: Buffer; items: number } {
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; ; i++) {
    const added = Buffer.byteLength(item(i, '')) + (i === 0 ? 0 : 1);
    if (size + added > bytes) break;
    parts.push(item(i, ''));
    size += added;
  }
  const last = parts.length - 1;
  parts[last] = item(last, 'x'.repeat(bytes - size));
  return { body: Buffer.from(`[${parts.join(',')}]`), items: parts.length };
}

interface Case {
  readonly response: string;
  readonly item: Item;
  readonly bytes: number;
  readonly gzip: boolean;
}

interface Row {
  readonly response: string;
  /** The list's bytes after decompression, and on the wire. */
  readonly bytes: number;
  readonly sentBytes: number;
  readonly items: number;
  /** The items the poll returned, or the error's code. */
  readonly outcome: string;
  readonly ms: Summary;
  readonly peakMB: Summary;
}

const REFUSED = 'response_too_large';

export async function largestResponse(dir: string): Promise<Outcome> {
  const cases: Case[] = [
    { response: 'a list of 2 videos (for reference)', item: short, bytes: 0, gzip: false },
    ...SHAPES.map(({ name, item }) => ({ response: name, item, bytes: CAP, gzip: false })),
    { response: 'ASCII short titles, gzip', item: short, bytes: CAP, gzip: true },
    { response: 'cap + 1 byte, with Content-Length', item: short, bytes: CAP + 1, gzip: false },
    { response: 'cap + 1 byte, gzip', item: short, bytes: CAP + 1, gzip: true },
  ];
  const lists = await startLists();
  const job = {
    kind: 'app',
    dir,
    warmUp: executeEvent(lists, 'triggers.pdf.operation.perform'),
    event: executeEvent(lists, 'triggers.video.operation.perform'),
    warmCalls: 0,
  } as const;
  const rows: Row[] = [];
  try {
    for (const c of cases) {
      const list =
        c.bytes === 0
          ? { body: Buffer.from(`[${short(0, '')},${short(1, '')}]`), items: 2 }
          : listOfBytes(c.item, c.bytes);
      const sentBytes = lists.serve(list.body, c.gzip);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runChild(job));
      const outcomes = new Set(
        runs.map((f) =>
          f.error === undefined
            ? `${count(f.items)} returned`
            : `refused: ${/"code":"([a-z_]+)"/.exec(f.error)?.[1] ?? f.error.slice(0, 80)}`,
        ),
      );
      rows.push({
        response: c.response,
        bytes: list.body.length,
        sentBytes,
        items: list.items,
        outcome: [...outcomes].join(' / '),
        ms: summarise(runs.map((f) => f.ms)),
        peakMB: summarise(runs.map((f) => f.peakBytes / MB)),
      });
    }
  } finally {
    await lists.close();
  }
  printTable(
    ['response', 'bytes read', 'MiB sent', 'items', 'outcome', 'time ms', 'peak MB'],
    rows.map((r) => [
      r.response,
      count(r.bytes),
      fixed(r.sentBytes / MiB),
      count(r.items),
      r.outcome,
      spread(r.ms),
      spread(r.peakMB),
    ]),
  );
  const accepted = rows.filter((r) => r.bytes === CAP);
  const worst = accepted.reduce((w, r) => (r.peakMB.max > w.peakMB.max ? r : w));
  const targets: Target[] = [
    {
      met: accepted.every((r) => r.outcome.endsWith(' returned') && r.peakMB.max <= TARGET_MB),
      text:
        `every response of ${count(CAP)} bytes read within ${TARGET_MB} MB: the worst ` +
        `${fixed(worst.peakMB.max)} MB (${worst.response})`,
    },
    ...rows
      .filter((r) => r.bytes > CAP)
      .map((r) => ({
        met: r.outcome === `refused: ${REFUSED}`,
        text: `${r.response}: ${r.outcome} in ${fixed(r.ms.median)} ms, peak ${fixed(r.peakMB.max)} MB`,
      })),
  ];
  return { rows, targets };
}
