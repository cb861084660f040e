// 9. The answer cap: the video poll given the largest list answer the app
// accepts (exactly DEFAULT_MAX_RESPONSE_BYTES, after decompression) in each
// shape that costs the most memory to read, and one byte more, which must fail
// with the "larger than" message before memory grows. Each run is a fresh
// process through build.zip's handler, against a loopback server in this
// process that sends the prepared body as it is (the sandbox would build its
// lists itself, and sends no gzip).
import { Buffer } from 'node:buffer';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_API_KEY } from '../../sandbox/auth';
import { objectId } from '../../sandbox/seed';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/config';
import {
  executeEvent,
  numberIn,
  peakRssOf,
  pollMethod,
  runHandler,
  summaryOf,
  type HandlerJob,
} from './child';
import { findings, indent, out } from './report';
import { count, fixed, MiB, spread, table, type Summary } from './stats';

/** Fresh processes per answer: peak RSS barely moves between runs; time does. */
export const ANSWER_CAP_RUNS = 3;
/** The target of issue 24: peak RSS at most 300 MB (10^6 bytes) for the worst accepted answer. */
const ANSWER_CAP_TARGET_MB = 300;
const TARGET_MIB = (ANSWER_CAP_TARGET_MB * 1e6) / MiB;

/** The cap as the app's errors write it (src/http/errors.ts): "20 MiB". */
const capText = (bytes: number): string =>
  bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${count(bytes)} bytes`;

interface Shape {
  readonly name: string;
  /** Item `i` as JSON, its title followed by `pad` (ASCII, unescaped: one byte a character). */
  readonly item: (i: number, pad: string) => string;
}

/** Ids as the service's: ObjectIds, ascending (stored order) unless `scrambled`. */
const idOf = (i: number, scrambled = false): string =>
  // An odd multiplier is a bijection on 32 bits: unique ids in no order.
  objectId('video', scrambled ? Math.imul(i + 1, 0x9e3779b1) >>> 0 : i + 1);

const titled =
  (title: (i: number) => string, scrambled = false) =>
  (i: number, pad: string) =>
    JSON.stringify({ id: idOf(i, scrambled), title: `${title(i)}${pad}` });

const LONG = 'Open House Walkthrough of the Renovated Victorian on Market Street, ';
const LONG_NON_ASCII = 'Visite guidée de la maison rénovée – 日本語の物件紹介ビデオ、';

/** The shapes that cost the most to read, per byte: many small items, wide characters, many keys. */
const SHAPES: readonly Shape[] = [
  { name: 'ASCII short titles', item: titled((i) => `Video ${i}`) },
  { name: 'ASCII short titles, ids in no order', item: titled((i) => `Video ${i}`, true) },
  { name: 'non-ASCII titles', item: titled((i) => `日本語のビデオ ${i} – été`) },
  {
    name: 'long titles (900 characters)',
    item: titled((i) => `${LONG.repeat(14).slice(0, 890)} ${i}`),
  },
  {
    name: 'long non-ASCII titles (900 characters)',
    item: titled((i) => `${LONG_NON_ASCII.repeat(20).slice(0, 890)} ${i}`),
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
function listOfBytes(shape: Shape, bytes: number): { body: Buffer; items: number } {
  const parts: string[] = [];
  let size = 2; // [ and ]
  for (let i = 0; ; i++) {
    const added = Buffer.byteLength(shape.item(i, '')) + (i === 0 ? 0 : 1);
    if (size + added > bytes) break;
    parts.push(shape.item(i, ''));
    size += added;
  }
  const last = parts.length - 1;
  parts[last] = shape.item(last, 'x'.repeat(bytes - size));
  const body = Buffer.from(`[${parts.join(',')}]`);
  if (body.length !== bytes) throw new Error(`${shape.name}: ${body.length} bytes, not ${bytes}`);
  return { body, items: parts.length };
}

interface Answer {
  readonly body: Buffer;
  readonly gzip: boolean;
}

/** A loopback stand-in of the service: /api/video answers `current`, /api/pdf a short list. */
async function answerServer(): Promise<{
  server: Server;
  baseUrl: string;
  serve: (answer: Answer) => void;
}> {
  const pdfs = Buffer.from(
    JSON.stringify([0, 1].map((i) => ({ id: objectId('pdf', i + 1), title: `Guide ${i}` }))),
  );
  let current: Answer = { body: pdfs, gzip: false };
  const server = createServer((req, res) => {
    // The app hangs up on an answer it will not read: nothing to report.
    res.on('error', () => undefined);
    const answer = req.url?.startsWith('/api/video')
      ? current
      : req.url?.startsWith('/api/pdf')
        ? { body: pdfs, gzip: false }
        : undefined;
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': answer.body.length,
      ...(answer.gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(answer.body);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    serve: (answer) => (current = answer),
  };
}

interface AnswerCapResult {
  readonly answer: string;
  /** Bytes of the list after decompression, and on the wire. */
  readonly bytes: number;
  readonly wireBytes: number;
  readonly gzip: boolean;
  readonly listItems: number;
  /** Accepted: the items the poll returned; refused: the message. */
  readonly accepted: boolean;
  readonly returned?: number;
  readonly error?: string;
  readonly ms: Summary;
  readonly peakRssMiB: Summary;
  /** Within the target (accepted) or refused with the "larger than" message (past the cap). */
  readonly asExpected: boolean;
}

interface Case {
  readonly answer: string;
  readonly shape: Shape;
  readonly bytes: number;
  readonly gzip: boolean;
  /** Past the cap: must be refused. */
  readonly past: boolean;
}

export async function answerCap(unpacked: string): Promise<AnswerCapResult[]> {
  const cap = DEFAULT_MAX_RESPONSE_BYTES;
  // The zip under test must hold the same cap as the compiled source this reads.
  const configPath = join(unpacked, 'dist', 'config.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zipped = (require(configPath) as { DEFAULT_MAX_RESPONSE_BYTES: number })
    .DEFAULT_MAX_RESPONSE_BYTES;
  if (zipped !== cap) {
    throw new Error(`build.zip's cap is ${zipped} bytes, src/config.ts's ${cap}: rebuild the zip`);
  }
  const [ascii] = SHAPES;
  if (!ascii) throw new Error('no shapes');
  const tiny = { name: 'a list of 2 videos (for reference)', item: ascii.item };
  const cases: Case[] = [
    {
      answer: tiny.name,
      shape: tiny,
      bytes: Buffer.byteLength(`[${[0, 1].map((i) => ascii.item(i, '')).join(',')}]`),
      gzip: false,
      past: false,
    },
    ...SHAPES.map((shape) => ({ answer: shape.name, shape, bytes: cap, gzip: false, past: false })),
    { answer: `${ascii.name}, gzip`, shape: ascii, bytes: cap, gzip: true, past: false },
    {
      answer: `${ascii.name}, cap + 1 byte, with Content-Length`,
      shape: ascii,
      bytes: cap + 1,
      gzip: false,
      past: true,
    },
    {
      answer: `${ascii.name}, cap + 1 byte, gzip`,
      shape: ascii,
      bytes: cap + 1,
      gzip: true,
      past: true,
    },
  ];
  const tooLarge = `larger than ${capText(cap)}`;
  const { server, baseUrl, serve } = await answerServer();
  const service = { apiKey: DEFAULT_API_KEY, baseUrl, altBaseUrl: baseUrl };
  const job: HandlerJob = {
    dir: unpacked,
    warmUp: executeEvent(service, pollMethod('pdf')),
    event: executeEvent(service, pollMethod('video')),
    reportError: true,
  };
  const rows: AnswerCapResult[] = [];
  try {
    for (const c of cases) {
      const list = listOfBytes(c.shape, c.bytes);
      const body = c.gzip ? gzipSync(list.body) : list.body;
      serve({ body, gzip: c.gzip });
      const { runs } = await runHandler(job, ANSWER_CAP_RUNS);
      const errors = runs.map(({ figures }) =>
        typeof figures.error === 'string' ? figures.error : undefined,
      );
      const error = errors.find((e) => e !== undefined);
      const accepted = errors.every((e) => e === undefined);
      if (!accepted && errors.some((e) => e === undefined)) {
        throw new Error(`${c.answer}: accepted in some runs and refused in others`);
      }
      const peakRssMiB = peakRssOf(runs);
      rows.push({
        answer: c.answer,
        bytes: c.bytes,
        wireBytes: body.length,
        gzip: c.gzip,
        listItems: list.items,
        accepted,
        ...(accepted ? { returned: numberIn(runs[0]?.figures ?? {}, 'items') } : { error }),
        ms: summaryOf(runs, 'ms'),
        peakRssMiB,
        asExpected: c.past
          ? !accepted && (error ?? '').includes(tooLarge)
          : accepted && peakRssMiB.max <= TARGET_MIB,
      });
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
  }

  indent(
    table(
      ['answer', 'bytes read', 'MiB sent', 'items', 'outcome', 'time ms', 'peak RSS MiB', 'max MB'],
      rows.map((r) => [
        r.answer,
        count(r.bytes),
        (r.wireBytes / MiB).toFixed(2),
        count(r.listItems),
        r.accepted
          ? `${count(r.returned ?? 0)} returned`
          : `refused: ${(r.error ?? '').includes(tooLarge) ? tooLarge : (r.error ?? '').slice(0, 60)}`,
        spread(r.ms),
        spread(r.peakRssMiB),
        fixed((r.peakRssMiB.max * MiB) / 1e6),
      ]),
      [1, 2, 3, 5, 6, 7],
    ),
  );
  indent([
    `The video poll, in a fresh Node process calling build.zip's handler after a warm-up poll of 2 PDFs; the answer`,
    `served as prepared from this process over loopback. The cap: ${count(cap)} bytes (${capText(cap)}, DEFAULT_MAX_RESPONSE_BYTES),`,
    'read: the list after decompression, exactly the cap or one byte more (the last title padded). ' +
      `Medians (min–max) of ${ANSWER_CAP_RUNS}`,
    "processes; time: the measured call; peak RSS: the process's maxRSS, warm-up included; max MB: " +
      'the largest run, in 10^6 bytes.',
  ]);

  out('  Targets');
  const acceptedRows = rows.filter((r) => r.bytes === cap);
  const worst = acceptedRows.reduce<AnswerCapResult | undefined>(
    (w, r) => (w === undefined || r.peakRssMiB.max > w.peakRssMiB.max ? r : w),
    undefined,
  );
  if (worst) {
    const met = acceptedRows.every((r) => r.asExpected);
    const text =
      `answer cap: peak RSS at most ${ANSWER_CAP_TARGET_MB} MB for the worst accepted answer ` +
      `(${capText(cap)}): ${fixed((worst.peakRssMiB.max * MiB) / 1e6)} MB ` +
      `(${fixed(worst.peakRssMiB.max)} MiB), ${worst.answer}` +
      (worst.accepted ? '' : ', which was refused');
    out(`  ${met ? '✓' : '✗'} ${text}`);
    findings.push({ level: met ? 'ok' : 'problem', text });
  }
  for (const r of rows.filter((row) => row.bytes > cap)) {
    const outcome = r.asExpected
      ? `refused with "${tooLarge}"`
      : r.accepted
        ? `accepted (${count(r.returned ?? 0)} items), not refused`
        : `refused with another message: ${r.error ?? ''}`;
    const text =
      `answer cap: ${r.answer}: ${outcome}, in ${fixed(r.ms.median)} ms, ` +
      `peak RSS ${fixed(r.peakRssMiB.median)} MiB`;
    out(`  ${r.asExpected ? '✓' : '✗'} ${text}`);
    findings.push({ level: r.asExpected ? 'ok' : 'problem', text });
  }
  return rows;
}
