// The sandbox's starting data, the same on every run. Its records take the shapes of the models of
// Teamgrow-Backend a2ec244 (src/models/*.js).

export interface Material {
  readonly id: string;
  readonly title: string;
}

export interface Contact {
  readonly id: string;
  /** The model gives no default: a contact may have none. */
  readonly first_name?: string;
  readonly last_name: string;
  readonly email: string;
  readonly cell_phone?: string | null;
  readonly secondary_email?: string;
  readonly secondary_phone?: string;
  /** The other fields of src/models/contact.js that Create Contact sends, as stored. */
  readonly address?: string;
  readonly city?: string;
  readonly state?: string;
  readonly zip?: string;
  readonly country?: string;
  readonly brokerage?: string;
  readonly website?: string;
  readonly source?: string;
  readonly tags?: readonly string[];
  /** A label's id. */
  readonly label?: string;
  readonly additional_field?: unknown;
  readonly created_at?: string;
  readonly updated_at?: string;
}

/** A contact label (src/models/label.js): the account's own, or CRMGrow's (`role: 'admin'`). */
export interface Label {
  readonly id: string;
  readonly name: string;
  readonly color: string;
  readonly role?: 'admin';
}

/** A task (src/models/follow_up.js); a repeating one keeps no due date of its own. */
export interface Task {
  readonly _id: string;
  readonly user: string;
  readonly contact: string;
  readonly content: string;
  readonly due_date?: string;
  readonly type?: string;
  readonly set_recurrence?: boolean;
  readonly recurrence_mode?: string;
  readonly status: number;
  readonly created_at: string;
  readonly updated_at: string;
}

/** A deal (src/models/deal.js), its stage (deal_stage.js) in a pipeline (pipe_line.js). */
export interface Deal {
  readonly id: string;
  readonly title: string;
  readonly user: string;
  readonly contacts: readonly string[];
  readonly deal_stage?: string;
  readonly additional_field?: unknown;
  readonly created_at: string;
}
export interface Stage extends Material {
  readonly pipe_line: string;
  readonly priority: number;
}

/** A note (src/models/note.js): its contacts are `contact`. */
export interface Note {
  readonly _id: string;
  readonly title?: string;
  readonly content: string;
  readonly contact: readonly string[];
  readonly created_at: string;
}

/** A send, a watch or an automation started, as logged for one contact (src/models/activity.js). */
export interface Activity {
  readonly type: 'videos' | 'video_trackers' | 'automations';
  readonly contacts: string;
  readonly videos?: readonly string[];
  readonly automations?: string;
  readonly subject?: string;
}

/** An automation started for a contact (src/models/automation_line.js). */
export interface AutomationLine {
  readonly id: string;
  readonly automation: string;
  readonly contact: string;
  readonly status: 'running';
}

/** The user's settings that decide whether an automation may start (src/models/user.js). */
export interface Account {
  /** A Gmail or Outlook mailbox connected (`primary_connected`). */
  primaryConnected: boolean;
  /** A number for texts (`twilio_number` or `wavv_number`); '' for none. */
  phoneNumber: string;
  /** `automation_info.is_enabled`. */
  automationsEnabled: boolean;
  /** `automation_info.max_count` where `is_limit` is set; null for no limit. */
  maxActiveAutomations: number | null;
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
  /** Grows as sends and notes to a new address create contacts, and as Create Contact does. */
  readonly contacts: Contact[];
  /** Grows as Create Contact is given a label's name that none has. */
  readonly labels: Label[];
  /** Each with its type (src/models/automation.js); GET …/automation answers `{id, title}`. */
  readonly automations: readonly (Material & { readonly type: string })[];
  /** Lead forms and the scheduler's event types, `{id, title}` as GET …/lead answers them. */
  readonly leadForms: readonly Material[];
  readonly eventTypes: readonly Material[];
  readonly tasks: Task[];
  readonly automationLines: AutomationLine[];
  /** Grows by Create Contact's `note` and Add Note. */
  readonly notes: Note[];
  readonly users: readonly { readonly id: string; readonly user_name: string }[];
  readonly pipelines: readonly Material[];
  readonly stages: readonly Stage[];
  readonly deals: readonly Deal[];
  readonly activities: readonly Activity[];
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
  label: 0x09,
  automation: 0x0a,
  leadform: 0x0b,
  eventtype: 0x0c,
  task: 0x0d,
  automationline: 0x0e,
  activity: 0x0f,
  deal: 0x10,
  stage: 0x11,
  pipeline: 0x12,
} as const;

