// A title search for each list: the service has none, so a search reads the list and matches.
import { defineSearch, type Search } from 'zapier-platform-core';
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

// Zapier's step uses the first result; the editor's test shows them all.
const SEARCH_LIMIT = 25;
// A longer text matches no title the app returns, and the pattern built from it stays small.
const MAX_SEARCH_TEXT = maxTitleLength(1);
// What a title can be found by: letters, digits and symbols, not a lone accent.
const SEARCHABLE = /[\p{L}\p{N}\p{Sm}\p{Sc}\p{So}]/u;
const NOT_ASCII = /[^\0-\x7f]/gu;

// Titles that are the text, then those that hold it, each group ordered as polls are. An ASCII
// title is its own fold, so one test passes over most titles; other characters are folded once.
function matchesOf(list: ListRows, text: string): Selection {
  const words = fold(text)
    .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    .replaceAll(' ', '\\s+');
  const isText = new RegExp(`^\\s*${words}\\s*$`, 'i');
  const holdsText = new RegExp(words, 'i');
  const holdsTextOrToFold = new RegExp(`${words}|${NOT_ASCII.source}`, 'i');
  const folds = new Map<string, string>();
  const foldChar = (char: string): string =>
    folds.get(char) ?? folds.set(char, foldLetters(char)).get(char) ?? char;
  const groups = { exact: [] as number[], within: [] as number[] };
  list.rows.forEach(({ title }, i) => {
    if (typeof title !== 'string' || !holdsTextOrToFold.test(title)) return;
    const folded = title.replace(NOT_ASCII, foldChar);
    if (holdsText.test(folded)) groups[isText.test(folded) ? 'exact' : 'within'].push(i);
  });
  const ordered = (group: number[]): Order =>
    newestFirst(list, group) ?? ((count) => group.slice(0, count));
  const [exact, within] = [ordered(groups.exact), ordered(groups.within)];
  return firstOfEachId(list, SEARCH_LIMIT, (count) =>
    [...exact(count), ...within(count)].slice(0, count),
  );
}

function findSearch(key: ListKey, spec: ListSpec): Search {
  const input: ActionInput<'title'> = {
    key: 'title',
    label: `${spec.noun} Title`,
    kind: 'line',
    helpText:
      `The title of the ${spec.singular} to find, or part of it, in any case, accents aside. ` +
      'Exact matches come first, then partial ones, newest first. The step uses the first.',
    whenBlank: `Type the title of the ${spec.singular} to find, or map it from an earlier step.`,
  };
  return defineSearch({
    key: searchKeyOf(key),
    noun: spec.noun,
    display: { label: `Find ${spec.noun}`, description: `Finds ${spec.one} by its title.` },
    operation: {
      inputFields: [inputFieldOf(input)],
      // Nothing found is [], not an error: Zapier then does what the Zap builder chose.
      perform: async (z, bundle): Promise<ListItem[]> => {
        const { title } = readInputs(z, bundle.inputData, [input]);
        const wanted = fold(title);
        if (!SEARCHABLE.test(wanted)) {
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

export const findSearches = Object.fromEntries(
  (Object.keys(LISTS) as ListKey[]).map((key) => [searchKeyOf(key), findSearch(key, LISTS[key])]),
) as Record<ReturnType<typeof searchKeyOf>, Search>;
