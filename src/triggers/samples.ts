// A sample body of each webhook event, in the shape CRMGrow sends it (docs/service-api.md), named
// for its trigger; the events table (events.ts) gives each its event.
import type { JsonObject } from '../lib/json';

const JANE = {
  id: '6512e4c1a9b3f2001e7d4a10',
  first: 'Jane',
  last: 'Cooper',
  email: 'jane.cooper@example.com',
  phone: '+14155550123',
};
const OMAR = {
  id: '6512e4c1a9b3f2001e7d4a2b',
  first: 'Omar',
  last: 'Haddad',
  email: 'omar.haddad@example.net',
  phone: '+13125550187',
};
const contactString = (c: typeof JANE): string =>
  `[${c.id},${c.first},${c.last},${c.email},${c.phone}]`;

const DEAL_ID = '65f2b7d04c1e8a0012ab3c01';
const DEAL_TITLE = 'Cooper - 1200 Market St purchase';
const USER_NAME = 'Alex Morgan';

const contactRecord = (c: typeof JANE, overrides: Record<string, unknown>): JsonObject => ({
  id: c.id,
  first_name: c.first,
  last_name: c.last,
  email: c.email,
  address: '1200 Market Street',
  city: 'San Francisco',
  state: 'CA',
  zip: '94102',
  cell_phone: c.phone,
  country: 'US',
  source: 'Website',
  company: 'Cooper Realty',
  label: 'name: Hot Lead,color: #ef5350',
  tags: ['buyer', 'open-house'],
  secondary_email: 'jane@cooperrealty.com',
  secondary_phone: '+14155550199',
  website: 'https://cooperrealty.com',
  // Custom fields differ from account to account, so samples hold none.
  additional_field: '{}',
  created_at: '2026-03-14T15:09:26.535Z',
  ...overrides,
});

const NOTE: JsonObject = {
  id: '6601a3f9c2d4e50013b7e9a1',
  title: 'Call recap',
  content: 'Discussed financing options; Jane wants a pre-approval letter by Friday.',
  contact: contactString(JANE),
  create_at: '2026-03-15T10:42:03.118Z',
};

const TASK: JsonObject = {
  id: '6601b4e2c2d4e50013b7ea07',
  contact: contactString(JANE),
  type: 'call',
  content: 'Call Jane about the pre-approval letter',
  due_date: '2026-03-20T17:00:00.000Z',
  set_recurrence: true,
  recurrence_mode: 'WEEK',
  create_at: '2026-03-15T11:05:47.902Z',
};

export const SAMPLES = {
  newContact: contactRecord(JANE, {}),
  updatedContact: contactRecord(JANE, {
    cell_phone: '+14155550177',
    label: 'name: Customer,color: #43a047',
    tags: ['buyer', 'open-house', 'pre-approved'],
  }),
  // The one-contact shape; a bulk delete gives one item per contact in it.
  deletedContact: contactRecord(JANE, { tags: ['buyer'], label: '' }),
  newDeal: {
    id: DEAL_ID,
    title: DEAL_TITLE,
    user: USER_NAME,
    contact: `${contactString(JANE)},${contactString(OMAR)}`,
    pipe_line: 'Buyers',
    deal_stage: 'Qualified',
    additional_field: '{}',
    create_at: '2026-03-16T09:20:11.402Z',
  },
  movedDeal: {
    id: DEAL_ID,
    title: DEAL_TITLE,
    user: USER_NAME,
    contact: contactString(JANE),
    pipe_line: 'Buyers',
    deal_source: 'Qualified',
    deal_target: 'Under Contract',
    create_at: '2026-03-18T14:31:55.027Z',
  },
  sentMaterial: {
    subject: 'Your private tour of 1200 Market Street',
    contact: contactString(JANE),
    video:
      '[65e0c1d2b3a4f50012cd7701,VIDEO,Virtual Tour - 1200 Market Street],' +
      '[65e0c1d2b3a4f50012cd7702,VIDEO,Meet Your Agent]',
    pdf: '[65e0c1d2b3a4f50012cd7810,PDF,Buyer Guide 2026]',
    image: '',
    create_at: '2026-03-17T16:02:40.771Z',
  },
  watchedMaterial: {
    // The one contact string the service sends without brackets.
    contact: `${JANE.id},${JANE.first},${JANE.last},${JANE.email},${JANE.phone}`,
    material_id: '65e0c1d2b3a4f50012cd7701',
    material_type: 'VIDEO',
    material_title: 'Virtual Tour - 1200 Market Street',
    material_amount: 87,
    create_at: '2026-03-17T18:26:09.314Z',
  },
  assignedAutomation: {
    id: '65d8a0b1e2f3c40011aa5501',
    title: 'New Buyer Nurture',
    type: 'deal',
    deal: `[${DEAL_ID},${DEAL_TITLE},${contactString(JANE)}]`,
    contact: contactString(JANE),
    create_at: '2026-03-16T09:21:02.650Z',
  },
  newNote: NOTE,
  // The same note and task as created: its creation time stays.
  updatedNote: { ...NOTE, content: `${NOTE.content} Sent lender list.` },
  deletedNote: NOTE,
  newTask: TASK,
  updatedTask: {
    ...TASK,
    due_date: '2026-03-21T17:00:00.000Z',
    set_recurrence: false,
    recurrence_mode: '',
  },
  deletedTask: {
    num: 1,
    // `[type,content,[contact],due date,repeats,interval,created`, the dates
    // written by String(date), with no closing bracket and no task id.
    removed_task:
      `[call,Call Jane about the pre-approval letter,${contactString(JANE)},` +
      'Fri Mar 20 2026 17:00:00 GMT+0000 (Coordinated Universal Time),true,WEEK,' +
      'Sun Mar 15 2026 11:05:47 GMT+0000 (Coordinated Universal Time)',
    removed_date: '2026-03-19T09:02:44.873Z',
  },
  newLead: contactRecord(OMAR, {
    address: '',
    city: 'Chicago',
    state: 'IL',
    zip: '',
    company: '',
    // What CRMGrow writes on a lead form's contact (src/controllers/contact.js, leadContact).
    source: 'leadform',
    label: 'name: New,color: #1e88e5',
    tags: ['lead-capture'],
    secondary_email: '',
    secondary_phone: '',
    website: '',
    created_at: '2026-03-18T19:48:03.226Z',
  }),
} satisfies Record<string, JsonObject>;