// 2026-03-01T00:00:00Z: the time an ObjectId starts with.
const ID_TIME = (Date.UTC(2026, 2, 1) / 1000).toString(16);

export type IdKind = keyof typeof ID_KIND;

/** A 24-hex id shaped like the service's MongoDB ids: time, kind, sequence number. */
export const objectId = (kind: IdKind, n: number): string =>
  `${ID_TIME}${ID_KIND[kind].toString(16).padStart(2, '0')}${n.toString(16).padStart(14, '0')}`;

const C = (n: number): string => objectId('contact', n);
export const USER = objectId('user', 1);
const person = (n: number, names: [string | undefined, string], email: string, more = {}) => ({
  ...{ id: C(n), first_name: names[0], last_name: names[1], email },
  cell_phone: `+1415555010${n - 1}`,
  ...more,
});
// Jane has every field; Luis a name with brackets and a comma; the fourth no first name and a null
// phone; Priya came in from the lead form.
const CONTACTS: readonly Contact[] = [
  person(1, ['Jane', 'Cooper'], 'jane.cooper@example.com', {
    ...{ address: '1200 Market Street', city: 'San Francisco', state: 'CA', zip: '94102' },
    ...{ country: 'US', brokerage: 'Cooper Realty', website: 'https://cooperrealty.com' },
    ...{ source: 'Website', tags: ['buyer', 'open-house'], label: objectId('label', 2) },
    ...{ secondary_email: 'jane@cooperrealty.com', created_at: '2026-03-14T15:09:26.535Z' },
    additional_field: { Budget: '$750,000', 'Move-in': 'June' },
  }),
  person(2, ['Omar', 'Haddad'], 'omar.haddad@example.com'),
  person(3, ['Luis [Lu]', 'Ortega, Jr.'], 'luis.ortega@example.com', {
    ...{ tags: ['seller'], created_at: '2026-03-14T16:00:00.000Z' },
  }),
  person(4, [undefined, 'Nguyen'], 'nguyen@example.com', { cell_phone: null }),
  person(5, ['Priya', 'Shah'], 'priya.shah@example.net', {
    ...{ city: 'Chicago', state: 'IL', source: 'leadform', tags: ['lead-capture'] },
    ...{ label: objectId('label', 1), created_at: '2026-03-18T19:48:03.226Z' },
  }),
];
const task = (n: number, contact: string, fields: Partial<Task>): Task => ({
  ...{ _id: objectId('task', n), user: USER, contact, content: '', status: 0 },
  ...{ created_at: '2026-03-15T11:05:47.902Z', updated_at: '2026-03-15T11:05:47.902Z' },
  ...fields,
});

/** The lead every lead_source event is about, as the source's `outboundCallhookApi` checks it. */
export const LEAD = { type: 'leadform', id: '6512e4c1a9b3f2001e7d4c01' } as const;

// The model lowercases a label's name (src/models/label.js), so the service holds them so.
const LABELS: readonly Omit<Label, 'id'>[] = [
  { name: 'new', color: '#1e88e5', role: 'admin' },
  { name: 'hot lead', color: '#ef5350' },
  { name: 'past client', color: '#43a047' },
  { name: 'cold lead', color: '#90a4ae', role: 'admin' },
];
const AUTOMATIONS = ['New Buyer Nurture', 'Open House Follow-Up', 'Past Client Check-In'];
const TYPES = ['contact', 'any', 'deal'];
const LEAD_FORMS = ['Buyer Consultation Request', 'Home Valuation Request'];
const EVENT_TYPES = ['15-Minute Intro Call', 'Private Showing'];

