// The lists section 7 (core-floor.ts) measures on: a loopback stand-in that
// answers GET /api/video and GET /api/pdf with varied titles (accents, case,
// numbers, words in any order), in the order the service stores them (ids
// rising, oldest first) or shuffled. Each answer is one JSON text, made once.
import http from 'node:http';
import { closeServer, listenOnLoopback } from '../../sandbox/http';
import type { Material as ListItem } from '../../sandbox/seed';

export type ListOrder = 'stored' | 'shuffled';
export const LIST_ORDERS: readonly ListOrder[] = ['stored', 'shuffled'];

export interface ListServer {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly videos: readonly ListItem[];
  readonly pdfs: readonly ListItem[];
  close(): Promise<void>;
}

export type StartListServer = (videos: number, order: ListOrder) => Promise<ListServer>;

const KINDS = [
  'Virtual Tour',
  'Open House',
  'Meet Your Agent',
  'How Escrow Works',
  'Neighborhood Spotlight',
  'First-Time Buyer Q&A',
  'Market Update',
  'Résumé of the Week',
  'Café Talk',
  'Just Listed',
  'Just Sold',
  'Home Staging Tips',
  'Mortgage Basics',
  'Drone Footage',
  'Client Testimonial',
  'Façade Makeover',
  'Inspection Checklist',
  'Pricing Strategy',
  'Moving Day',
  'Luxury Living',
];
const PLACES = [
  'Market Street',
  'Mission Bay',
  'Noe Valley',
  'Hayes Valley',
  'Pacific Heights',
  'Crème Brûlée Lane',
  'Élan Avenue',
  'Sunset District',
  'Russian Hill',
  'Marina',
  'Dogpatch',
  'SoMa',
  'Bernal Heights',
  'Glen Park',
  'Presidio',
  'Nob Hill',
  'Potrero Hill',
  'Outer Richmond',
  'Twin Peaks',
  'Cole Valley',
];

/** A repeatable sequence of numbers in [0, 1). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** `count` items with ObjectIds a few seconds apart (rising) and varied titles. */
export function listOf(count: number, seed: number): ListItem[] {
  const random = randomFrom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const start = Math.floor(Date.UTC(2024, 0, 1) / 1000);
  const shapes = [
    (kind: string, place: string, n: number) => `${kind} - ${n} ${place}`,
    (kind: string, place: string) => `${kind}: ${place}`,
    (kind: string, place: string) => `${place} ${kind.toLowerCase()}`,
    (kind: string, _place: string, n: number) => `${kind.toUpperCase()} #${n}`,
    (kind: string, place: string, n: number) => `${kind} (${place}, ${2000 + (n % 27)})`,
  ];
  return Array.from({ length: count }, (_, i) => ({
    id:
      (start + i * 7).toString(16).padStart(8, '0') +
      (i * 2_654_435_761).toString(16).padStart(16, '0').slice(-16),
    title: pick(shapes)(pick(KINDS), pick(PLACES), 1 + Math.floor(random() * 9_999)),
  }));
}

/** The items in a repeatable shuffled order (Fisher–Yates). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = randomFrom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** A title as the app's search compares these (their accents all come off in NFD). */
export const searchable = (title: string): string =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const startListServer: StartListServer = async (count, order) => {
  const apiKey = 'bench-list-key';
  const inOrder = (items: ListItem[]): ListItem[] =>
    order === 'shuffled' ? shuffled(items, count) : items;
  const videos = inOrder(listOf(count, 7));
  const pdfs = inOrder(listOf(20, 11));
  const answers = new Map([
    ['/api/video', JSON.stringify(videos)],
    ['/api/pdf', JSON.stringify(pdfs)],
  ]);
  const server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    const status = req.headers.authorization !== apiKey ? 401 : answer ? 200 : 404;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(status === 200 ? answer : JSON.stringify({ status: false, error: 'not here' }));
  });
  const baseUrl = await listenOnLoopback(server);
  return { baseUrl, apiKey, videos, pdfs, close: () => closeServer(server) };
};
