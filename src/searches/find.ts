// A title search (Find Video, …) for each list of src/triggers/lists.ts. The service has no
// search endpoint: a search reads the list (one GET, as the trigger does) and matches here.
import { defineSearch, type Bundle, type Search, type ZObject } from 'zapier-platform-core';
import { visible } from '../creates/email';
import { inputFieldOf, readInputs, type ActionInput } from '../creates/inputs';
import { withoutWhatHappened } from '../http/errors';
import { callApi } from '../http/client';
import {
  LISTS,
  listOutputFields,
  searchKeyOf,
  type ListItem,
  type ListKey,
  type ListSpec,
} from '../triggers/lists';
import { newestFirst, type Order } from '../triggers/order';
import {
  firstOfEachId,
  maxTitleLength,
  readRows,
  resultOf,
  type ListRows,
  type Selection,
} from '../triggers/rows';
import { fold, foldLetters } from '../text';

/** Results of one search at most. Zapier's step uses the first; the editor's test shows them all. */
export const SEARCH_LIMIT = 25;

/**
 * The longest title the app returns: a longer search text matches no title it
 * could return. The bound also keeps the pattern built from the text small.
 */
export const MAX_SEARCH_TEXT = maxTitleLength(1);

/** Letters, digits and symbols other than a lone accent's: what a title can be found by. */
const SEARCHABLE = /[\p{L}\p{N}\p{Sm}\p{Sc}\p{So}]/u;

const NOT_ASCII = /[^\0-\x7f]/gu;

/** A title's match with the wanted text, as fold compares them: 'exact', 'within' or
 * undefined. Case-insensitive patterns test a title without a copy. An ASCII title is its own
 * fold, so one test passes over most titles: those without the text and without a character to
 * fold. Only the characters outside ASCII are folded, each once a search. */
function matcherOf(text: string): (title: string) => 'exact' | 'within' | undefined {
  const words = fold(text)
    .split(' ')
    .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('\\s+');
  const exact = new RegExp(`^\\s*${words}\\s*$`, 'i');
  const within = new RegExp(words, 'i');
  const withinOrToFold = new RegExp(`${words}|${NOT_ASCII.source}`, 'i');
  const folds = new Map<string, string>();
  const foldChar = (char: string): string =>
    folds.get(char) ?? folds.set(char, foldLetters(char)).get(char) ?? char;
  return (title) => {
    if (!withinOrToFold.test(title)) return undefined;
    const folded = title.replace(NOT_ASCII, foldChar);
    return !within.test(folded) ? undefined : exact.test(folded) ? 'exact' : 'within';
  };
}

/** The positions of the items whose title is the text, then of those whose title holds it;
 * in each group newest first as the polls order, or in the service's order (see newestFirst). */
export function matchesOf(list: ListRows, text: string): Selection {
  const match = matcherOf(text);
  const groups = { exact: [] as number[], within: [] as number[] };
  list.rows.forEach(({ title }, i) => {
    const found = typeof title === 'string' ? match(title) : undefined;
    if (found) groups[found].push(i);
  });
  const ordered = (group: number[]): Order =>
    newestFirst(list, group) ?? ((count) => group.slice(0, count));
  const [exact, within] = [ordered(groups.exact), ordered(groups.within)];
  return firstOfEachId(list, SEARCH_LIMIT, (count) =>
    [...exact(count), ...within(count)].slice(0, count),
  );
}

const titleInput = (spec: ListSpec): ActionInput<'title'> => ({
  key: 'title',
  label: `${spec.noun} Title`,
  kind: 'line',
  helpText:
    `The title of the ${spec.singular} to find, or part of it, in any case, accents aside. ` +
    'Exact matches come first, then partial ones, newest first. The step uses the first.',
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
        const wanted = fold(title);
        if (!SEARCHABLE.test(wanted)) {
          // Folded to nothing, it would match every title, and the step would use the newest.
          throw withoutWhatHappened(
            new z.errors.HaltedError(
              `"${visible(title)}" in "${spec.noun} Title" has no letter, digit or symbol to ` +
                `search for, so it would match every ${spec.singular}. Type or map the title ` +
                `of the ${spec.singular} to find.`,
            ),
          );
        }
        if (wanted.length > MAX_SEARCH_TEXT) {
          z.console.log(
            `Found no ${spec.singular}: the title to find is ${wanted.length.toLocaleString('en-US')} ` +
              `characters long, and no title this app returns is longer than ${MAX_SEARCH_TEXT.toLocaleString('en-US')}.`,
          );
          return [];
        }
        const list = readRows(z, spec, await callApi(z, bundle, spec.endpoint));
        return resultOf(z, spec, list, matchesOf(list, title));
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
