// The list endpoints (videos, PDFs, images, templates) as polling
// triggers. They are also the sources of the actions' dropdowns.
import {
  defineTrigger,
  type Bundle,
  type PlainOutputField,
  type Trigger,
  type ZObject,
} from 'zapier-platform-core';
import { callApi, type ApiAnswer } from '../http/client';
// From json.ts itself: a re-export is a getter, called for every row of a list.
import { isInexactInteger, isRecord, parseJsonExact } from '../http/json';
import { ENDPOINTS, type Endpoint } from '../http/endpoints';
import { SERVICE_NAME } from '../http/errors';
import { isLowerCaseObjectId, isObjectId } from '../http/ids';
import { firstInOrder, repeatFinder } from './select';
import { compareTitles, letterOf, numberedOrder, quickOrder } from './titles';

/**
 * One item of a list, as this app returns it. The service sends only `id`
 * and `title`, so that is all we keep: every item then has exactly the keys
 * of the sample and outputFields, whatever else a future answer carries.
 */
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
  /**
   * For a list of material: how the webhook events name it. Material Sent
   * and Material Watched, and their Material Type filter, know these kinds alone.
   */
  readonly material?: {
    /** The service's word for it, a material's type in the events: "VIDEO". */
    readonly type: string;
    /** The send_material key that holds the sent materials of this kind: "video". */
    readonly sendKey: string;
    /** What a watch with no amount counts as for Minimum Amount (an image is opened, not read). */
    readonly amountWhenBlank?: number;
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
  if (Number.isFinite(value)) return String(value);
  return undefined;
}

/** The list's rows: a bare array, or a `{ "data": [...] }` envelope. */
const rowsOf = (data: unknown): unknown =>
  isRecord(data) && Array.isArray(data.data) ? data.data : data;

/** A row of a list answer, as parsed. */
type Row = Readonly<Record<string, unknown>>;

/** A list's usable rows, in the service's order: ids are read, titles only when returned. */
export interface Listed {
  /** The kept rows: none without an id, none repeating one. */
  readonly rows: readonly Row[];
  /** The id of the row at this position. */
  idAt(position: number): string;
  /**
   * Every id (of these positions, or of the list) is an ObjectId as MongoDB
   * writes it (lower-case): ordered by age as they are.
   */
  lowerCaseObjectIds(positions?: readonly number[]): boolean;
  /** The ids rise (oldest first) or fall (newest first) all along, where they are known to. */
  readonly order?: 'rising' | 'falling';
  /** Empties the arrays the rows are held in: see takeItems. */
  release(): void;
}

/**
 * The common list in one pass: every row a record whose `id` is a string
 * that trimming leaves as it is, rising all along (the order the service stores
 * them) or falling. No id is then missing or repeated: nothing is left to
 * check. Whether the ids are ObjectIds is tested in the same pass when the
 * run orders the whole list by age (`byAge`: a poll); otherwise only if asked
 * (a search, of its matches alone), and a dropdown never asks.
 * Undefined for any other list, which listedOf reads row by row.
 */
function orderedListOf(list: readonly unknown[], byAge: boolean): Listed | undefined {
  const tested = { objectIds: byAge };
  const direction = directionOf(list, tested);
  if (direction === 0) return undefined;
  const rows = list as Row[];
  const idAt = (position: number): string => String(rows[position]?.id);
  return {
    rows,
    idAt,
    lowerCaseObjectIds: objectIdTest(idAt, () =>
      byAge ? tested.objectIds : rows.every((row) => isLowerCaseObjectId(String(row.id))),
    ),
    order: direction < 0 ? 'falling' : 'rising',
    release: () => {
      rows.length = 0;
    },
  };
}

/**
 * orderedListOf's pass: 1 when the ids rise all along, -1 when they fall, 0
 * for any other list. `tested.objectIds`, when set, is cleared at the first id
 * that is not a lower-case ObjectId. Alone in its function, and returning a
 * number: V8 compiles this loop while it runs (a fresh process, 200,000 rows),
 * and code after it that had not yet run made the compiled loop be thrown away
 * at its end, on every call.
 */
