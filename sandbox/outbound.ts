// What CRMGrow POSTs to a hook for each action, and what its perform route answers as the sample,
// built from the sandbox's records as Teamgrow-Backend a2ec244 builds them: the serializers of
// src/helpers/outbound.js (lines cited) and getSampleData (src/controllers/outbound.js 20-64).
// Texts are joined with `+` there, so an unset value reads "undefined" and a null one "null";
// a key whose value is unset is left out of the JSON.
import {
  objectId,
  type Activity,
  type Contact,
  type Deal,
  type Note,
  type SeedData,
  type Task,
} from './seed';

type Payload = Record<string, unknown>;

/** The record with this id; one not held fails, as the source's reads of a missing one do. */
function byId<T extends { readonly id: string } | { readonly _id: string }>(
  list: readonly T[],
  id: string | undefined,
): T {
  const found = list.find((r) => ('id' in r ? r.id : r._id) === id);
  if (!found) throw new Error(`the sandbox holds no record ${String(id)}`);
  return found;
}

// The defaults of src/models/contact.js, for a record that has no such field.
const docOf = (c: Contact) => ({
  ...{ last_name: '', email: '', cell_phone: '', country: '', tags: [] },
  ...{ secondary_email: '', secondary_phone: '' },
  ...c,
});
/** `id,first,last,email,phone`, as every contact loop of outbound.js writes one. */
function bare(contact: Contact): string {
  const c = docOf(contact);
  return `${c.id},${c.first_name},${c.last_name},${c.email},${c.cell_phone}`;
}
const contactString = (c: Contact): string => `[${bare(c)}]`;
const strings = (contacts: readonly Contact[]): string => contacts.map(contactString).join(',');
/** A `populate`d list, in its own order. */
const populated = (d: SeedData, ids: readonly string[]) => ids.map((id) => byId(d.contacts, id));
/** `find({ _id: { $in: ids } })`: in the collection's order. */
const found = <T extends { readonly id: string }>(list: readonly T[], ids: readonly string[]) =>
  list.filter(({ id }) => ids.includes(id));
/** A Date concatenated into text: Date.prototype.toString(). */
const dateText = (iso: string | undefined) => iso && String(new Date(iso));

// getContactOutboundData, 110-147.
export function contactData(d: SeedData, contact: Contact): Payload {
  const c = docOf(contact);
  const label = d.labels.find(({ id }) => id === c.label);
  const fields = JSON.stringify(c.additional_field) as string | undefined;
  return {
    ...{ id: c.id, first_name: c.first_name, last_name: c.last_name, email: c.email },
    ...{ address: c.address, city: c.city, state: c.state, zip: c.zip, cell_phone: c.cell_phone },
    ...{ country: c.country, source: c.source, company: c.brokerage },
    label: label ? `name: ${label.name},color: ${label.color}` : '',
    ...{ tags: c.tags, secondary_email: c.secondary_email, secondary_phone: c.secondary_phone },
    website: c.website,
    additional_field: fields?.replace('{', '[').replace('}', ']'),
    created_at: c.created_at,
  };
}

// getAddDealOutboundData, 157-202.
function addDealData(d: SeedData, deal: Deal): Payload {
  const stage = d.stages.find(({ id }) => id === deal.deal_stage);
  return {
    ...{ id: deal.id, title: deal.title, user: byId(d.users, deal.user).user_name },
    contact: strings(populated(d, deal.contacts)),
    pipe_line: stage ? byId(d.pipelines, stage.pipe_line).title : '',
    deal_stage: stage ? stage.title : '',
    additional_field: deal.additional_field,
    create_at: deal.created_at,
  };
}

// getMoveDealOutboundData, 216-260: the deal as it is before the move (deal.js 429 calls it
// before the update), to the stage `to`.
function moveDealData(d: SeedData, deal: Deal, to: string | undefined): Payload {
  const [from, target] = [deal.deal_stage, to].map((id) => d.stages.find((s) => s.id === id));
  return {
    ...{ id: deal.id, title: deal.title, user: byId(d.users, deal.user).user_name },
    contact: strings(populated(d, deal.contacts)),
    pipe_line: target ? byId(d.pipelines, target.pipe_line).title : '',
    deal_source: from ? from.title : '',
    deal_target: target?.title,
    create_at: deal.created_at,
  };
}

