// The list endpoints (videos, PDFs, images, templates) as polling
// triggers. They are also the sources of the actions' dropdowns.
import {
  defineTrigger,
  type Bundle,
  type PlainOutputField,
  type Trigger,
  type ZObject,
} from 'zapier-platform-core';
import { enveloped } from '../http/answers';
import { callApi, type ApiAnswer } from '../http/client';
import { isInexactInteger, isRecord, parseJsonExact } from '../http/json';
import { ENDPOINTS, type Endpoint } from '../http/endpoints';
import { SERVICE_NAME } from '../http/errors';
import { isLowerCaseObjectId, isObjectId } from '../http/ids';
import { firstInOrder } from './select';
import { cutTitle, titleCollator, titleRoom } from './titles';

/** One item of a list as returned: `id` and `title` alone, the keys of the sample and outputFields. */
export interface ListItem {
  readonly id: string;
  readonly title: string;
}

export interface ListSpec {
  /** Completes "New …" and names the item in labels: "Video", "PDF". */
  readonly noun: string;
  /** The noun inside a sentence: "video", "PDF". */
  readonly singular: string;
  /** The same with its article: "a video", "an image". */
  readonly one: string;
  /** The same in the plural: "videos". */
  readonly plural: string;
  readonly endpoint: Endpoint;
  readonly description: string;
  readonly sample: ListItem;
  /** A material: the webhook events' kinds (Material Sent, Material Watched, their filter). */
  readonly material?: {
    readonly type: string; // the events' word for it: "VIDEO"
    readonly sendKey: string; // the send_material key of its materials: "video"
    readonly amountWhenBlank?: number; // a watch with no amount counts this (an image: 1)
  };
}

/** How templates differ, told next to the template dropdown. */
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

/** A usable id: a non-blank string, or a number (kept as its string form). */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  return Number.isFinite(value) ? String(value) : undefined;
}

type Row = Readonly<Record<string, unknown>>;

/** A row's title, trimmed; blank when none. */
const titleOf = (row: Row | undefined): string =>
  typeof row?.title === 'string' ? row.title.trim() : '';

/** A list's usable rows (each with an id, none repeating one), in the service's order. */
export interface Listed {
  readonly rows: readonly Row[];
  /** The id of each row, at the same position. */
  readonly ids: readonly string[];
  /** Every id is an ObjectId as MongoDB writes it (lower-case): ordered by age as it is. */
  readonly lowerCaseObjectIds: boolean;
  /** The ids rise (oldest first) or fall (newest first) all along. */
  readonly order?: 'rising' | 'falling';
}

/** Reads the list in one pass, by `id` or `_id`; leaves out (logged) what Zapier could not
 * deduplicate: rows without a usable id, and repeats of an id already seen. */