function directionOf(list: readonly unknown[], tested: { objectIds: boolean }): number {
  let direction = 0;
  let last: string | undefined;
  // Indexed, not for-of: a fresh process runs this loop over 200,000 rows before V8 has
  // compiled it, where the array iterator cost some 20 ms (measured side by side).
  // eslint-disable-next-line @typescript-eslint/prefer-for-of
  for (let i = 0; i < list.length; i++) {
    const row = list[i];
    if (!isRecord(row)) return 0;
    const id = row.id;
    if (typeof id !== 'string') return 0;
    if (tested.objectIds && !isLowerCaseObjectId(id)) tested.objectIds = false;
    // An id that trimming would change (or blank) is read as idOf reads it, row by row.
    if (!tested.objectIds && (id === '' || id.trim() !== id)) return 0;
    if (last !== undefined) {
      const step = id > last ? 1 : id < last ? -1 : 0;
      if (step === 0 || step === -direction) return 0;
      direction = step;
    }
    last = id;
  }
  // A list of one item (or none) counts as rising.
  return direction || 1;
}

/** Listed's lowerCaseObjectIds: some positions tested each time, the whole list once. */
function objectIdTest(
  idAt: (position: number) => string,
  all: () => boolean,
): Listed['lowerCaseObjectIds'] {
  let known: boolean | undefined;
  return (positions) =>
    positions
      ? positions.every((position) => isLowerCaseObjectId(idAt(position)))
      : (known ??= all());
}

/** A row's title, trimmed; blank when it has none. */
const titleAt = ({ rows }: Listed, position: number): string => {
  const title = rows[position]?.title;
  return typeof title === 'string' ? title.trim() : '';
};

/**
 * The items at these positions, in this order: the only ListItems a run
 * makes, and its last use of the list, which is then released (emptied). A
 * large list's array outlived the run until V8's next full collection (most
 * likely because that collection's marking, running while the run read the
 * list, found it live), and until then each young-generation collection
 * copied every row the array still pointed to: at 200,000 rows, 8–20 ms at the
 * start of the next warm call, and about 1 ms once the array is emptied
 * (node --trace-gc).
 */
export function takeItems(listed: Listed, positions: readonly number[]): ListItem[] {
  const items = positions.map((i) => ({ id: listed.idAt(i), title: titleAt(listed, i) }));
  listed.release();
  return items;
}

/** Every position of a list, in order. */
const allOf = ({ rows }: Listed): number[] => Array.from(rows, (_, i) => i);

/**
 * Reads a bare array or a `{ "data": [...] }` envelope, takes `id` or `_id`,
 * and leaves out (with a log line) the rows Zapier could not deduplicate:
 * those without a usable id, and repeats of an id already seen. No item is
 * made here: a poll of 200,000 returns 1,000. `byAge`: the run will ask
 * whether every id is an ObjectId, so that is tested as each id is read.
 */
export function listedOf(
  z: ZObject,
  spec: ListSpec,
  answer: Pick<ApiAnswer, 'data' | 'content'>,
  byAge = false,
): Listed {
  const list = rowsOf(answer.data);
  const where = `${spec.endpoint.method} ${spec.endpoint.path}`;
  if (!Array.isArray(list)) {
    throw new z.errors.Error(
      `${SERVICE_NAME} answered ${where} with something other than a list of ${spec.plural}, ` +
        'so there is nothing to show. Try again in a few minutes; if it keeps happening, ' +
        `contact ${SERVICE_NAME} support.`,
      'invalid_response',
    );
  }
  const ordered = orderedListOf(list, byAge);
  if (ordered) return ordered;

  const ids: string[] = [];
  const rows: Row[] = [];
  const isRepeat = repeatFinder(ids);
  // Checked here, while each id is at hand: a second pass over 200,000 ids costs as much again.
  let lowerCaseObjectIds = true;
  let withoutId = 0;
  let repeated = 0;
  for (const row of list) {
    if (!isRecord(row)) {
      withoutId += 1;
      continue;
    }
    if (isInexactInteger(row.id) || isInexactInteger(row._id)) {
      // An id past 2^53 was rounded: read the digits as sent, once, and start over.
      const exact = rowsOf(parseJsonExact(answer.content));
      if (Array.isArray(exact)) return listedOf(z, spec, { data: exact, content: '' }, byAge);
    }
    const id = idOf(row.id) ?? idOf(row._id);
    if (id === undefined) withoutId += 1;
    else if (isRepeat(id)) repeated += 1;
    else {
      rows.push(row);
      lowerCaseObjectIds &&= isLowerCaseObjectId(id);
    }
  }
  if (withoutId > 0) {
    z.console.log(
      `Left out ${withoutId} of ${list.length} ${spec.plural} from ${where}: ` +
        'they have no usable "id" or "_id", so Zapier could not tell them apart.',
    );
  }
  if (repeated > 0) {
    z.console.log(
      `Left out ${repeated} of ${list.length} ${spec.plural} from ${where}: ` +
        'their id repeats an earlier item, and Zapier needs each id once.',
    );
  }
  const idAt = (position: number): string => ids[position] ?? '';
  const release = (): void => {
    for (const array of [list, rows, ids]) array.length = 0;
  };
  return { rows, idAt, lowerCaseObjectIds: objectIdTest(idAt, () => lowerCaseObjectIds), release };
}