// getAssignedAutomationOutboundData, 447-514: the contacts' strings, else the deals', each
// `[id,title,contacts]`. Its one caller (time_line.js 173-178) passes `contact_ids` as a list,
// empty for deals, so there the deal branch is never taken and a deal's event is all blank.
export function automationData(
  d: SeedData,
  automation: string,
  ids: { readonly contacts?: readonly string[]; readonly deals?: readonly string[] },
): Payload {
  const { id, title, type } = byId(d.automations, automation);
  const deals = ids.contacts ? [] : found(d.deals, ids.deals ?? []);
  return {
    ...{ id, title, type },
    deal: deals.map((x) => `[${x.id},${x.title},${strings(populated(d, x.contacts))}]`).join(','),
    contact: ids.contacts ? strings(found(d.contacts, ids.contacts)) : '',
    create_at: new Date(),
  };
}
// getNoteOutboundData, 526-555.
export const noteData = (d: SeedData, note: Note): Payload => ({
  ...{ id: note._id, title: note.title, content: note.content },
  contact: strings(populated(d, note.contact)),
  create_at: note.created_at,
});

// getFollowupOutboundData, 567-597.
export const followupData = (d: SeedData, t: Task): Payload => ({
  ...{ id: t._id, contact: contactString(byId(d.contacts, t.contact)), type: t.type },
  ...{ content: t.content, due_date: t.due_date, set_recurrence: t.set_recurrence },
  ...{ recurrence_mode: t.recurrence_mode, create_at: t.created_at },
});

/** What fire(action) posts: each action's event about seeded records; undefined for another. */
export function eventOf(d: SeedData, action: string): Payload | undefined {
  const contact = (n: number) => byId(d.contacts, objectId('contact', n));
  const deal = byId(d.deals, objectId('deal', 1));
  const note = () => noteData(d, byId(d.notes, objectId('note', 1)));
  const task = () => followupData(d, byId(d.tasks, objectId('task', 1)));
  const [video, pdf] = [byId(d.video, objectId('video', 1)), objectId('pdf', 1)];
  const events: Record<string, () => Payload> = {
    add_contact: () => contactData(d, contact(1)),
    update_contact: () => contactData(d, contact(3)),
    // getRemoveContactOutboundData, 68-92: a delete of several contacts.
    delete_contact: () => {
      const contacts = [2, 3, 4].map(contact);
      return { num: contacts.length, contacts: strings(contacts), removed_date: new Date() };
    },
    add_deal: () => addDealData(d, deal),
    // deal.js 337-362, `is_move_next`: to the next stage of its pipeline.
    move_deal: () => moveDealData(d, deal, objectId('stage', 2)),
    // getSendMaterialOutboundData, 296-357.
    send_material: () => {
      const list = (kind: 'video' | 'pdf' | 'image', ids: string[]) =>
        found(d[kind], ids)
          .map((m) => `[${m.id},${kind.toUpperCase()},${m.title}]`)
          .join(',');
      return {
        subject: 'Your private tour of 1200 Market Street',
        contact: strings(found(d.contacts, [contact(3).id, contact(1).id])),
        video: list('video', [objectId('video', 2), video.id]),
        pdf: list('pdf', [pdf]),
        image: list('image', []),
        create_at: new Date(),
      };
    },
    // getWatchMaterialOutboundData, 390-413, as tracker.js 651-660 calls it for a video.
    watch_material: () => ({
      contact: bare(contact(1)),
      ...{ material_id: video.id, material_type: 'VIDEO', material_title: video.title },
      ...{ material_amount: 87.5, create_at: new Date() },
    }),
    assigned_automation: () =>
      automationData(d, objectId('automation', 1), { contacts: [contact(1).id, contact(2).id] }),
    ...{ create_note: note, update_note: note, delete_note: note },
    ...{ create_task: task, update_task: task },
    // getRemoveFollowupOutboundData, 645-691: each task opened by "[" and never closed.
    delete_task: () => {
      const ids = [objectId('task', 1), objectId('task', 2)];
      const tasks = d.tasks.filter(({ _id }) => ids.includes(_id));
      const text = (t: Task) =>
        `[${t.type},${t.content},${contactString(byId(d.contacts, t.contact))},` +
        `${dateText(t.due_date)},${t.set_recurrence},${t.recurrence_mode},${dateText(t.created_at)}`;
      const removed_task = tasks.map(text).join(',');
      return { num: tasks.length, removed_task, removed_date: new Date() };
    },
    lead_source: () => contactData(d, contact(5)),
  };
  return events[action]?.();
}

