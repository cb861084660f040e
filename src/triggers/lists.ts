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
import { RESULT_BUDGET_BYTES } from '../result';
import { cutText } from '../text';
import { titleComparer, titleRoom } from './titles';

/** One item of a list as returned: `id` and `title` alone, the keys of the sample and outputFields. */
export interface ListItem {
  readonly id: string;
  readonly title: string;
}

export interface ListSpec {
  /** The item named in labels ("New Video"), in a sentence, with its article, in the plural:
   * "Video", "video", "a video", "videos"; "PDF", "PDF", "a PDF", "PDFs". */
  readonly noun: string;
  readonly singular: string;
  readonly one: string;
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

const isId = (id: string | undefined): id is string => id !== undefined;

/** Texts by their UTF-16 code units, as `<` compares them. */
const byText = (a = '', b = ''): number => (a > b ? 1 : a < b ? -1 : 0);

type Row = Readonly<Record<string, unknown>>;

/** A row's title, trimmed; blank when none. */
const titleOf = (row: Row | undefined): string =>
  typeof row?.title === 'string' ? row.title.trim() : '';

const whereOf = (spec: ListSpec): string => `${spec.endpoint.method} ${spec.endpoint.path}`;

/** A list's rows with a usable id, in the service's order; `ids` holds each row's id. */
export interface Listed {
  readonly rows: readonly Row[];
  readonly ids: readonly string[];
  /** The ids rise (oldest first) or fall (newest first) all along, so none repeats. */
  readonly order?: 'rising' | 'falling';
}

/** Reads the list by `id` or `_id`, and leaves out (logged) rows without a usable
 * id. Repeated ids are left out among the items a run returns (firstOnce). */
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
  let rounded = false;
  const found = list.map((row: unknown) => {
    if (!isRecord(row)) return undefined;
    rounded ||= isInexactInteger(row.id) || isInexactInteger(row._id);
    return idOf(row.id) ?? idOf(row._id);
  });
  // An id past 2^53 was rounded: read the digits as sent, once, and start over.
  const exact = rounded ? enveloped(parseJsonExact(answer.content)) : undefined;
  if (Array.isArray(exact)) return listedOf(z, spec, { data: exact, content: '' });
  const ids = found.every(isId) ? found : found.filter(isId);
  const rows = (ids === found ? list : list.filter((_, i) => isId(found[i]))) as Row[];
  if (rows.length < list.length) {
    z.console.log(
      `Left out ${list.length - rows.length} of ${list.length} ${spec.plural} from ` +
        `${whereOf(spec)}: they have no usable "id" or "_id", so Zapier could not tell them apart.`,
    );
  }
  const direction = ids.length > 1 ? byText(ids[1], ids[0]) : 1;
  const ordered =
    direction !== 0 && ids.every((id, i) => !i || byText(id, ids[i - 1]) === direction);
  return ordered ? { rows, ids, order: direction === 1 ? 'rising' : 'falling' } : { rows, ids };
}

/** The first positions of a list in some order, as many as asked for (fewer at its end). */
export type Picker = (upTo: number) => readonly number[];

/** The positions a run returns; `repeats` of the `looked` at were left out. */
export interface Picked {
  readonly positions: number[];
  readonly repeats: number;
  readonly looked: number;
}

/** The first `count` positions `pick` gives, each the first row of its id (Zapier needs each id
 * once), picking twice as many while repeats leave it short. Only the picked ids are looked for (a
 * set of all costs as much as reading the answer): among the picked when the order puts first rows
 * first (`repeatsFollow`: by age, or the list's order), else in the list up to the last picked. */
export function firstOnce(listed: Listed, count: number, pick: Picker, repeatsFollow = false) {
  for (let upTo = Math.max(count, 1); ; upTo *= 2) {
    const picked = pick(upTo);
    const first = new Map<string | undefined, number>();
    for (const position of picked) {
      if (!first.has(listed.ids[position])) first.set(listed.ids[position], position);
    }
    const end = repeatsFollow || listed.order ? 0 : picked.reduce((a, b) => Math.max(a, b), 0);
    for (let i = 0; i < end; i++) {
      const at = first.get(listed.ids[i]);
      if (at !== undefined && i < at) first.set(listed.ids[i], i);
    }
    const positions: number[] = [];
    let looked = 0;
    for (const position of picked) {
      if (positions.length === count) break;
      looked += 1;
      if (first.get(listed.ids[position]) === position) positions.push(position);
    }
    if (positions.length === count || picked.length < upTo) {
      return { positions, repeats: looked - positions.length, looked } satisfies Picked;
    }
  }
}