export function listedOf(
  z: ZObject,
  spec: ListSpec,
  answer: Pick<ApiAnswer, 'data' | 'content'>,
): Listed {
  const list = enveloped(answer.data);
  const where = `${spec.endpoint.method} ${spec.endpoint.path}`;
  if (!Array.isArray(list)) {
    throw new z.errors.Error(
      `${SERVICE_NAME} answered ${where} with something other than a list of ${spec.plural}, ` +
        'so there is nothing to show. Try again in a few minutes; if it keeps happening, ' +
        `contact ${SERVICE_NAME} support.`,
      'invalid_response',
    );
  }
  const rows: Row[] = [];
  const ids: string[] = [];
  // While the ids keep rising (or falling), none can repeat: a set of every id, which costs
  // more than the parse at 200,000, is made only once the order breaks.
  let seen: Set<string> | undefined;
  let direction = 0;
  let lowerCaseObjectIds = true;
  let withoutId = 0;
  let repeated = 0;
  for (const row of list) {
    const record = isRecord(row);
    const raw = record ? row.id : undefined;
    // Most ids are ObjectIds as MongoDB writes them: one test reads such an id and tells its age.
    const objectId = typeof raw === 'string' && isLowerCaseObjectId(raw);
    if (record && !objectId && (isInexactInteger(raw) || isInexactInteger(row._id))) {
      // An id past 2^53 was rounded: read the digits as sent, once, and start over.
      const exact = enveloped(parseJsonExact(answer.content));
      if (Array.isArray(exact)) return listedOf(z, spec, { data: exact, content: '' });
    }
    const id = objectId ? raw : record ? (idOf(raw) ?? idOf(row._id)) : undefined;
    if (id === undefined || !record) {
      withoutId += 1;
      continue;
    }
    const last = ids[ids.length - 1];
    if (!seen && last !== undefined) {
      const step = id > last ? 1 : id < last ? -1 : 0;
      if (step === 0 || step === -direction) seen = new Set(ids);
      else direction = step;
    }
    if (seen?.has(id)) {
      repeated += 1;
      continue;
    }
    seen?.add(id);
    rows.push(row);
    ids.push(id);
    lowerCaseObjectIds &&= objectId;
  }
  const leftOut = (count: number, why: string): void => {
    if (count > 0)
      z.console.log(`Left out ${count} of ${list.length} ${spec.plural} from ${where}: ${why}`);
  };
  leftOut(withoutId, 'they have no usable "id" or "_id", so Zapier could not tell them apart.');
  leftOut(repeated, 'their id repeats an earlier item, and Zapier needs each id once.');
  const order = seen ? undefined : direction < 0 ? 'falling' : 'rising';
  return { rows, ids, lowerCaseObjectIds, ...(order ? { order } : {}) };
}

/**
 * Items a run returns at most. A poll: the newest 1,000, ten times the 100 new items Zapier
 * triggers a poll (it remembers the ids it has seen). The poll that fills Zapier's dedupe list
 * when a Zap is turned on reaches further back: deleting new items then brings no unseen older
 * ones into the 1,000. The editor's samples (meta.isLoadingSample): a few. A dropdown page.
 */
export const POLL_LIMIT = 1_000;
export const DEDUPE_LIMIT = 10_000;
export const SAMPLE_LIMIT = 10;
export const DROPDOWN_PAGE_SIZE = 100;

/**
 * The positions of the newest `count` items, newest first: of `among` (positions
 * in the list's order) or of the whole list. Undefined when an id is not an ObjectId
 * (whose first 8 hex digits are its creation time): the service promises no order.
 */
export function newestFirst(
  listed: Listed,
  count: number,
  among?: readonly number[],
): number[] | undefined {
  const positionOf = (k: number): number => (among ? (among[k] ?? 0) : k);
  const ids = among ? among.map((position) => listed.ids[position] ?? '') : listed.ids;
  const lowerCase = among ? ids.every(isLowerCaseObjectId) : listed.lowerCaseObjectIds;
  if (lowerCase && listed.order) {
    // The newest are at one end: no comparison at all.
    const nth = (k: number): number => (listed.order === 'falling' ? k : ids.length - 1 - k);
    return Array.from({ length: Math.min(count, ids.length) }, (_, k) => positionOf(nth(k)));
  }
  if (!lowerCase && !ids.every(isObjectId)) return undefined;
  const keys = lowerCase ? ids : ids.map((id) => id.toLowerCase());
  const newer = (i: number, j: number): number => {
    const a = keys[i] ?? '';
    const b = keys[j] ?? '';
    return a > b ? -1 : a < b ? 1 : 0;
  };
  return firstInOrder(keys.length, count, newer).map(positionOf);
}

/** A–Z by title as the collator has it, untitled last, ties by id (each id is once in a Listed). */
function titleOrder({ rows, ids }: Listed, collator: Intl.Collator) {
  return (i: number, j: number): number => {
    const a = titleOf(rows[i]);
    const b = titleOf(rows[j]);
    const byTitle = Number(a === '') - Number(b === '') || collator.compare(a, b);
    return byTitle || ((ids[i] ?? '') < (ids[j] ?? '') ? -1 : 1);
  };
}

/** The page Zapier asks for, counting from 0. */
function pageOf(bundle: Bundle): number {
  const page = Number(bundle.meta?.page ?? 0);
  return Number.isSafeInteger(page) ? Math.max(page, 0) : 0;
}