// The placeholders of src/constants/outbound.js, by the actions whose samples give them.
const CONTACT =
  'id first_name last_name email address city state zip cell_phone country source company ' +
  'label tags secondary_email secondary_phone website additional_field created_at';
const NOTE = 'id title content contact create_at';
const TASK = 'id contact type content due_date set_recurrence recurrence_mode create_at';
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  ...{ add_contact: CONTACT, update_contact: CONTACT, lead_source: CONTACT },
  delete_contact: 'num contacts removed_date',
  add_deal: 'id title user contact pipe_line deal_stage additional_field create_at',
  move_deal: 'id title user contact pipe_line deal_source deal_target create_at',
  send_material: 'subject contact video pdf image create_at',
  watch_material: 'contact material_id material_type material_title material_amount create_at',
  assigned_automation: 'id title type deal contact create_at',
  ...{ create_note: NOTE, update_note: NOTE, delete_note: NOTE, create_task: TASK },
  ...{ update_task: TASK, delete_task: 'num removed_task removed_date' },
};

/** What perform answers for `action`: getSampleData's "recent data", about the first record of
 * its kind, else a placeholder; `leadType` is the subscription's `data.type`. A note or a task has
 * `contact`, not `contacts`, so with strictQuery off (bins/database.js) the `contacts: { $exists:
 * true }` of their samples (516-524, 557-565, 599-607) finds none: theirs are the placeholders. */
export function sampleOf(d: SeedData, action: string, leadType = ''): Payload {
  const [contact] = leadType.startsWith('lead')
    ? d.contacts.filter(({ source }) => source === leadType)
    : d.contacts;
  const [deal] = d.deals;
  // The first activity of `type` logged, its contact populated. `activity.create_at` is no path
  // of the model: samples built from one have no create_at.
  const fromLog = (type: Activity['type'], build: (a: Activity, contact: string) => Payload) => {
    const a = d.activities.find((one) => one.type === type);
    return () => a && build(a, bare(byId(d.contacts, a.contacts)));
  };
  const videoOf = (a: Activity) => byId(d.video, a.videos?.[0]);
  // getContactOutboundRecentData, 94-109.
  const contactSample = () => contact && contactData(d, contact);
  const samples: Record<string, () => Payload | undefined> = {
    ...{ add_contact: contactSample, update_contact: contactSample, lead_source: contactSample },
    // getRemoveContactOutboundRecentData, 46-66.
    delete_contact: () => contact && { num: 1, contacts: bare(contact), removed_date: new Date() },
    // getDealOutboundRecentData, 149-156; getMoveDealOutboundRecentData, 204-214.
    add_deal: () => deal && addDealData(d, deal),
    move_deal: () => deal && moveDealData(d, deal, deal.deal_stage),
    // getSendMaterialOutbounRecentdData, 262-294.
    send_material: fromLog('videos', (a, contact) => {
      const { id, title } = videoOf(a);
      return { subject: a.subject, contact, video: `${id},${title}`, pdf: '', image: '' };
    }),
    // getWatchMaterialOutboundRecentData, 359-389.
    watch_material: fromLog('video_trackers', (a, contact) => {
      const { id, title } = videoOf(a);
      const material = { material_id: id, material_type: 'VIDEO', material_title: title };
      return { contact, ...material, material_amount: 100 };
    }),
    // getAssignedAutomationOutboundRecentData, 415-446.
    assigned_automation: fromLog('automations', (a, contact) => {
      const { id, title, type } = byId(d.automations, a.automations);
      return { id, title, type, contact, deal: '', create_at: new Date() };
    }),
  };
  const keys = PLACEHOLDERS[action];
  return (
    samples[action]?.() ?? (keys ? Object.fromEntries(keys.split(' ').map((k) => [k, ''])) : {})
  );
}
