// A loopback stand-in of the service's lists for sections 6, 7 and 9: GET /api/video answers a
// prepared body as it is (gzip too), GET /api/pdf a short list for the warm-ups. Each body is
// made once, so serving it costs the app's process nothing. Also the lists' varied titles and
// the handler events that point the app at the stand-in.
import { gzipSync } from 'node:zlib';
import http from 'node:http';
import type { Bundle } from 'zapier-platform-core';
import { closeServer, listenOnLoopback } from '../../sandbox/http';

export interface Video {
  readonly id: string;
  readonly title: string;
}

export interface Lists {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly pdfs: readonly Video[];
  /** From now on GET /api/video answers `body`, gzipped if asked; gives the bytes sent. */
  serve(body: Buffer, gzip?: boolean): number;
  close(): Promise<void>;
}

// Titles like a real library's: accents, case, numbers, words in any order, which the search's
// folding and the dropdown's collator pay for.
const KINDS = (
  'Virtual Tour|Open House|Meet Your Agent|How Escrow Works|Neighborhood Spotlight|' +
  'First-Time Buyer Q&A|Market Update|Résumé of the Week|Café Talk|Just Listed|Just Sold|' +
  'Home Staging Tips|Mortgage Basics|Drone Footage|Client Testimonial|Façade Makeover|' +
  'Inspection Checklist|Pricing Strategy|Moving Day|Luxury Living'
).split('|');
const PLACES = (
  'Market Street|Mission Bay|Noe Valley|Hayes Valley|Pacific Heights|Crème Brûlée Lane|' +
  'Élan Avenue|Sunset District|Russian Hill|Marina|Dogpatch|SoMa|Bernal Heights|Glen Park|' +
  'Presidio|Nob Hill|Potrero Hill|Outer Richmond|Twin Peaks|Cole Valley'
).split('|');
const SHAPES = [
  (kind: string, place: string, n: number) => `${kind} - ${n} ${place}`,
  (kind: string, place: string) => `${kind}: ${place}`,
  (kind: string, place: string) => `${place} ${kind.toLowerCase()}`,
  (kind: string, _place: string, n: number) => `${kind.toUpperCase()} #${n}`,
  (kind: string, place: string, n: number) => `${kind} (${place}, ${2000 + (n % 27)})`,
];

/** A repeatable sequence of numbers in [0, 1), so every run measures the same lists. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** `count` videos in the service's stored order: ObjectIds, a few seconds apart, rising. */
export function videosOf(count: number, seed = 7): Video[] {
  const random = randomFrom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const start = Math.floor(Date.UTC(2024, 0, 1) / 1000);
  return Array.from({ length: count }, (_, i) => ({
    id:
      (start + i * 7).toString(16).padStart(8, '0') +
      (i * 2_654_435_761).toString(16).padStart(16, '0').slice(-16),
    title: pick(SHAPES)(pick(KINDS), pick(PLACES), 1 + Math.floor(random() * 9_999)),
  }));
}

/** The same items in a repeatable shuffled order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = randomFrom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export async function startLists(): Promise<Lists> {
  const apiKey = 'bench-key';
  const pdfs = videosOf(20, 11);
  const pdfBody = Buffer.from(JSON.stringify(pdfs));
  let video: { body: Buffer; gzip: boolean } = { body: Buffer.from('[]'), gzip: false };
  const server = http.createServer((req, res) => {
    // The app hangs up on a response it will not read (section 9): nothing to report.
    res.on('error', () => undefined);
    const answer =
      req.url === '/api/video'
        ? video
        : req.url === '/api/pdf'
          ? { body: pdfBody, gzip: false }
          : 0;
    if (!answer || req.headers.authorization !== apiKey) {
      res.writeHead(answer ? 401 : 404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': answer.body.length,
      ...(answer.gzip && { 'Content-Encoding': 'gzip' }),
    });
    res.end(answer.body);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  const baseUrl = await listenOnLoopback(server);
  return {
    baseUrl,
    apiKey,
    pdfs,
    serve: (body, gzip = false) => {
      video = { body: gzip ? gzipSync(body) : body, gzip };
      return video.body.length;
    },
    close: () => closeServer(server),
  };
}

/** Page 0 of a dropdown. */
export const DROPDOWN_PAGE_0: Partial<Bundle> = {
  meta: { isFillingDynamicDropdown: true, page: 0 } as Bundle['meta'],
};

/** An `execute` event for build.zip's handler, its settings pointing at `lists`. */
export const executeEvent = (
  lists: Pick<Lists, 'baseUrl' | 'apiKey'>,
  method: string,
  bundle: Partial<Bundle> = {},
): object => ({
  command: 'execute',
  method,
  bundle: { authData: { api_key: lists.apiKey }, ...bundle },
  // Zapier hands the `zapier-platform env:set` values to the app this way.
  environment: { BASE_URL: lists.baseUrl, ALT_BASE_URL: lists.baseUrl },
});
