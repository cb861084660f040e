// The service's lists (videos, PDFs, images, templates, and the labels, automations and lead
// sources the dropdowns offer): the table every operation reads, and one way to read a list
// response and to return its items. Their endpoints are LIST_ENDPOINTS (src/http/endpoints.ts).
import type { PlainOutputField, ZObject } from 'zapier-platform-core';
import { isObject, recordIdOf, contentOf, type JsonObject } from './json';
import { ListWithinBudget } from './size';
import { truncate } from './text';

type ListItem = Readonly<{ id: string; title: string }>;

interface ListSpec {
  /** "Video", "video", "a video"; "PDF", "PDF", "a PDF". Each plural is the singular and "s". */
  readonly noun: string;
  readonly singular: string;
  readonly withArticle: string;
  readonly description: string;
  readonly sample: ListItem;
  /** Where the builder keeps them, for help text, where it is not "your library". */
  readonly library?: string;
  /** Only a dropdown's source: its trigger is hidden, and it has no Find step. */
  readonly dropdownOnly?: true;
  /** The key of each row's title, where it is not `title` (a label's is `name`). */
  readonly titleKey?: string;
  /** For a material: its type and its key in the webhook events, and the amount of a blank watch. */
  readonly material?: Readonly<{ type: string; sendKey: string; amountWhenBlank?: number }>;
}

export const LISTS = {
  video: {
    noun: 'Video',
    singular: 'video',
    withArticle: 'a video',
    description: 'Triggers when a new video is added, shared with you or shared company-wide.',
    sample: { id: '64b7f0c2a91e3d5f8c2b4a17', title: 'Product Demo Walkthrough' },
    material: { type: 'VIDEO', sendKey: 'video' },
  },
  pdf: {
    noun: 'PDF',
    singular: 'PDF',
    withArticle: 'a PDF',
    description: 'Triggers when a new PDF is added, shared with you or shared company-wide.',
    sample: { id: '64c1a9e73b2d4f6a8e0c5d93', title: 'Home Buyer Guide 2026' },
    material: { type: 'PDF', sendKey: 'pdf' },
  },
  image: {
    noun: 'Image',
    singular: 'image',
    withArticle: 'an image',
    description: 'Triggers when a new image is added, shared with you or shared company-wide.',
    sample: { id: '64d2e4b18f7a3c9d0e6b2f45', title: 'Open House Flyer' },
    // An image is opened, not read: a watch of one has no amount.
    material: { type: 'IMAGE', sendKey: 'image', amountWhenBlank: 1 },
  },
  template: {
    noun: 'Template',
    singular: 'template',
    withArticle: 'a template',
    description: 'Triggers when a new email or text (SMS) template is added.',
    sample: { id: '64a3d5f8e2c14b7a9d0f6e28', title: 'Follow-Up After Showing (Email)' },
  },
  // GET …/label answers `[{id, name}]`, the account's labels and CRMGrow's own (Teamgrow-Backend
  // a2ec244, src/controllers/developer.js, getLabels).
  label: {
    noun: 'Label',
    singular: 'label',
    withArticle: 'a label',
    library: 'your CRMGrow labels',
    description: 'Triggers when a new contact label is added.',
    sample: { id: '64e5a1c7b3d94f2e8a0c6b51', title: 'Hot Lead' },
    dropdownOnly: true,
    titleKey: 'name',
  },
  // GET …/automation answers `[{id, title}]` (developer.js, getAutomations).
  automation: {
    noun: 'Automation',
    singular: 'automation',
    withArticle: 'an automation',
    library: 'your CRMGrow automations',
    description: 'Triggers when a new automation is added.',
    sample: { id: '64f1b2d8c4e05a3f9b1d7c62', title: 'New Buyer Follow-Up' },
    dropdownOnly: true,
  },
  // GET …/lead?type= answers `[{id: 0, title: "All"}, …]`, the scheduler's events and the lead
  // forms of that type (developer.js, getLeadSources).
  lead: {
    noun: 'Lead Form or Event',
    singular: 'lead form or event',
    withArticle: 'a lead form or event',
    library: 'your CRMGrow lead forms and scheduler events',
    description: 'Triggers when a new lead form or scheduler event is added.',
    sample: { id: '6512e4c1a9b3f2001e7d4c01', title: 'Open House Sign-In' },
    dropdownOnly: true,
  },
} as const satisfies Record<string, ListSpec>;

export type ListKey = keyof typeof LISTS;
export const LIST_KEYS = Object.keys(LISTS) as ListKey[];

/** The kinds of material, as the webhook events name them. */
export const MATERIALS = Object.values(LISTS as Record<ListKey, ListSpec>).flatMap(
  ({ noun, material }) => (material ? [{ ...material, label: noun }] : []),
);

export const searchKeyOf = (key: ListKey): `find_${ListKey}` => `find_${key}`;
/** The Find step's label, which messages name too: "Find Video". */
export const searchLabelOf = (key: ListKey): string => `Find ${LISTS[key].noun}`;

export const listOutputFields = ({ noun }: ListSpec): PlainOutputField[] => [
  { key: 'id', label: `${noun} ID`, type: 'string' },
  { key: 'title', label: `${noun} Title`, type: 'string' },
];

/** The editor's sample shows at most this many items. */
export const SAMPLE_SIZE = 10;

/** Titles are cut to this in results: a dropdown shows no more. */
const MAX_TITLE = 1_000;

/** The rows of a list with a usable id, in the service's order. */
export interface List {
  readonly rows: readonly JsonObject[];
  readonly ids: readonly string[];
}

export const titleOf = (row: JsonObject | undefined, { titleKey = 'title' }: ListSpec): string => {
  const title = row?.[titleKey];
  return typeof title === 'string' ? title.trim() : '';
};

/** A bare array or a `{"data": [...]}` envelope: the endpoint's success check made sure of a list. */
export function readList(z: ZObject, spec: ListSpec, data: unknown): List {
  const all = contentOf(data) as unknown[];
  const rows: JsonObject[] = [];
  const ids: string[] = [];
  for (const row of all) {
    const id = recordIdOf(row);
    if (id === undefined || !isObject(row)) continue;
    rows.push(row);
    ids.push(id);
  }
  if (rows.length < all.length) {
    z.console.log(
      `Left out ${all.length - rows.length} ${spec.singular}s without a usable "id" or "_id": ` +
        'Zapier tells items apart by it.',
    );
  }
  return { rows, ids };
}

/** The rows at `rowIndexes`, each id once, while they fit the result. */
export function listResult(
  z: ZObject,
  spec: ListSpec,
  list: List,
  rowIndexes: readonly number[],
): ListItem[] {
  const result = new ListWithinBudget<ListItem>(`${spec.singular}s`, (line) => z.console.log(line));
  const seen = new Set<string>();
  let repeats = 0;
  for (const index of rowIndexes) {
    const id = list.ids[index] ?? '';
    if (result.leavingOut) result.leaveOut();
    else if (seen.has(id)) repeats++;
    else {
      seen.add(id);
      result.add({ id, title: truncate(titleOf(list.rows[index], spec), MAX_TITLE) });
    }
  }
  if (repeats > 0) {
    z.console.log(
      `Left out ${repeats} ${spec.singular}s whose id repeats an earlier one: Zapier needs each id once.`,
    );
  }
  return result.done();
}
