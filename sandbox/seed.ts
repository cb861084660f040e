// The sandbox's starting data, the same on every run.

export interface Material {
  readonly id: string;
  readonly title: string;
}

export interface Contact {
  readonly id: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly cell_phone: string;
}

/** The service's lists, by the word in their paths (`GET /api/video`), with their seed titles. */
export const LISTS = {
  video: ['Virtual Tour - 1200 Market Street', 'Meet Your Agent', 'How Escrow Works'],
  pdf: ['Buyer Guide 2026', 'Seller Checklist'],
  image: ['Open House Flyer', 'Just Sold Postcard'],
  // The service tells email and text (SMS) templates apart only by their titles.
  template: [
    'Follow-Up After Showing (Email)',
    'Quick Check-In (SMS)',
    'Welcome to the Neighborhood (Email)',
    'Showing Reminder (SMS)',
  ],
} as const;

export type ListKey = keyof typeof LISTS;
export const LIST_KEYS = Object.keys(LISTS) as ListKey[];

export type SeedData = Readonly<Record<ListKey, readonly Material[]>> & {
  /** Grows as sends and notes to a new address create contacts. */
  readonly contacts: Contact[];
};

/** Each kind of record has an id byte of its own, so ids never collide across kinds. */
const ID_KIND = {
  video: 0x01,
  pdf: 0x02,
  image: 0x03,
  template: 0x04,
  contact: 0x05,
  note: 0x06,
  subscription: 0x07,
  user: 0x08,
} as const;

// 2026-03-01T00:00:00Z: the time an ObjectId starts with.
const ID_TIME = (Date.UTC(2026, 2, 1) / 1000).toString(16);

/** A 24-hex id shaped like the service's MongoDB ids: time, kind, sequence number. */
export const objectId = (kind: keyof typeof ID_KIND, n: number): string =>
  `${ID_TIME}${ID_KIND[kind].toString(16).padStart(2, '0')}${n.toString(16).padStart(14, '0')}`;

const JANE: Contact = {
  id: objectId('contact', 1),
  first_name: 'Jane',
  last_name: 'Cooper',
  email: 'jane.cooper@example.com',
  cell_phone: '+14155550100',
};
const OMAR: Contact = {
  id: objectId('contact', 2),
  first_name: 'Omar',
  last_name: 'Haddad',
  email: 'omar.haddad@example.com',
  cell_phone: '+14155550101',
};

export function seedData(): SeedData {
  const lists = Object.fromEntries(
    LIST_KEYS.map((key) => [
      key,
      LISTS[key].map((title, i) => ({ id: objectId(key, i + 1), title })),
    ]),
  ) as Record<ListKey, Material[]>;
  return { ...lists, contacts: [JANE, OMAR] };
}