/** Items a run returns at most. A poll: the newest 1,000, ten times the 100 new items Zapier
 * triggers a poll; the poll filling Zapier's dedupe list as a Zap is turned on reaches further, so
 * that deleting new items brings no unseen older ones in. The editor's samples. A dropdown page. */
export const POLL_LIMIT = 1_000;
export const DEDUPE_LIMIT = 10_000;
export const SAMPLE_LIMIT = 10;
export const DROPDOWN_PAGE_SIZE = 100;

/** A picker of the newest of `among` (positions) or of the whole list; undefined when an id is
 * not an ObjectId (whose first 8 hex digits are its creation time): the service promises no order. */
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
  const newer = (i: number, j: number): number => byText(keys[j], keys[i]);
  return (upTo) => firstInOrder(keys.length, upTo, newer).map(positionOf);
}

/** A–Z by title as the collator has it, untitled last, ties by id (then in the list's order). */
function titleOrder({ rows, ids }: Listed, compare: (a: string, b: string) => number) {
  return (i: number, j: number): number => {
    const a = titleOf(rows[i]);
    const b = titleOf(rows[j]);
    return Number(a === '') - Number(b === '') || compare(a, b) || byText(ids[i], ids[j]);
  };
}

/** What one run returns; `ageless` when the ids do not tell the items' age. */
type Selection = Picked & { readonly ageless?: boolean };

/** A dropdown gets a page by title, the editor's samples the newest few, a poll a page of the
 * newest or, of unknown age, every item that fits on page 0 (see resultOf). */
function selectionOf({ meta }: Bundle, listed: Listed): Selection {
  const dropdown = Boolean(meta?.isFillingDynamicDropdown);
  const asked = Number(meta?.page ?? 0);
  const page = meta?.isLoadingSample || !Number.isSafeInteger(asked) ? 0 : Math.max(asked, 0);
  const limit = meta?.isPopulatingDedupe ? DEDUPE_LIMIT : POLL_LIMIT;
  const size = dropdown ? DROPDOWN_PAGE_SIZE : meta?.isLoadingSample ? SAMPLE_LIMIT : limit;
  const pick = dropdown
    ? (upTo: number) => firstInOrder(listed.ids.length, upTo, titleOrder(listed, titleComparer()))
    : newestOf(listed);
  if (pick) {
    const firsts = firstOnce(listed, (page + 1) * size, pick, !dropdown);
    return { ...firsts, positions: firsts.positions.slice(page * size) };
  }
  const inListOrder: Picker = (upTo) =>
    Array.from({ length: Math.min(upTo, listed.ids.length) }, (_, i) => i);
  const count = meta?.isLoadingSample ? size : page > 0 ? 0 : listed.ids.length;
  return { ...firstOnce(listed, count, inListOrder, true), ageless: !meta?.isLoadingSample };
}

/** The items at these positions, titles cut to the room their number leaves, as many as fit in
 * RESULT_BUDGET_BYTES whatever the ids: past it, the last are left out (logged), or, of unknown
 * age, the middle: a new item comes at one end. */
export function resultOf(
  z: ZObject,
  spec: ListSpec,
  listed: Listed,
  { positions, ageless, repeats, looked }: Selection,
): ListItem[] {
  const leftOut = (count: number, of: number, why: string): void =>
    z.console.log(`Left out ${count} of ${of} ${spec.plural} from ${whereOf(spec)}${why}`);
  if (repeats > 0) {
    leftOut(repeats, looked, ': their id repeats an earlier item, and Zapier needs each id once.');
  }
  const room = titleRoom(positions.length);
  const items = positions.map((i) => ({
    id: listed.ids[i] ?? '',
    title: cutText(titleOf(listed.rows[i]), room),
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
  const which = ageless
    ? `in ${SERVICE_NAME}'s order (their ids do not tell which are newest)`
    : 'of this result';
  leftOut(
    tail - head,
    items.length,
    `, positions ${head + 1} to ${tail} ${which}: with them, ` +
      "the result would pass Zapier's 6 MiB limit.",
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
