// The sandbox's starting data: deterministic (the same sizes always give the
// same ids and titles) and cheap enough to seed 50,000 items in milliseconds.

export interface Material {
  readonly id: string;
  readonly title: string;
}

export type TemplateKind = 'email' | 'sms';

export interface Template extends Material {
  /** The service tells the kinds apart only by title; the sandbox keeps it for tests. */
  readonly kind: TemplateKind;
}

export interface Contact {
  readonly id: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly cell_phone: string;
  readonly created_at: string;
}

export interface SeedSizes {
  readonly videos?: number;
  readonly pdfs?: number;
  readonly images?: number;
  /** Alternately e-mail and SMS templates, e-mail first. */
  readonly templates?: number;
  readonly contacts?: number;
}

export const DEFAULT_SEED: Required<SeedSizes> = {
  videos: 3,
  pdfs: 2,
  images: 2,
  templates: 4,
  contacts: 2,
};

export interface SeedData {
  readonly videos: readonly Material[];
  readonly pdfs: readonly Material[];
  readonly images: readonly Material[];
  readonly templates: readonly Template[];
  readonly contacts: readonly Contact[];
}

/** Each kind of record gets its own id space, so ids never collide across kinds. */
export const ID_KIND = {
  video: 0x01,
  pdf: 0x02,
  image: 0x03,
  template: 0x04,
  contact: 0x05,
  note: 0x06,
  subscription: 0x07,
  user: 0x08,
  sandbox: 0x0f,
} as const;

export type IdKind = keyof typeof ID_KIND;

// 2026-03-01T00:00:00Z as a Mongo ObjectId timestamp prefix.
const ID_TIME = Math.floor(Date.UTC(2026, 2, 1) / 1000)
  .toString(16)
  .padStart(8, '0');

/** A 24-hex id shaped like the service's Mongo ids: time, kind, sequence number. */
export function objectId(kind: IdKind, n: number): string {
  return `${ID_TIME}${ID_KIND[kind].toString(16).padStart(2, '0')}${n.toString(16).padStart(14, '0')}`;
}

export const isObjectId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{24}$/i.test(value);

/** A date n minutes after the seed's epoch, ISO 8601 in UTC. */
export const seedDate = (n: number): string =>
  new Date(Date.UTC(2026, 2, 1) + n * 60_000).toISOString();

const VIDEO_TITLES = [
  'Virtual Tour - 1200 Market Street',
  'Meet Your Agent',
  'How Escrow Works',
  'Neighborhood Spotlight: Mission Bay',
  'First-Time Buyer Q&A',
];
const PDF_TITLES = ['Buyer Guide 2026', 'Seller Checklist', 'Market Report - Q1 2026'];
const IMAGE_TITLES = ['Open House Flyer', 'Just Sold Postcard', 'Team Photo'];
const EMAIL_TEMPLATES = [
  'Follow-Up After Showing (Email)',
  'Welcome to the Neighborhood (Email)',
  'New Listing Alert (Email)',
];
const SMS_TEMPLATES = [
  'Quick Check-In (SMS)',
  'Showing Reminder (SMS)',
  'Thanks for Visiting (SMS)',
];
const FIRST_NAMES = ['Jane', 'Omar', 'Priya', 'Lucas', 'Mei', 'Diego'];
const LAST_NAMES = ['Cooper', 'Haddad', 'Natarajan', 'Silva', 'Chen', 'Alvarez'];

/** The i-th title from a list; past its end, numbered copies ("Meet Your Agent #2"). */
const titleAt = (titles: readonly string[], i: number): string => {
  const title = titles[i % titles.length] ?? 'Untitled';
  const round = Math.floor(i / titles.length);
  return round === 0 ? title : `${title} #${round + 1}`;
};

const materials = (kind: IdKind, titles: readonly string[], count: number): Material[] =>
  Array.from({ length: count }, (_, i) => ({
    id: objectId(kind, i + 1),
    title: titleAt(titles, i),
  }));

function templates(count: number): Template[] {
  return Array.from({ length: count }, (_, i) => {
    const kind: TemplateKind = i % 2 === 0 ? 'email' : 'sms';
    const title = titleAt(kind === 'email' ? EMAIL_TEMPLATES : SMS_TEMPLATES, Math.floor(i / 2));
    return { id: objectId('template', i + 1), title, kind };
  });
}

function contacts(count: number): Contact[] {
  return Array.from({ length: count }, (_, i) => {
    const first = titleAt(FIRST_NAMES, i).replace(' #', '');
    const last = LAST_NAMES[i % LAST_NAMES.length] ?? 'Doe';
    return {
      id: objectId('contact', i + 1),
      first_name: first,
      last_name: last,
      email: `${first}.${last}@example.com`.toLowerCase(),
      cell_phone: `+1415555${String(100 + i).padStart(4, '0')}`,
      created_at: seedDate(i),
    };
  });
}

const size = (value: number | undefined, fallback: number): number => {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`seed sizes must be whole numbers ≥ 0, got ${n}`);
  return n;
};

export function seedData(sizes: SeedSizes = {}): SeedData {
  return {
    videos: materials('video', VIDEO_TITLES, size(sizes.videos, DEFAULT_SEED.videos)),
    pdfs: materials('pdf', PDF_TITLES, size(sizes.pdfs, DEFAULT_SEED.pdfs)),
    images: materials('image', IMAGE_TITLES, size(sizes.images, DEFAULT_SEED.images)),
    templates: templates(size(sizes.templates, DEFAULT_SEED.templates)),
    contacts: contacts(size(sizes.contacts, DEFAULT_SEED.contacts)),
  };
}
