// The sandbox's records behind the routes of CRMGrow's own Zapier app (Teamgrow-Backend a2ec244,
// src/routes/api/{contact,followup,automation,label,lead}.js): contacts with their labels, tasks
// and automations, and the lists the dropdowns read. Each handler follows the file of that
// repository named above it; what none of the app's calls reaches is left out.
import {
  isObjectId,
  json,
  refusal,
  textOf,
  type Answer,
  type Incoming,
  type Route,
} from './answer';
import { isPlainObject } from './http';
import { automationData, contactData, followupData } from './outbound';
import { USER, type Account, type Contact, type IdKind, type Label, type SeedData } from './seed';

type Payload = Record<string, unknown>;

export interface CrmContext {
  readonly data: SeedData;
  readonly account: Account;
  readonly newId: (kind: IdKind) => string;
  /** Delivers a webhook event without holding up the answer, as outboundCallhookApi does. */
  readonly announce: (action: string, payload: Payload) => void;
}

/** What catchError (src/controllers/error.js) answers for anything thrown. */
const internalError = (): Answer => refusal(500, 'internal_server_error');

// src/controllers/developer.js preprocessRequest: the fields of a `data` object, where set, lifted
// into the body.
function bodyOf({ body }: Incoming): Payload {
  const fields: Payload = isPlainObject(body) ? { ...body } : {};
  if (isPlainObject(fields.data)) {
    for (const [key, value] of Object.entries(fields.data)) if (value) fields[key] = value;
    delete fields.data;
  }
  return fields;
}

// src/controllers/contact.js create formats a cell phone with the phone package, USA its default
// country, and keeps one it cannot read as given. This reads US numbers and ones with a country
// code.
function formattedPhone(text: string): string {
  const bare = text.replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(bare)) return bare;
  if (/^\d{10}$/.test(bare)) return `+1${bare}`;
  return /^1\d{10}$/.test(bare) ? `+${bare}` : text;
}

/** A Mongoose String path's value: text, or a number or boolean as text; null for what it cannot
 * cast (the save then fails). */
const castString = (value: unknown): string | null | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
};

/** The String paths of src/models/contact.js that Create Contact sends. */
const CONTACT_STRINGS = [
  'first_name',
  'last_name',
  'email',
  'cell_phone',
  'address',
  'city',
  'state',
  'zip',
  'country',
  'brokerage',
  'website',
  'source',
] as const;