/** What one run returns, as positions; `ageless` when the ids do not tell the items' age. */
interface Selection {
  readonly positions: number[];
  readonly ageless?: boolean;
}

/** A dropdown gets a page by title, the editor's samples the newest few, a poll a page of the
 * newest or, of unknown age, every item that fits on page 0 (see resultOf). */
function selectionOf(bundle: Bundle, listed: Listed): Selection {
  const { meta } = bundle;
  if (meta?.isFillingDynamicDropdown) {
    const upTo = (pageOf(bundle) + 1) * DROPDOWN_PAGE_SIZE;
    const firsts = firstInOrder(listed.ids.length, upTo, titleOrder(listed, titleCollator()));
    return { positions: firsts.slice(upTo - DROPDOWN_PAGE_SIZE) };
  }
  const page = meta?.isLoadingSample ? 0 : pageOf(bundle);
  const limit = meta?.isPopulatingDedupe ? DEDUPE_LIMIT : POLL_LIMIT;
  const size = meta?.isLoadingSample ? SAMPLE_LIMIT : limit;
  const newest = newestFirst(listed, (page + 1) * size);
  if (newest) return { positions: newest.slice(page * size) };
  const all = page === 0 ? Array.from(listed.ids, (_, i) => i) : [];
  return meta?.isLoadingSample
    ? { positions: all.slice(0, size) }
    : { positions: all, ageless: true };
}

/** What a result may take as JSON: Zapier refuses one over 6 MiB, its own keys included. */
export const RESULT_BUDGET_BYTES = 5 * 1024 * 1024;

/**
 * The items at these positions, titles cut to the room their number leaves, as
 * many as fit in RESULT_BUDGET_BYTES whatever the ids: past it, the last are left
 * out (logged), or, of unknown age, the middle: a new item comes at one end.
 */
export function resultOf(
  z: ZObject,
  spec: ListSpec,
  listed: Listed,
  { positions, ageless }: Selection,
): ListItem[] {
  const room = titleRoom(positions.length);
  const items = positions.map((i) => ({
    id: listed.ids[i] ?? '',
    title: cutTitle(titleOf(listed.rows[i]), room),
  }));
  const sizes = items.map((item) => Buffer.byteLength(JSON.stringify(item)) + 1);
  let used = 0;
  let head = 0;
  let tail = items.length;
  const headRoom = ageless ? RESULT_BUDGET_BYTES / 2 : RESULT_BUDGET_BYTES;
  while (head < tail && used + (sizes[head] ?? 0) <= headRoom) used += sizes[head++] ?? 0;
  while (ageless && head < tail && used + (sizes[tail - 1] ?? 0) <= RESULT_BUDGET_BYTES) {
    used += sizes[--tail] ?? 0;
  }
  if (head === tail) return items;
  z.console.log(
    `Left out ${tail - head} of ${items.length} ${spec.plural} from ${spec.endpoint.method} ` +
      `${spec.endpoint.path}, positions ${head + 1} to ${tail} ` +
      (ageless
        ? `in ${SERVICE_NAME}'s order (their ids do not tell which are newest)`
        : 'of this result') +
      ": with them, the result would pass Zapier's 6 MiB limit.",
  );
  return [...items.slice(0, head), ...items.slice(tail)];
}

function listTrigger(key: ListKey, spec: ListSpec): Trigger {
  return defineTrigger({
    key,
    noun: spec.noun,
    display: { label: `New ${spec.noun}`, description: spec.description },
    operation: {
      type: 'polling',
      perform: async (z: ZObject, bundle: Bundle): Promise<ListItem[]> => {
        const listed = listedOf(z, spec, await callApi(z, bundle, spec.endpoint));
        return resultOf(z, spec, listed, selectionOf(bundle, listed));
      },
      // Pages the dropdowns fed by this trigger: "Load more" asks for meta.page 1, 2, …
      canPaginate: true,
      sample: { ...spec.sample },
      outputFields: listOutputFields(spec),
    },
  });
}

export const listTriggers = Object.fromEntries(
  (Object.keys(LISTS) as ListKey[]).map((key) => [key, listTrigger(key, LISTS[key])]),
) as Record<ListKey, Trigger>;
