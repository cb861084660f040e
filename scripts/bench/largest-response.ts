// 9. The largest response: the video poll given a list of exactly DEFAULT_MAX_RESPONSE_BYTES
// (decompressed) of the most items (short titles) or the widest characters, which cost memory
// most, and one byte more, which the app must refuse before its memory grows.
import { objectId } from '../../sandbox/seed';
import { DEFAULT_MAX_RESPONSE_BYTES as CAP } from '../../src/config';
import { repeat } from './child';
import { executeEvent, startLists } from './lists';
import { count, fixed, MB, MiB, printTable, spread, summarise } from './report';

const TARGET_MB = 300;
const ascii = (i: number) => `Video ${i}`;
const wide = (i: number) => `日本語のビデオ ${i} – été`;

/** A JSON list of exactly `bytes` bytes: as many items as fit, the last title padded. */
function listOfBytes(title: (i: number) => string, bytes: number) {
  const item = (i: number, pad = '') =>
    JSON.stringify({ id: objectId('video', i + 1), title: title(i) + pad });
  const parts: string[] = [];
  let size = 1; // the brackets, less the first item's comma
  while (size + Buffer.byteLength(item(parts.length)) + 1 <= bytes) {
    size += Buffer.byteLength(item(parts.length)) + 1;
    parts.push(item(parts.length));
  }
  parts[parts.length - 1] = item(parts.length - 1, 'x'.repeat(bytes - size));
  return { body: Buffer.from(`[${parts.join(',')}]`), items: parts.length };
}

export async function largestResponse(root: string) {
  const cases = [
    { response: 'ASCII short titles', title: ascii, bytes: CAP, gzip: false },
    { response: 'non-ASCII titles', title: wide, bytes: CAP, gzip: false },
    { response: 'ASCII short titles, gzip', title: ascii, bytes: CAP, gzip: true },
    { response: 'cap + 1 byte, with Content-Length', title: ascii, bytes: CAP + 1, gzip: false },
    { response: 'cap + 1 byte, gzip', title: ascii, bytes: CAP + 1, gzip: true },
  ];
  const lists = await startLists();
  const warmUp = executeEvent(lists, 'triggers.pdf.operation.perform');
  const event = executeEvent(lists, 'triggers.video.operation.perform');
  const rows = [];
  try {
    for (const { response, title, bytes, gzip } of cases) {
      const { body, items } = listOfBytes(title, bytes);
      const sentBytes = lists.serve(body, gzip);
      const figures = await repeat({ kind: 'app', root, warmUp, event, warmCalls: 0 }, true);
      const outcomes = figures.map((f) =>
        f.error === undefined
          ? `${count(f.items)} returned`
          : `refused: ${/"code":"([a-z_]+)"/.exec(f.error)?.[1] ?? f.error.slice(0, 80)}`,
      );
      const outcome = [...new Set(outcomes)].join(' / ');
      const ms = summarise(figures.map((f) => f.ms));
      const peakMB = summarise(figures.map((f) => f.peakBytes / MB));
      rows.push({ response, bytes: body.length, sentBytes, items, outcome, ms, peakMB });
    }
  } finally {
    await lists.close();
  }
  printTable(
    ['response', 'bytes read', 'MiB sent', 'items', 'outcome', 'time ms', 'peak MB'],
    rows.map((r) => [
      ...[r.response, count(r.bytes), fixed(r.sentBytes / MiB), count(r.items), r.outcome],
      ...[spread(r.ms), spread(r.peakMB)],
    ]),
  );
  const accepted = rows.filter((r) => r.bytes === CAP);
  const worst = accepted.reduce((w, r) => (r.peakMB.max > w.peakMB.max ? r : w));
  const targets = [
    {
      met: accepted.every((r) => r.outcome.endsWith(' returned') && r.peakMB.max <= TARGET_MB),
      text: `every response of ${count(CAP)} bytes read within ${TARGET_MB} MB: the worst ${fixed(worst.peakMB.max)} MB (${worst.response})`,
    },
    ...rows
      .filter((r) => r.bytes > CAP)
      .map((r) => ({
        met: r.outcome === 'refused: response_too_large',
        text: `${r.response}: ${r.outcome} in ${fixed(r.ms.median)} ms, peak ${fixed(r.peakMB.max)} MB`,
      })),
  ];
  return { rows, targets };
}