export function startCrm({ data, account, newId, announce }: CrmContext) {
  const now = () => new Date().toISOString();
  const activityOf = (content: string, type: string, about: Payload) => {
    const _id = newId('activity');
    const at = now();
    return { _id, content, user: USER, type, ...about, created_at: at, updated_at: at };
  };

  /** The first step of a send, note, task or automation (src/controllers/developer.js
   * searchContact, and the API spec for a send): the email checked, the contact found or made. */
  function contactFor(body: unknown): Contact | Answer {
    const email = textOf(body, 'email');
    if (!email) return refusal(400, 'empty email address');
    if (!email.includes('@')) return refusal(400, 'Invalid email address');
    const known = data.contacts.find((c) => c.email.toLowerCase() === email.toLowerCase());
    if (known) return known;
    const contact = {
      id: newId('contact'),
      first_name: email.split('@')[0] ?? '',
      last_name: '',
      email,
      cell_phone: '',
    };
    data.contacts.push(contact);
    return contact;
  }

  // src/helpers/label.js convertLabel: the first label, the account's or CRMGrow's, whose name the
  // text matches as a pattern, capitals aside; else a new label of the account's, its name
  // lowercased (src/models/label.js). A text that is no pattern throws.
  function labelNamed(text: string): string {
    const pattern = new RegExp(text, 'i');
    const found = data.labels.find(({ name }) => pattern.test(name));
    if (found) return found.id;
    const label: Label = { id: newId('label'), name: text.toLowerCase(), color: '#000000' };
    data.labels.push(label);
    return label.id;
  }

  // src/controllers/contact.js create: tags split at commas, a label by name converted, the phone
  // formatted, an exact email and then the phone refused when a contact has it, the contact saved
  // with the fields its model has (Mongoose drops the rest), the note saved, add_contact fired.
  function createContact(req: Incoming): Answer {
    const body = bodyOf(req);
    const strings: Record<string, string> = {};
    for (const key of CONTACT_STRINGS) {
      const value = castString(body[key]);
      // The save fails on a value a String path cannot take.
      if (value === null) return refusal(500, 'Internal server error');
      if (value !== undefined) strings[key] = value;
    }
    const split = typeof body.tags === 'string' ? body.tags.split(',') : body.tags;
    // The model keeps each tag in lower case.
    const tags = Array.isArray(split) ? split.map((tag) => String(tag).toLowerCase()) : [];
    let label: string | undefined;
    if (typeof body.label === 'string' && body.label) {
      try {
        label = isObjectId(body.label) ? body.label.toLowerCase() : labelNamed(body.label);
      } catch {
        return internalError();
      }
    }
    if (strings.cell_phone) strings.cell_phone = formattedPhone(strings.cell_phone);
    else delete strings.cell_phone;
    const { email, cell_phone } = strings;
    if (email && data.contacts.some((c) => c.email === email)) {
      return refusal(400, 'Email must be unique!');
    }
    if (cell_phone && data.contacts.some((c) => c.cell_phone === cell_phone)) {
      return refusal(400, 'Phone number must be unique!');
    }
    const at = now();
    const id = newId('contact');
    const additional_field = body.additional_field;
    const contact: Contact = {
      id,
      first_name: '',
      last_name: '',
      email: '',
      cell_phone: '',
      country: '',
      ...strings,
      tags,
      ...(label && { label }),
      ...(additional_field !== undefined && { additional_field }),
      created_at: at,
      updated_at: at,
    };
    data.contacts.push(contact);
    const activity = activityOf('added', 'contacts', { contacts: id });
    const note = castString(body.note);
    if (note) data.notes.push({ _id: newId('note'), contact: [id], content: note, created_at: at });
    announce('add_contact', contactData(data, contact));
    const { id: _id, ...fields } = contact;
    return json(200, { status: true, data: { _id, user: [USER], ...fields, activity } });
  }

  // src/controllers/follow_up.js create (createFollowUp): the task saved for the contact; a
  // repeating one is a series with no due date of its own, whose dated copies are not kept here.
  // create_task fires.
  function createTask(req: Incoming): Answer {
    const body = bodyOf(req);
    const contact = contactFor(body);
    if ('status' in contact) return contact;
    const due = body.due_date;
    const time =
      typeof due === 'string' || typeof due === 'number' ? Date.parse(String(due)) : Number.NaN;
    if (due !== undefined && Number.isNaN(time)) {
      // The save's validation error, which the answer carries (status 500).
      return refusal(
        500,
        `follow_up validation failed: due_date: Cast to date failed for value ${JSON.stringify(due)} at path "due_date"`,
      );
    }
    const repeats = Boolean(body.set_recurrence);
    const at = now();
    const [content, type, recurrence_mode] = ['content', 'type', 'recurrence_mode'].map((key) =>
      castString(body[key]),
    );
    const task = {
      _id: newId('task'),
      user: USER,
      contact: contact.id,
      content: content ?? 'Contact has reviewed material',
      ...(due !== undefined && !repeats && { due_date: new Date(time).toISOString() }),
      ...(type && { type }),
      ...(body.set_recurrence !== undefined && { set_recurrence: repeats }),
      ...(recurrence_mode && { recurrence_mode }),
      status: 0,
      created_at: at,
      updated_at: at,
    };
    data.tasks.push(task);
    announce('create_task', followupData(data, task));
    const activity = activityOf('added task', 'follow_ups', {
      contacts: contact.id,
      follow_ups: task._id,
    });
    return json(200, { status: true, data: { ...task, activity } });
  }

  // src/controllers/time_line.js create, in its order: the automation looked up (an id that is no
  // ObjectId fails the lookup), no connected mailbox 406, no number for texts 408, then for an
  // automation found: turned off 412, at the plan's limit of running automations 412, the same
  // automation running for the contact 405 (src/helpers/automation.js assignTimeline);
  // assigned_automation fires either way. No automation found: 400.
  function addToAutomation(req: Incoming): Answer {
    const body = bodyOf(req);
    const contact = contactFor(body);
    if ('status' in contact) return contact;
    const automationId = textOf(body, 'automation_id');
    if (!isObjectId(automationId)) {
      return refusal(
        400,
        `Cast to ObjectId failed for value "${automationId}" (type string) at path "_id" for model "automation"`,
      );
    }
    const automation = data.automations.find(({ id }) => id === automationId.toLowerCase());
    if (!account.primaryConnected) return refusal(406, 'No email connected');
    if (!account.phoneNumber) return refusal(408, 'No phone');
    if (!automation) return refusal(400, 'Automation not found');
    if (!account.automationsEnabled) return refusal(412, 'Disable create automations');
    const running = data.automationLines.filter(({ status }) => status === 'running');
    const max = account.maxActiveAutomations;
    if (max !== null && max <= running.length) {
      return refusal(412, 'Exceed max active automations');
    }
    const same = running.some((l) => l.automation === automation.id && l.contact === contact.id);
    if (!same) {
      data.automationLines.push({
        id: newId('automationline'),
        automation: automation.id,
        contact: contact.id,
        status: 'running',
      });
    }
    // The contacts it started for.
    announce(
      'assigned_automation',
      automationData(data, automation.id, { contacts: same ? [] : [contact.id] }),
    );
    if (!same) return json(200, { status: true });
    const { id: _id, first_name, last_name } = contact;
    return json(405, {
      status: false,
      error: [
        {
          contact: { _id, first_name, last_name },
          error: 'The same automation is already running.',
        },
      ],
      notExecuted: [contact.id],
    });
  }

  // src/controllers/developer.js getLabels, getAutomations and getLeadSources: the lead sources of
  // the type asked, after "All" (id 0); a type it does not know gets "All" alone.
  const labels: Route = () =>
    json(
      200,
      data.labels.map(({ id, name }) => ({ id, name })),
    );
  const automations: Route = () =>
    json(
      200,
      data.automations.map(({ id, title }) => ({ id, title })),
    );
  const leadSources: Route = ({ query }) => {
    const all = [{ id: 0, title: 'All' }];
    const { eventTypes: events, leadForms: forms } = data;
    const byType: Record<string, unknown[]> = {
      all: [...all, ...events, ...forms],
      leadschedule: [...all, ...events],
      leadform: [...all, ...forms],
    };
    return json(200, byType[query.type ?? ''] ?? all);
  };

  /** The routes under a mount, `/api` (the API spec's place for them) or `/api-v2` (src/app.js). */
  const routesAt = (mount: string): Record<string, Route> => ({
    [`GET ${mount}/label`]: labels,
    [`GET ${mount}/automation`]: automations,
    [`GET ${mount}/lead`]: leadSources,
    [`POST ${mount}/contact`]: createContact,
    [`POST ${mount}/followup`]: createTask,
    [`POST ${mount}/automation`]: addToAutomation,
  });

  return { contactFor, routesAt };
}
