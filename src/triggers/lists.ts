// The list endpoints as polling triggers, which also fill the actions' dropdowns.
import { defineTrigger, type Bundle, type PlainOutputField } from 'zapier-platform-core';
import { callApi } from '../http/client';
import { ENDPOINTS, type Endpoint } from '../http/endpoints';
import { dropdownOrder, newestFirst, type Order } from './order';
import { firstOfEachId, readRows, resultOf, type ListRows, type Selection } from './rows';

export type ListItem = Readonly<{ id: string; title: string }>;

export interface ListSpec {
  /** "Video", "video", "a video"; "PDF", "PDF", "a PDF". Each plural is the singular and "s". */
  readonly noun: string;
  readonly singular: string;
  readonly one: string;
  readonly endpoint: Endpoint;
  readonly description: string;
  readonly sample: ListItem;
  /** For a material, how the webhook events name it (see src/hooks/strings.ts). */
  readonly material?: Readonly<{ type: string; sendKey: string; amountWhenBlank?: number }>;
}

export const TEMPLATE_KINDS = 'Email and text (SMS) templates are told apart by their titles.';

export const LISTS = {
  video: {
    noun: 'Video',
    singular: 'video',
    one: 'a video',
    endpoint: ENDPOINTS.listVideos,
    description: 'Triggers when a new video is added to your library.',
    sample: { id: '64b7f0c2a91e3d5f8c2b4a17', title: 'Product Demo Walkthrough' },
    material: { type: 'VIDEO', sendKey: 'video' },
  },
  pdf: {
    noun: 'PDF',
    singular: 'PDF',
    one: 'a PDF',
    endpoint: ENDPOINTS.listPdfs,
    description: 'Triggers when a new PDF is added to your library.',
    sample: { id: '64c1a9e73b2d4f6a8e0c5d93', title: 'Home Buyer Guide 2026' },
    material: { type: 'PDF', sendKey: 'pdf' },
  },
  image: {
    noun: 'Image',
    singular: 'image',
    one: 'an image',
    endpoint: ENDPOINTS.listImages,
    description: 'Triggers when a new image is added to your library.',
    sample: { id: '64d2e4b18f7a3c9d0e6b2f45', title: 'Open House Flyer' },
    material: { type: 'IMAGE', sendKey: 'image', amountWhenBlank: 1 },
  },
  template: {
    noun: 'Template',
    singular: 'template',
    one: 'a template',
    endpoint: ENDPOINTS.listTemplates,
    description: 'Triggers when a new email or text (SMS) template is added.',
    sample: { id: '64a3d5f8e2c14b7a9d0f6e28', title: 'Follow-Up After Showing (Email)' },
  },
} as const satisfies Record<string, ListSpec>;

export type ListKey = keyof typeof LISTS;
export const dropdownOf = (key: ListKey): `${ListKey}.id.title` => `${key}.id.title`;
export const searchKeyOf = (key: ListKey): `find_${ListKey}` => `find_${key}`;
export const searchOf = (key: ListKey): `find_${ListKey}.id` => `${searchKeyOf(key)}.id`;

export const listOutputFields = (spec: ListSpec): PlainOutputField[] => [
  { key: 'id', label: `${spec.noun} ID`, type: 'string' },
  { key: 'title', label: `${spec.noun} Title`, type: 'string' },
];

// A poll returns ten times the 100 new items Zapier triggers on at most.
const POLL_LIMIT = 1_000;
// Turning a Zap on reads further back, so that new items deleted later bring no old ones in.
const DEDUPE_LIMIT = 10_000;
export const SAMPLE_LIMIT = 10;
const DROPDOWN_PAGE_SIZE = 100;

// A dropdown gets a page A–Z, a poll a page newest first; when the ids do not show their age,
// a poll gets the whole list on page 0, as far as it fits, and nothing after it.
function select({ meta }: Bundle, list: ListRows): Selection {
  const asked = Number(meta?.page ?? 0);
  const page = meta?.isLoadingSample || !Number.isSafeInteger(asked) ? 0 : Math.max(asked, 0);
  const pageOf = (size: number, order: Order, sameIdInListOrder: boolean): Selection => {
    const first = firstOfEachId(list, (page + 1) * size, order, sameIdInListOrder);
    return { ...first, positions: first.positions.slice(page * size) };
  };
  if (meta?.isFillingDynamicDropdown) return pageOf(DROPDOWN_PAGE_SIZE, dropdownOrder(list), false);
  const limit = meta?.isPopulatingDedupe ? DEDUPE_LIMIT : POLL_LIMIT;
  const size = meta?.isLoadingSample ? SAMPLE_LIMIT : limit;
  const newest = newestFirst(list);
  if (newest) return pageOf(size, newest, true);
  const count = meta?.isLoadingSample ? size : page > 0 ? 0 : list.ids.length;
  return firstOfEachId(list, count, (n) => list.ids.slice(0, n).map((_, i) => i), true);
}

function listTrigger(key: ListKey, spec: ListSpec) {
  return defineTrigger({
    key,
    noun: spec.noun,
    display: { label: `New ${spec.noun}`, description: spec.description },
    operation: {
      type: 'polling',
      perform: async (z, bundle): Promise<ListItem[]> => {
        const list = readRows(z, spec, await callApi(z, bundle, spec.endpoint));
        return resultOf(z, spec, list, select(bundle, list));
      },
      canPaginate: true,
      sample: { ...spec.sample },
      outputFields: listOutputFields(spec),
    },
  });
}

export const listTriggers = Object.fromEntries(
  (Object.keys(LISTS) as ListKey[]).map((key) => [key, listTrigger(key, LISTS[key])]),
) as Record<ListKey, ReturnType<typeof listTrigger>>;