/**
 * How many items a poll returns at most: the newest. Zapier triggers at most
 * 100 new items per poll and remembers the ids it has seen, so returning every
 * item only makes polls of large accounts big and slow (50,000 items are
 * 3.6 MiB, 100,000 pass Zapier's 6 MiB limit). 1,000 is ten times what one
 * poll can trigger, in under 0.1 MiB.
 */
export const POLL_LIMIT = 1_000;

/**
 * The same for the poll that fills Zapier's dedupe list when a Zap is turned
 * on: it reaches further back, so that deleting some of the newest items does
 * not bring never-seen older ones into the newest 1,000, to trigger as new.
 * 10,000 items are about 0.7 MiB.
 */
export const DEDUPE_LIMIT = 10_000;

/**
 * Items at most when the Zap editor loads samples (meta.isLoadingSample): a
 * builder picks one of a few, and a poll's 1,000 would only slow the editor.
 */
export const SAMPLE_LIMIT = 10;

/** Choices per page of a dropdown; Zapier asks for the next page (meta.page) on "Load more". */
export const DROPDOWN_PAGE_SIZE = 100;

/**
 * The positions of the first `count` items newest first (of `among`, positions
 * in the list's order, or of all), or undefined when their age is unknown. The
 * service's ids are MongoDB ObjectIds, whose first 8 hex digits are the
 * creation time in seconds, so descending ids are newest first; the service
 * itself sends the list in no particular order.
 */
export function newestFirst(
  listed: Listed,
  count: number,
  among?: readonly number[],
): number[] | undefined {
  const size = among ? among.length : listed.rows.length;
  const positionOf = (k: number): number => (among ? (among[k] ?? 0) : k);
  const { order } = listed;
  if (order && listed.lowerCaseObjectIds(among)) {
    // Ids that rise or fall all along: the newest are at one end, of the list or of `among`.
    const length = Math.min(count, size);
    return Array.from({ length }, (_, k) => positionOf(order === 'falling' ? k : size - 1 - k));
  }
  let key = (k: number): string => listed.idAt(k);
  if (among || !listed.lowerCaseObjectIds()) {
    const lowered: string[] = [];
    for (let k = 0; k < size; k++) {
      const id = listed.idAt(positionOf(k));
      // As MongoDB writes them, tested first: most ids then need no lower-casing.
      if (isLowerCaseObjectId(id)) lowered.push(id);
      else if (isObjectId(id)) lowered.push(id.toLowerCase());
      else return undefined;
    }
    key = (k) => lowered[k] ?? '';
  }
  // From the end: a list in the order it was stored, oldest first, then costs one comparison an item.
  const newest = firstInOrder(
    size,
    count,
    (i, j) => {
      const a = key(i);
      const b = key(j);
      return a > b ? -1 : a < b ? 1 : 0;
    },
    { fromEnd: true },
  );
  return among ? newest.map(positionOf) : newest;
}

/** The most characters of a title a result shows: no real title comes near it. */
export const MAX_TITLE = 1_000;
/**
 * What the titles of one result may take together, counting 6 bytes a
 * character (a control character's JSON escape): Zapier refuses a result
 * over 6 MiB, and the ids and keys need the rest.
 */
const TITLES_BUDGET_BYTES = 4 * 1024 * 1024;

