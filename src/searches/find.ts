// Find Video, PDF, Image and Template: the service has no search, so each reads its list.
import { defineSearch, type PlainInputField, type Search } from 'zapier-platform-core';
import { LIST_ENDPOINTS } from '../http/endpoints';
import { callApi } from '../http/request';
import { inputFieldOf, readInputs, type Input } from '../lib/inputs';
import {
  LISTS,
  listOutputFields,
  listResult,
  readList,
  searchKeyOf,
  searchLabelOf,
  type List,
  type ListKey,
} from '../lib/crmgrow-lists';
import { newestFirst } from '../lib/order';
import { fold, foldLetters, quote } from '../lib/text';

// Zapier wants the best match first (docs: response types); the editor's test shows them all.
const SEARCH_SIZE = 25;
// What a title can be found by: letters, digits and symbols, not a lone accent.
const SEARCHABLE = /[\p{L}\p{N}\p{Sm}\p{Sc}\p{So}]/u;
const NOT_ASCII = /[^\0-\x7f]+/g;
// The longest text a pattern is made of: one of thousands of words cannot be built.
const PATTERN_LENGTH = 100;

// Titles that are the text, then those that hold it, each group newest first where the ids show
// age, compared as `fold` compares them. A pattern of the text's start (any spaces for a space, no
// regard to capitals) skips most titles before their non-ASCII characters are folded (each once a
// search); a title it matches is folded whole and compared.
function matchesOf(list: List, text: string, exactOnly: boolean): number[] {
  const wanted = fold(text);
  const words = wanted
    .slice(0, PATTERN_LENGTH)
    .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    .replaceAll(' ', '\\s+');
  const within = new RegExp(words, 'i');
  const worthFolding = new RegExp(`${words}|${NOT_ASCII.source}`, 'i');
  const folded = new Map<string, string>();
  const foldOnce = (chars: string) =>
    folded.get(chars) ?? folded.set(chars, foldLetters(chars)).get(chars) ?? chars;
  const exact: number[] = [];
  const partly: number[] = [];
  list.rows.forEach(({ title }, i) => {
    if (typeof title !== 'string' || !worthFolding.test(title)) return;
    const seen = title.replace(NOT_ASCII, foldOnce);
    if (!within.test(seen)) return;
    const compared = seen.toLowerCase().replace(/\s+/g, ' ').trim();
    if (compared.includes(wanted)) (compared === wanted ? exact : partly).push(i);
  });
  const first = (group: number[]) =>
    newestFirst(list.ids, group)?.(SEARCH_SIZE) ?? group.slice(0, SEARCH_SIZE);
  return [...first(exact), ...(exactOnly ? [] : first(partly))].slice(0, SEARCH_SIZE);
}

function findItem(key: ListKey): Search {
  const spec = LISTS[key];
  const input: Input<'title', 'line'> = {
    key: 'title',
    label: `${spec.noun} Title`,
    format: 'line',
    helpText:
      `The title of the ${spec.singular} to find, or part of it. Not case-sensitive, and ` +
      'accents are ignored. Exact matches come first, then partial ones, newest first. The ' +
      'step uses the first.',
    howToFill: `Type the title of the ${spec.singular} to find, or map it from an earlier step.`,
  };
  // Optional, and no by default, so Zaps built before it find what they found.
  const exactMatch: PlainInputField = {
    key: 'exact_match',
    label: 'Exact Match',
    type: 'boolean',
    required: false,
    default: 'no',
    helpText:
      `Yes: only ${spec.withArticle} whose whole title is the one given, so "Tour" does not ` +
      'find "Tour of 12 Elm Street". Still not case-sensitive, and accents are ignored.',
  };
  return defineSearch({
    key: searchKeyOf(key),
    noun: spec.noun,
    display: {
      label: searchLabelOf(key),
      description: `Finds ${spec.withArticle} by its title.`,
    },
    operation: {
      inputFields: [inputFieldOf(input), exactMatch],
      // Nothing found is [], not an error: Zapier then does what the Zap builder chose.
      perform: async (z, bundle) => {
        const { title } = readInputs(z, bundle.inputData, [input]);
        if (!SEARCHABLE.test(fold(title))) {
          throw new z.errors.Error(
            `${quote(title)} in "${input.label}" has no letter, digit or symbol to search ` +
              `for, so it would match every ${spec.singular}. Type or map the title of the ` +
              `${spec.singular} to find.`,
            'invalid_input',
          );
        }
        const list = readList(z, spec, (await callApi(z, bundle, LIST_ENDPOINTS[key])).data);
        const exactOnly = /^(true|yes|1)$/i.test(String(bundle.inputData.exact_match ?? '').trim());
        return listResult(z, spec, list, matchesOf(list, title, exactOnly));
      },
      sample: { ...spec.sample },
      outputFields: listOutputFields(spec),
    },
  });
}

export const findSearches = {
  find_video: findItem('video'),
  find_pdf: findItem('pdf'),
  find_image: findItem('image'),
  find_template: findItem('template'),
};
