// The app's operations as `npm start` and the end-to-end tests walk them: which triggers poll
// and which are hooks, which create fields are dropdowns, the input a create gets, and the list
// and input of a search. Read from the compiled app, so a new trigger, create or search is
// walked without editing either.
import type { InputFields, PlainInputField } from 'zapier-platform-core';
import type { CompiledApp } from '../../sandbox/harness';

/** A new address, so a send shows the service creating the contact. */
export const DEMO_EMAIL = 'new.customer@example.com';
const DEMO_NOTE = 'Called from npm start: interested in the Market Street listing.';

/** The keys of the app's operations, its triggers split into polling ones and hooks. */
export function operationKeysOf(app: CompiledApp) {
  const triggers = Object.keys(app.triggers);
  const isHook = (key: string): boolean => app.triggers[key]?.operation.type === 'hook';
  return {
    polling: triggers.filter((key) => !isHook(key)),
    hooks: triggers.filter(isHook),
    creates: Object.keys(app.creates),
    searches: Object.keys(app.searches),
  };
}

/** The fields of an operation's input that are written out, not computed. */
const plainFields = (fields: InputFields = []): PlainInputField[] =>
  fields.filter((field) => typeof field !== 'function');

/** The trigger a dropdown field lists, such as `video` for `video.id`. */
const listOf = (field: PlainInputField): string | undefined =>
  typeof field.dynamic === 'string' ? field.dynamic.split('.')[0] : undefined;

/** The dropdown fields of the creates: [create key, field, trigger key]. */
export function dropdownsOf(app: CompiledApp): [string, PlainInputField, string][] {
  return Object.entries(app.creates).flatMap(([createKey, create]) =>
    plainFields(create.operation.inputFields).flatMap(
      (field): [string, PlainInputField, string][] => {
        const list = listOf(field);
        return list ? [[createKey, field, list]] : [];
      },
    ),
  );
}

/**
 * The list (trigger key) each search reads: the dropdown of the create fields
 * that link the search, as `send_video`'s video_id links `find_video`.
 */
export const searchListsOf = (app: CompiledApp): Map<string, string> =>
  new Map(
    dropdownsOf(app).flatMap(([, { search }, list]): [string, string][] =>
      typeof search === 'string' ? [[search.split('.')[0] ?? '', list]] : [],
    ),
  );

/** The input of a search: `text` in each of its plain fields (a title search has one). */
export const searchInputFor = (
  app: CompiledApp,
  searchKey: string,
  text: string,
): Record<string, string> =>
  Object.fromEntries(
    plainFields(app.searches[searchKey]?.operation.inputFields).map(({ key }) => [key, text]),
  );

/**
 * Values for a create's plain fields: a dropdown's choice (by trigger key,
 * from `choices`), the demo e-mail, or the demo note.
 */
export const inputDataFor = (
  app: CompiledApp,
  createKey: string,
  choices: ReadonlyMap<string, string>,
): Record<string, string> =>
  Object.fromEntries(
    plainFields(app.creates[createKey]?.operation.inputFields).map((field) => {
      const list = listOf(field);
      if (list) return [field.key, choices.get(list) ?? ''];
      return [field.key, field.key.includes('email') ? DEMO_EMAIL : DEMO_NOTE];
    }),
  );