/** A title past `max` cut to `max` characters with "…", never between an emoji's two halves. */
function cutTitle(title: string, max: number): string {
  let end = max - 1;
  const last = title.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${title.slice(0, end)}…`;
}

/**
 * The items with titles short enough that the result stays under Zapier's
 * 6 MiB whatever their length: the more items, the less each title may take
 * (1,000 items keep 699 characters; 10,000 keep 69).
 */
export function withBoundedTitles(items: readonly ListItem[]): ListItem[] {
  const share = Math.floor(TITLES_BUDGET_BYTES / 6 / Math.max(1, items.length));
  const max = Math.max(16, Math.min(MAX_TITLE, share));
  return items.map((item) =>
    item.title.length > max ? { id: item.id, title: cutTitle(item.title, max) } : item,
  );
}

/**
 * A–Z by title ("#2" before "#10"), untitled last, ties by id: the same order
 * on every page, as a comparison of positions. The title compared second is
 * kept from call to call: a dropdown compares each row with the last of the
 * page so far, which seldom changes.
 */
function titleOrderOf(listed: Listed): (i: number, j: number) => number {
  let second = -1;
  let b = '';
  return (i, j) => {
    if (j !== second) {
      second = j;
      b = titleAt(listed, j);
    }
    const title = listed.rows[i]?.title;
    const raw = typeof title === 'string' ? title : '';
    const quick = quickOrder(raw, b);
    if (quick !== 0) return quick;
    const a = raw.trim();
    if (a === '' || b === '') return Number(a === '') - Number(b === '') || idOrder(listed, i, j);
    return compareTitles(a, b) || idOrder(listed, i, j);
  };
}

/**
 * From position `from` on, the first row that quickOrder may not place after
 * `last` (a trimmed title), or the list's length: the rows passed over come
 * after it, as titleOrderOf has them. A dropdown skips with it, past the last
 * of the page so far. In a fresh process, V8 compiles this small loop while it
 * runs, but not the heap's, which calls the whole comparison (its compile took
 * some 18 ms, longer than the run: node --trace-opt). It tests quickOrder's two
 * cases itself: a call to quickOrder for each row cost as much as the skip saved.
 */
export function nextNotAfter(rows: readonly Row[], from: number, last: string): number {
  const letter = letterOf(last);
  for (let i = from; i < rows.length; i++) {
    const title = rows[i]?.title;
    if (typeof title !== 'string') return i;
    // A later first letter; or a numbered copy with a larger number, which is seldom shorter.
    if (letter > 0 && letterOf(title) > letter) continue;
    if (title.length >= last.length && numberedOrder(title, last) > 0) continue;
    return i;
  }
  return rows.length;
}

// A Listed holds each id once: two positions never tie.
const idOrder = ({ idAt }: Listed, i: number, j: number): number => (idAt(i) < idAt(j) ? -1 : 1);

/** The page Zapier asks for, counting from 0. */
function pageOf(bundle: Bundle): number {
  const page = Number(bundle.meta?.page ?? 0);
  return Number.isSafeInteger(page) ? Math.max(page, 0) : 0;
}

/**
 * What one run returns, as positions. A dropdown gets a page of choices by
 * title; the editor's samples the newest few; a poll a page of the newest
 * items or, when their age is unknown, every item on page 0, since a cut in
 * the service's order could leave new items out for good.
 * Only the pages up to the one asked for are put in order, not the whole list.
 */
function selectionOf(bundle: Bundle, listed: Listed): number[] {
  const page = pageOf(bundle);
  if (bundle.meta?.isFillingDynamicDropdown) {
    const upTo = (page + 1) * DROPDOWN_PAGE_SIZE;
    return firstInOrder(listed.rows.length, upTo, titleOrderOf(listed), {
      next: (from, last) => nextNotAfter(listed.rows, from, titleAt(listed, last)),
    }).slice(page * DROPDOWN_PAGE_SIZE);
  }
  if (bundle.meta?.isLoadingSample) {
    return (newestFirst(listed, SAMPLE_LIMIT) ?? allOf(listed)).slice(0, SAMPLE_LIMIT);
  }
  const size = bundle.meta?.isPopulatingDedupe ? DEDUPE_LIMIT : POLL_LIMIT;
  const newest = newestFirst(listed, (page + 1) * size);
  if (!newest) return page === 0 ? allOf(listed) : [];
  return newest.slice(page * size);
}

function listTrigger(key: ListKey, spec: ListSpec): Trigger {
  return defineTrigger({
    key,
    noun: spec.noun,
    display: { label: `New ${spec.noun}`, description: spec.description },
    operation: {
      type: 'polling',
      perform: async (z: ZObject, bundle: Bundle): Promise<ListItem[]> => {
        const answer = await callApi(z, bundle, spec.endpoint);
        // A dropdown orders by title alone; a poll and the editor's samples by age.
        const byAge = !bundle.meta?.isFillingDynamicDropdown;
        const listed = listedOf(z, spec, answer, byAge);
        return withBoundedTitles(takeItems(listed, selectionOf(bundle, listed)));
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
