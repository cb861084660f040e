// The list endpoints (videos, PDFs, images, templates) as polling triggers,
// which also fill the actions' dropdowns. A run reads the rows (rows.ts),
// chooses them in order (order.ts: polls newest first, dropdowns A–Z by
// title) and returns those that fit the result budget (rows.ts).
import {
  defineTrigger,
  type Bundle,
  type PlainOutputField,
  type Trigger,
  type ZObject,
} from 'zapier-platform-core';
import { callApi } from '../http/client';
import { ENDPOINTS, type Endpoint } from '../http/endpoints';
import { dropdownOrder, listOrder, newestFirst, type Order } from './order';
import { firstOfEachId, readRows, resultOf, type ListRows, type Selection } from './rows';

/** One item of a list as returned: `id` and `title` alone, the keys of the sample and outputFields. */
export interface ListItem {
  readonly id: string;
  readonly title: string;
}

export interface ListSpec {
  /** The item in labels, in a sentence, with its article, and in the plural:
   * "Video", "video", "a video", "videos"; "PDF", "PDF", "a PDF", "PDFs". */
  readonly noun: string;
  readonly singular: string;
  readonly one: string;
  readonly plural: string;
  readonly endpoint: Endpoint;
  readonly description: string;
  readonly sample: ListItem;
  /** Set for a material: how the webhook events (Material Sent, Material Watched) name it. */
  readonly material?: {
    readonly type: string; // the events' word for it: "VIDEO"
    readonly sendKey: string; // the send_material key of its materials: "video"
    readonly amountWhenBlank?: number; // a watch with no amount counts this (an image: 1)
  };
}

/** Shown under the template dropdown: the titles say which templates are email and which text. */
export const TEMPLATE_KINDS = 'Email and text (SMS) templates are told apart by their titles.';

/** The one table of list triggers; the keys are the trigger keys. */
export const LISTS = {
  video: {
    noun: 'Video',
    singular: 'video',
    one: 'a video',
    plural: 'videos',
    endpoint: ENDPOINTS.listVideos,
    description: 'Triggers when a new video is added to your library.',
    sample: { id: '64b7f0c2a91e3d5f8c2b4a17', title: 'Product Demo Walkthrough' },
    material: { type: 'VIDEO', sendKey: 'video' },
  },
  pdf: {
    noun: 'PDF',
    singular: 'PDF',
    one: 'a PDF',
    plural: 'PDFs',
    endpoint: ENDPOINTS.listPdfs,
    description: 'Triggers when a new PDF is added to your library.',
    sample: { id: '64c1a9e73b2d4f6a8e0c5d93', title: 'Home Buyer Guide 2026' },
    material: { type: 'PDF', sendKey: 'pdf' },
  },
  image: {
    noun: 'Image',
    singular: 'image',
    one: 'an image',
    plural: 'images',
    endpoint: ENDPOINTS.listImages,
    description: 'Triggers when a new image is added to your library.',
    sample: { id: '64d2e4b18f7a3c9d0e6b2f45', title: 'Open House Flyer' },
    material: { type: 'IMAGE', sendKey: 'image', amountWhenBlank: 1 },
  },
  template: {
    noun: 'Template',
    singular: 'template',
    one: 'a template',
    plural: 'templates',
    endpoint: ENDPOINTS.listTemplates,
    description: 'Triggers when a new email or text (SMS) template is added.',
    sample: { id: '64a3d5f8e2c14b7a9d0f6e28', title: 'Follow-Up After Showing (Email)' },
  },
} as const satisfies Record<string, ListSpec>;

export type ListKey = keyof typeof LISTS;

/** The dynamic-dropdown reference for a list: its trigger key, value `id`, label `title`. */
export const dropdownOf = (key: ListKey): `${ListKey}.id.title` => `${key}.id.title`;

/** The key of a list's title search (src/searches/), and the reference an id field links it by. */
export const searchKeyOf = (key: ListKey): `find_${ListKey}` => `find_${key}`;
export const searchOf = (key: ListKey): `find_${ListKey}.id` => `${searchKeyOf(key)}.id`;

export const listOutputFields = (spec: ListSpec): PlainOutputField[] => [
  { key: 'id', label: `${spec.noun} ID`, type: 'string' },
  { key: 'title', label: `${spec.noun} Title`, type: 'string' },
];

/** A poll returns the newest 1,000 items, ten times the 100 new items Zapier triggers on a poll. */
export const POLL_LIMIT = 1_000;
/** The poll that fills Zapier's dedupe list as a Zap is turned on reaches further back, so that
 * deleting new items later brings no older, unseen items in as new. */
export const DEDUPE_LIMIT = 10_000;
/** The Zap editor's samples. */
export const SAMPLE_LIMIT = 10;
/** A dropdown page; "Load more" asks for the next page (meta.page 1, 2, …). */
export const DROPDOWN_PAGE_SIZE = 100;

/**
 * The rows one run returns. A dropdown gets a page in dropdownOrder, the
 * editor's samples and a poll a page newest first. When the ids do not show
 * which items are newest, a poll gets the whole list in the service's order on
 * page 0 (resultOf keeps what fits the result budget), and nothing after it.
 */
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
  return firstOfEachId(list, count, listOrder(list), true);
}

function listTrigger(key: ListKey, spec: ListSpec): Trigger {
  return defineTrigger({
    key,
    noun: spec.noun,
    display: { label: `New ${spec.noun}`, description: spec.description },
    operation: {
      type: 'polling',
      perform: async (z: ZObject, bundle: Bundle): Promise<ListItem[]> => {
        const list = readRows(z, spec, await callApi(z, bundle, spec.endpoint));
        return resultOf(z, spec, list, select(bundle, list));
      },
      // The dropdowns this trigger fills load more choices page by page.
      canPaginate: true,
      sample: { ...spec.sample },
      outputFields: listOutputFields(spec),
    },
  });
}

export const listTriggers = Object.fromEntries(
  (Object.keys(LISTS) as ListKey[]).map((key) => [key, listTrigger(key, LISTS[key])]),
) as Record<ListKey, Trigger>;
