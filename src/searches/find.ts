// A title search (Find Video, Find PDF, …) over each
// list of src/triggers/lists.ts, built from the same table. The service has no
// search endpoint, so a search reads the list (one GET, as the trigger does)
// and matches the titles here.
import { defineSearch, type Bundle, type Search, type ZObject } from 'zapier-platform-core';
import { inputFieldOf, readInputs, type ActionInput } from '../creates/inputs';
import { callApi } from '../http/client';
import {
  LISTS,
  listedOf,
  listOutputFields,
  newestFirst,
  searchKeyOf,
  takeItems,
  type ListItem,
  type Listed,
  type ListKey,
  type ListSpec,
  withBoundedTitles,
} from '../triggers/lists';

/** Results of one search at most. Zapier's step uses the first; the editor's test shows them all. */
export const SEARCH_LIMIT = 25;

/** How titles and the wanted text are compared: trimmed, runs of spaces as one, any case. */
const comparable = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The only characters outside ASCII whose lower case holds an ASCII letter: İ and the Kelvin sign. */
const LOWERS_TO_ASCII = /[\u0130\u212a]/;

/**
 * Tests of a title for the wanted text, as `comparable` compares them: exact,
 * and contained. For text in ASCII, two regular expressions do it without
 * copying the title (a case-insensitive one matches no other character to an
 * ASCII letter); other text, and titles holding İ or the Kelvin sign, are
 * compared as `comparable` makes them.
 */
function matcherOf(text: string): {
  exact: (title: string) => boolean;
  within: (title: string) => boolean;
} {
  const wanted = comparable(text);
  const slow = {
    exact: (title: string) => comparable(title) === wanted,
    within: (title: string) => comparable(title).includes(wanted),
  };
  for (let i = 0; i < wanted.length; i++) if (wanted.charCodeAt(i) > 0x7f) return slow;
  const words = wanted
    .split(' ')
    .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('\\s+');
  const exact = new RegExp(`^\\s*${words}\\s*$`, 'i');
  // One test for most titles: the text in any case, or one of the two characters.
  const probe = new RegExp(`${words}|[\\u0130\\u212a]`, 'i');
  return {
    exact: (title) => (LOWERS_TO_ASCII.test(title) ? slow.exact(title) : exact.test(title)),
    within: (title) => probe.test(title) && (!LOWERS_TO_ASCII.test(title) || slow.within(title)),
  };
}

/**
 * The positions of the items whose title is the text, then of those whose
 * title contains it; in each group newest first (by ObjectId time, as the
 * polls order), or in the service's order when an id in the group is not an
 * ObjectId.
 */
export function matchesOf(listed: Listed, text: string): number[] {
  const { exact: isExact, within } = matcherOf(text);
  const exact: number[] = [];
  const partial: number[] = [];
  // forEach, not for-of: a fresh process runs this over every row before V8 has compiled it.
  listed.rows.forEach(({ title: raw }, i) => {
    const title = typeof raw === 'string' ? raw : '';
    if (!within(title)) return;
    if (isExact(title)) exact.push(i);
    else partial.push(i);
  });
  const ordered = (group: number[]): number[] => newestFirst(listed, SEARCH_LIMIT, group) ?? group;
  return [...ordered(exact), ...ordered(partial)].slice(0, SEARCH_LIMIT);
}

const titleInput = (spec: ListSpec): ActionInput<'title'> => ({
  key: 'title',
  label: `${spec.noun} Title`,
  kind: 'line',
  helpText:
    `The title of the ${spec.singular} to find, or part of it, in any case. Exact matches ` +
    'come first, then partial ones, newest first. The step uses the first.',
  whenBlank: `Type the title of the ${spec.singular} to find, or map it from an earlier step.`,
});

function findSearch(key: ListKey, spec: ListSpec): Search {
  const inputs = [titleInput(spec)];
  return defineSearch({
    key: searchKeyOf(key),
    noun: spec.noun,
    display: {
      label: `Find ${spec.noun}`,
      description: `Finds ${spec.one} by its title.`,
    },
    operation: {
      inputFields: inputs.map(inputFieldOf),
      // Nothing found is [], not an error: Zapier then does what the Zap builder chose.
      perform: async (z: ZObject, bundle: Bundle): Promise<ListItem[]> => {
        const { title } = readInputs(z, bundle.inputData, inputs);
        const answer = await callApi(z, bundle, spec.endpoint);
        const listed = listedOf(z, spec, answer);
        return withBoundedTitles(takeItems(listed, matchesOf(listed, title)));
      },
      sample: { ...spec.sample },
      outputFields: listOutputFields(spec),
    },
  });
}

export type FindKey = ReturnType<typeof searchKeyOf>;

export const findSearches = Object.fromEntries(
  (Object.keys(LISTS) as ListKey[]).map((key) => [searchKeyOf(key), findSearch(key, LISTS[key])]),
) as Record<FindKey, Search>;
