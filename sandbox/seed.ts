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

/** One material list as the service serves it and the sandbox seeds it. */
interface MaterialList {
  /** Its key in SeedSizes, SeedData and `npm run sandbox`'s flags. */
  readonly plural: string;
  /** How `npm run sandbox` names it in its summary. */
  readonly label: string;
  readonly titles: readonly string[];
  /** How many the sandbox seeds when not told. */
  readonly seeded: number;
  readonly list: `GET /api/${string}`;
  readonly send: `POST /api/${string}`;
  /** The send's body key of the material's id. */
  readonly idField: string;
}

/**
 * The service's material lists, one row each: adding a list here seeds and
 * serves it, with ids of its own (see ID_KIND).
 */
export const MATERIALS = {
  video: {
    plural: 'videos',
    label: 'videos',
    titles: [
      'Virtual Tour - 1200 Market Street',
      'Meet Your Agent',
      'How Escrow Works',
      'Neighborhood Spotlight: Mission Bay',
      'First-Time Buyer Q&A',
    ],
    seeded: 3,
    list: 'GET /api/video',
    send: 'POST /api/send-video',
    idField: 'video_id',
  },
  pdf: {
    plural: 'pdfs',
    label: 'PDFs',
    titles: ['Buyer Guide 2026', 'Seller Checklist', 'Market Report - Q1 2026'],
    seeded: 2,
    list: 'GET /api/pdf',
    send: 'POST /api/send-pdf',
    idField: 'pdf_id',
  },
  image: {
    plural: 'images',
    label: 'images',
    titles: ['Open House Flyer', 'Just Sold Postcard', 'Team Photo'],
    seeded: 2,
    list: 'GET /api/image',
    send: 'POST /api/send-image',
    idField: 'image_id',
  },
} as const satisfies Record<string, MaterialList>;

export type MaterialKind = keyof typeof MATERIALS;
export const MATERIAL_KINDS = Object.keys(MATERIALS) as MaterialKind[];
type MaterialPlural = (typeof MATERIALS)[MaterialKind]['plural'];

export type SeedSizes = Readonly<Partial<Record<MaterialPlural, number>>> & {
  /** Alternately e-mail and SMS templates, e-mail first. */
  readonly templates?: number;
  readonly contacts?: number;
};

export const DEFAULT_SEED: Required<SeedSizes> = {
  ...(Object.fromEntries(
    MATERIAL_KINDS.map((k) => [MATERIALS[k].plural, MATERIALS[k].seeded]),
  ) as Record<MaterialPlural, number>),
  templates: 4,
  contacts: 2,
};

export type SeedData = Readonly<Record<MaterialPlural, readonly Material[]>> & {
  readonly templates: readonly Template[];
  readonly contacts: readonly Contact[];
};

/** The id byte of each kind of record that is not a material list. */
const OTHER_ID_KINDS = {
  template: 0x04,
  contact: 0x05,
  note: 0x06,
  subscription: 0x07,
  user: 0x08,
  sandbox: 0x0f,
} as const;

export type IdKind = MaterialKind | keyof typeof OTHER_ID_KINDS;

const TAKEN: readonly number[] = Object.values(OTHER_ID_KINDS);
/** The bytes no other kind has, from 0x01 up: the lists take them in MATERIALS' order. */
const LIST_BYTES = Array.from({ length: 0xff }, (_, i) => i + 1).filter((b) => !TAKEN.includes(b));

/**
 * Each kind of record gets its own id byte, so ids never collide across kinds:
 * video 0x01, pdf 0x02, image 0x03, and a list added after them 0x09.
 */
export const ID_KIND: Readonly<Record<IdKind, number>> = {
  ...(Object.fromEntries(MATERIAL_KINDS.map((k, i) => [k, LIST_BYTES[i]])) as Record<
    MaterialKind,
    number
  >),
  ...OTHER_ID_KINDS,
};

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
  const lists = Object.fromEntries(
    MATERIAL_KINDS.map((kind) => {
      const { plural, titles } = MATERIALS[kind];
      return [plural, materials(kind, titles, size(sizes[plural], DEFAULT_SEED[plural]))];
    }),
  ) as Record<MaterialPlural, Material[]>;
  return {
    ...lists,
    templates: templates(size(sizes.templates, DEFAULT_SEED.templates)),
    contacts: contacts(size(sizes.contacts, DEFAULT_SEED.contacts)),
  };
}
