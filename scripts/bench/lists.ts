// A loopback stand-in of the service's lists: GET /api/video answers a body made beforehand (so
// serving it costs the measured process nothing), gzipped if asked; GET /api/pdf a short list
// for the warm-ups. Also the lists themselves, and the handler events that point the app at it.
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { closeServer, listenOnLoopback } from '../../sandbox/http';

type Service = Record<'baseUrl' | 'apiKey', string>;

// Titles like a real library's, which the search's folding and the dropdown's collator pay for:
// accents, any case, numbers, words in any order.
const WORDS = ['Virtual Tour', 'open house', 'RÉSUMÉ', 'Café Talk', 'Façade', 'Élan Avenue', 'Q&A'];
/** A repeatable scramble of `i` (an odd multiplier is a bijection on 32 bits). */
const hash = (i: number): number => Math.imul(i + 1, 0x9e3779b1) >>> 0;
const word = (n: number): string => WORDS[n % WORDS.length] ?? '';

/** `count` videos in the service's stored order (ObjectIds rising), or shuffled (by id's tail). */
export function videosOf(count: number, shuffled = false): { id: string; title: string }[] {
  const start = Math.floor(Date.UTC(2024, 0, 1) / 1000);
  const videos = Array.from({ length: count }, (_, i) => ({
    id: (start + i * 7).toString(16) + hash(i).toString(16).padStart(16, '0'),
    title: `${word(hash(i) >>> 7)} ${hash(i) % 9_999} ${word(hash(i) >>> 17)}`,
  }));
  return shuffled ? videos.sort((a, b) => (a.id.slice(8) < b.id.slice(8) ? -1 : 1)) : videos;
}

export async function startLists() {
  const apiKey = 'bench-key';
  const pdfs = videosOf(20);
  const pdf = { body: Buffer.from(JSON.stringify(pdfs)), gzip: false };
  let video: { body: Buffer; gzip: boolean } = { body: Buffer.from('[]'), gzip: false };
  const server = http.createServer((req, res) => {
    res.on('error', () => undefined); // the app hangs up on a response it refuses (section 9)
    const answer = req.url === '/api/video' ? video : req.url === '/api/pdf' ? pdf : undefined;
    if (!answer || req.headers.authorization !== apiKey) return void res.writeHead(404).end();
    const type = { 'Content-Type': 'application/json', 'Content-Length': answer.body.length };
    res
      .writeHead(200, answer.gzip ? { ...type, 'Content-Encoding': 'gzip' } : type)
      .end(answer.body);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  const baseUrl = await listenOnLoopback(server);
  return {
    baseUrl,
    apiKey,
    pdfs,
    /** From now on GET /api/video answers `body`, gzipped if asked; gives the bytes sent. */
    serve: (body: Buffer, gzip = false) =>
      (video = { body: gzip ? gzipSync(body) : body, gzip }).body.length,
    close: () => closeServer(server),
  };
}

export const DROPDOWN_PAGE_0 = { meta: { isFillingDynamicDropdown: true, page: 0 } };

/** An `execute` event for core's handler, its settings pointing at the stand-in. */
export const executeEvent = (lists: Service, method: string, bundle: object = {}) => ({
  command: 'execute',
  method,
  bundle: { authData: { api_key: lists.apiKey }, ...bundle },
  // Zapier hands the `zapier-platform env:set` values to the app this way.
  environment: { BASE_URL: lists.baseUrl, ALT_BASE_URL: lists.baseUrl },
});
