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

/** A list's usable rows (each with an id), in the service's order. */
export interface Listed {
  readonly rows: readonly Row[];
  /** The id of each row, at the same position; one may repeat an earlier one unless `order` is set. */
  readonly ids: readonly string[];
  /** The ids rise (oldest first) or fall (newest first) all along, so none repeats. */
  readonly order?: 'rising' | 'falling';
}

/** Reads the list in one pass, by `id` or `_id`; leaves out (logged) the rows without a usable
 * id. Repeated ids are left out later, among the items a run returns (see firstOnce). */
export function listedOf(
  z: ZObject,
  spec: ListSpec,
  answer: Pick<ApiAnswer, 'data' | 'content'>,
): Listed {
  const list = enveloped(answer.data);
  if (!Array.isArray(list)) {
    throw new z.errors.Error(
      `${SERVICE_NAME} answered ${whereOf(spec)} with something other than a list of ` +
        `${spec.plural}, so there is nothing to show. Try again in a few minutes; if it keeps ` +
        `happening, contact ${SERVICE_NAME} support.`,
      'invalid_response',
    );
  }
  const rows: Row[] = [];
  const ids: string[] = [];
  let direction = 0;
  let ordered = true;
  for (const row of list) {
    if (!isRecord(row)) continue;
    const text = idOf(row.id);
    const raw = text === undefined ? row._id : row.id;
    if (isInexactInteger(raw)) {
      // An id past 2^53 was rounded: read the digits as sent, once, and start over.
      const exact = enveloped(parseJsonExact(answer.content));
      if (Array.isArray(exact)) return listedOf(z, spec, { data: exact, content: '' });
    }
    const id = text ?? idOf(raw);
    if (id === undefined) continue;
    const last = ids[ids.length - 1];
    if (ordered && last !== undefined) {
      const step = id > last ? 1 : id < last ? -1 : 0;
      if (step === 0 || step === -direction) ordered = false;
      direction = step;
    }
    rows.push(row);
    ids.push(id);
  }
  const withoutId = list.length - rows.length;
  if (withoutId > 0) {
    z.console.log(
      `Left out ${withoutId} of ${list.length} ${spec.plural} from ${whereOf(spec)}: they ` +
        'have no usable "id" or "_id", so Zapier could not tell them apart.',
    );
  }
  const order = !ordered ? undefined : direction < 0 ? 'falling' : 'rising';
  return { rows, ids, ...(order ? { order } : {}) };
}

const whereOf = (spec: ListSpec): string => `${spec.endpoint.method} ${spec.endpoint.path}`;

/** The first positions of a list in some order, as many as asked for (fewer at its end). */
type Picker = (upTo: number) => readonly number[];

/** Positions a run returns, and how many it left out as repeats among the `looked` at. */
export interface Picked {
  readonly positions: number[];
  readonly repeats: number;
  readonly looked: number;
}

/**
 * The first `count` positions `pick` gives, each the first row of its id (Zapier needs each id
 * once); while repeats leave it short, it picks twice as many. Only the picked ids are looked
 * for: a set of every id would cost about as much as reading the answer. `repeatsFollow`: the
 * order puts each id's first row before its repeats (by age, or the list's own order), so the
 * picked hold it; else the list is read up to the last picked row.
 */
