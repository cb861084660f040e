// The app's operations as `npm start` and the end-to-end tests walk them: which triggers poll
// and which are hooks, which create fields are dropdowns, the input a create gets, and the list
// and input of a search. Read from the compiled app, so a new trigger, create or search is
// walked without editing either.
import type { PlainInputField } from 'zapier-platform-core';
import type { CompiledApp } from '../../sandbox/harness';

/** A new address, so a send shows the service creating the contact. */
export const DEMO_EMAIL = 'new.customer@example.com';
const DEMO_NOTE = 'Called from npm start: interested in the Market Street listing.';
/** A title no item has: what a search finds nothing for. */
export const NO_SUCH_TITLE = 'No Such Title 7f3a';

interface OperationKeys {
  readonly polling: readonly string[];
  readonly hooks: readonly string[];
  readonly creates: readonly string[];
  readonly searches: readonly string[];
}

export function operationKeysOf(app: CompiledApp): OperationKeys {
  const triggers = Object.keys(app.triggers);
  const isHook = (key: string): boolean => app.triggers[key]?.operation.type === 'hook';
  return {
    polling: triggers.filter((key) => !isHook(key)),
    hooks: triggers.filter(isHook),
    creates: Object.keys(app.creates),
    searches: Object.keys(app.searches),
  };
}

/**
 * The list (trigger key) each search reads: the dropdown of the create fields
 * that link the search, as `send_video`'s video_id links `find_video`.
 */
export function searchListsOf(app: CompiledApp): Map<string, string> {
  const lists = new Map<string, string>();
  for (const [, field, trigger] of dropdownsOf(app)) {
    const search = typeof field.search === 'string' ? field.search.split('.')[0] : undefined;
    if (search) lists.set(search, trigger);
  }
  return lists;
}

/** The input of a search: `text` in each of its static fields (a title search has one). */
export function searchInputFor(
  app: CompiledApp,
  searchKey: string,
  text: string,
): Record<string, string> {
  const fields = app.searches[searchKey]?.operation.inputFields ?? [];
  return Object.fromEntries(
    fields.flatMap((field) => (typeof field === 'function' ? [] : [[field.key, text]])),
  );
}

/** The dropdown fields of the creates: [create key, field, trigger key]. */
export function dropdownsOf(app: CompiledApp): [string, PlainInputField, string][] {
  return Object.entries(app.creates).flatMap(([createKey, create]) =>
    (create.operation.inputFields ?? []).flatMap((field): [string, PlainInputField, string][] => {
      if (
        typeof field === 'function' ||
        !('dynamic' in field) ||
        typeof field.dynamic !== 'string'
      ) {
        return [];
      }
      return [[createKey, field, field.dynamic.split('.')[0] ?? '']];
    }),
  );
}

/**
 * Values for a create's static fields: a dropdown's choice (by trigger key,
 * from `choices`), the demo e-mail, or the demo note.
 */
export function inputDataFor(
  app: CompiledApp,
  createKey: string,
  choices: ReadonlyMap<string, string>,
): Record<string, string> {
  const fields = app.creates[createKey]?.operation.inputFields ?? [];
  return Object.fromEntries(
    fields.flatMap((field) => {
      if (typeof field === 'function') return [];
      const trigger = typeof field.dynamic === 'string' ? field.dynamic.split('.')[0] : undefined;
      if (trigger) return [[field.key, choices.get(trigger) ?? '']];
      if (field.key.includes('email')) return [[field.key, DEMO_EMAIL]];
      return [[field.key, DEMO_NOTE]];
    }),
  );
}

/** The string values at `key` of a list of items (what a trigger, dropdown or search returned). */
const valuesOf = (value: unknown, key: string): string[] =>
  Array.isArray(value)
    ? value.flatMap((item: unknown) => {
        const field: unknown =
          typeof item === 'object' && item !== null
            ? (item as Record<string, unknown>)[key]
            : undefined;
        return typeof field === 'string' ? [field] : [];
      })
    : [];

/** The titles of a list of items. */
export const titlesOf = (value: unknown): string[] => valuesOf(value, 'title');

/** The string ids of a list of items. */
export const idsOf = (value: unknown): string[] => valuesOf(value, 'id');