const materials = (kind: 'automation' | 'leadform' | 'eventtype', titles: readonly string[]) =>
  titles.map((title, i) => ({ id: objectId(kind, i + 1), title }));

export function seedData(): SeedData {
  const lists = Object.fromEntries(
    LIST_KEYS.map((key) => [
      key,
      LISTS[key].map((title, i) => ({ id: objectId(key, i + 1), title })),
    ]),
  ) as Record<ListKey, Material[]>;
  return {
    ...lists,
    contacts: [...CONTACTS],
    labels: LABELS.map((label, i) => ({ id: objectId('label', i + 1), ...label })),
    automations: materials('automation', AUTOMATIONS).map((a, i) => ({
      ...a,
      type: TYPES[i] ?? 'any',
    })),
    // The lead New Lead's events are about is one of the lead forms, so its dropdown offers it.
    leadForms: [{ id: LEAD.id, title: 'Open House Sign-In' }, ...materials('leadform', LEAD_FORMS)],
    eventTypes: materials('eventtype', EVENT_TYPES),
    tasks: [
      task(1, C(1), {
        content: 'Call Jane, re: the [pre-approval] letter',
        ...{ type: 'call', due_date: '2026-03-20T17:00:00.000Z', set_recurrence: false },
      }),
      task(2, C(3), { content: 'Send disclosures', set_recurrence: true, recurrence_mode: 'WEEK' }),
    ],
    automationLines: [],
    notes: [
      {
        ...{ _id: objectId('note', 1), title: 'Call recap', contact: [C(3), C(4)] },
        content: 'Discussed financing; wants a [pre-approval] letter, by Friday.',
        created_at: '2026-03-15T10:42:03.118Z',
      },
    ],
    users: [{ id: USER, user_name: 'Alex Morgan' }],
    pipelines: [{ id: objectId('pipeline', 1), title: 'Buyers' }],
    stages: ['Qualified', 'Under Contract'].map((title, i) => ({
      ...{ id: objectId('stage', i + 1), title, pipe_line: objectId('pipeline', 1), priority: i },
    })),
    deals: [
      {
        ...{ id: objectId('deal', 1), title: 'Cooper - 1200 Market St purchase', user: USER },
        ...{ contacts: [C(1), C(2)], deal_stage: objectId('stage', 1) },
        additional_field: { Price: 750000, 'Closing Date': '2026-05-01' },
        created_at: '2026-03-16T09:20:11.402Z',
      },
    ],
    activities: [
      { type: 'videos', contacts: C(1), videos: [objectId('video', 1)], subject: 'Your tour' },
      { type: 'video_trackers', contacts: C(1), videos: [objectId('video', 1)] },
      { type: 'automations', contacts: C(2), automations: objectId('automation', 1) },
    ],
  };
}

/** A fresh account: every automation blocker off, no limit on running automations. */
export const seedAccount = (): Account => ({
  primaryConnected: true,
  phoneNumber: '+14155550150',
  automationsEnabled: true,
  maxActiveAutomations: null,
});

/** The `{id, title}` items each list's trigger gives, by trigger key (lead: of every type). */
export const itemsOf = (data: SeedData): Readonly<Record<string, readonly Material[]>> => ({
  ...Object.fromEntries(LIST_KEYS.map((key) => [key, data[key]])),
  label: data.labels.map(({ id, name }) => ({ id, title: name })),
  automation: data.automations.map(({ id, title }) => ({ id, title })),
  lead: [{ id: '0', title: 'All' }, ...data.eventTypes, ...data.leadForms],
});