export function firstOnce(
  listed: Listed,
  count: number,
  pick: Picker,
  repeatsFollow = false,
): Picked {
  for (let upTo = Math.max(count, 1); ; upTo *= 2) {
    const picked = pick(upTo);
    // The first row of each picked id: its first pick where repeats follow, else found below.
    const first = new Map<string, number>();
    for (const position of picked) {
      const id = listed.ids[position] ?? '';
      if (!first.has(id)) first.set(id, position);
    }
    const end = repeatsFollow || listed.order ? 0 : picked.reduce((a, b) => Math.max(a, b), 0);
    for (let i = 0; i < end; i++) {
      const at = first.get(listed.ids[i] ?? '');
      if (at !== undefined && i < at) first.set(listed.ids[i] ?? '', i);
    }
    const positions: number[] = [];
    let looked = 0;
    for (const position of picked) {
      if (positions.length === count) break;
      looked += 1;
      if (first.get(listed.ids[position] ?? '') === position) positions.push(position);
    }
    if (positions.length === count || picked.length < upTo) {
      return { positions, repeats: looked - positions.length, looked };
    }
  }
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
 * A picker of the newest of `among` (positions in the list's order) or of the whole list.
 * Undefined when an id is not an ObjectId (whose first 8 hex digits are its creation time):
 * the service promises no order.
 */
export function newestOf(listed: Listed, among?: readonly number[]): Picker | undefined {
  const positionOf = (k: number): number => (among ? (among[k] ?? 0) : k);
  const ids = among ? among.map((position) => listed.ids[position] ?? '') : listed.ids;
  // Most ids are ObjectIds as MongoDB writes them (lower-case): ordered by age as they are.
  const lowerCase = ids.every(isLowerCaseObjectId);
  if (lowerCase && listed.order) {
    // The newest are at one end: no comparison at all.
    const nth = (k: number): number => (listed.order === 'falling' ? k : ids.length - 1 - k);
    return (upTo) =>
      Array.from({ length: Math.min(upTo, ids.length) }, (_, k) => positionOf(nth(k)));
  }
  if (!lowerCase && !ids.every(isObjectId)) return undefined;
  const keys = lowerCase ? ids : ids.map((id) => id.toLowerCase());
  const newer = (i: number, j: number): number => {
    const a = keys[i] ?? '';
    const b = keys[j] ?? '';
    return a > b ? -1 : a < b ? 1 : 0;
  };
  return (upTo) => firstInOrder(keys.length, upTo, newer).map(positionOf);
}

/** The first of `among` (or of the whole list) in the service's order. */
export const inListOrder =
  (listed: Listed, among?: readonly number[]): Picker =>
  (upTo) =>
    among
      ? among.slice(0, upTo)
      : Array.from({ length: Math.min(upTo, listed.ids.length) }, (_, i) => i);

/** A–Z by title as the collator has it, untitled last, ties by id, then in the list's order. */
function titleOrder({ rows, ids }: Listed, collator: Intl.Collator) {
  return (i: number, j: number): number => {
    const a = titleOf(rows[i]);
    const b = titleOf(rows[j]);
    const byTitle = Number(a === '') - Number(b === '') || collator.compare(a, b);
    const [x, y] = [ids[i] ?? '', ids[j] ?? ''];
    return byTitle || (x < y ? -1 : x > y ? 1 : 0);
  };
}

/** The page Zapier asks for, counting from 0. */
function pageOf(bundle: Bundle): number {
  const page = Number(bundle.meta?.page ?? 0);
  return Number.isSafeInteger(page) ? Math.max(page, 0) : 0;
}

/** What one run returns; `ageless` when the ids do not tell the items' age. */
interface Selection extends Picked {
  readonly ageless?: boolean;
}

/** From the `skip`-th position on. */
const after = (picked: Picked, skip: number): Picked => ({
  ...picked,
  positions: picked.positions.slice(skip),
});

/** A dropdown gets a page by title, the editor's samples the newest few, a poll a page of the
 * newest or, of unknown age, every item that fits on page 0 (see resultOf). */
function selectionOf(bundle: Bundle, listed: Listed): Selection {
  const { meta } = bundle;
  if (meta?.isFillingDynamicDropdown) {
    const upTo = (pageOf(bundle) + 1) * DROPDOWN_PAGE_SIZE;
    const byTitle = titleOrder(listed, titleCollator());
    const firsts = firstOnce(listed, upTo, (n) => firstInOrder(listed.ids.length, n, byTitle));
    return after(firsts, upTo - DROPDOWN_PAGE_SIZE);
  }
  const page = meta?.isLoadingSample ? 0 : pageOf(bundle);
  const limit = meta?.isPopulatingDedupe ? DEDUPE_LIMIT : POLL_LIMIT;
  const size = meta?.isLoadingSample ? SAMPLE_LIMIT : limit;
  const newest = newestOf(listed);
  if (newest) return after(firstOnce(listed, (page + 1) * size, newest, true), page * size);
  if (meta?.isLoadingSample) return firstOnce(listed, size, inListOrder(listed), true);
  if (page > 0) return { positions: [], repeats: 0, looked: 0 };
  return { ...firstOnce(listed, listed.ids.length, inListOrder(listed), true), ageless: true };
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
  { positions, ageless, repeats, looked }: Selection,
): ListItem[] {
  if (repeats > 0) {
    z.console.log(
      `Left out ${repeats} of ${looked} ${spec.plural} from ${whereOf(spec)}: their id repeats ` +
        'an earlier item, and Zapier needs each id once.',
    );
  }
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
    `Left out ${tail - head} of ${items.length} ${spec.plural} from ${whereOf(spec)}, positions ${head + 1} to ${tail} ` +
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
