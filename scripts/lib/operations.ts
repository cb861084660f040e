// The app's operations as `npm start` and the end-to-end tests walk them: which triggers poll
// and which are hooks, which create fields are dropdowns, the input a create gets, and the list
// and input of a search. Read from the compiled app, so a new trigger, create or search is
// walked without editing either.
import type { InputFields, PlainInputField } from 'zapier-platform-core';
import type { CompiledApp } from '../../sandbox/harness';

/** A new address, so a send shows the service creating the contact; each create has its own. */
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

/** The dropdown fields of the creates, then of the triggers (New Lead's lead form or event):
 * [create or trigger key, field, trigger key of the list]. */
export function dropdownsOf(app: CompiledApp): [string, PlainInputField, string][] {
  const operations = [...Object.entries(app.creates), ...Object.entries(app.triggers)];
  return operations.flatMap(([key, { operation }]) =>
    plainFields(operation.inputFields).flatMap((field): [string, PlainInputField, string][] => {
      const list = listOf(field);
      return list ? [[key, field, list]] : [];
    }),
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

/** A field's first choice: its value, or its key where the choices are an object. */
function firstChoiceOf({ choices }: PlainInputField): string | undefined {
  if (Array.isArray(choices)) {
    const [first] = choices;
    return typeof first === 'string' ? first : first?.value;
  }
  return choices ? Object.keys(choices)[0] : undefined;
}

/** A new address for each create, so a create that adds contacts meets none that is there. */
export const demoEmailFor = (createKey: string): string =>
  DEMO_EMAIL.replace('@', `+${createKey.replace(/_/g, '-')}@`);

/** Tomorrow at 15:00 UTC, as ISO 8601: a due date still to come. */
const demoDateTime = (): string => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 1);
  day.setUTCHours(15, 0, 0, 0);
  return day.toISOString();
};

/**
 * Values for a create's plain fields: a dropdown's choice (by trigger key, from `choices`), an
 * address for an email field, a date and time for a datetime field, the first choice of a
 * choice field; other optional fields are left blank, other required ones get the demo note.
 */
export const inputDataFor = (
  app: CompiledApp,
  createKey: string,
  choices: ReadonlyMap<string, string>,
): Record<string, string> =>
  Object.fromEntries(
    plainFields(app.creates[createKey]?.operation.inputFields).flatMap(
      (field): [string, string][] => {
        const list = listOf(field);
        const choice = list ? choices.get(list) : firstChoiceOf(field);
        if (choice !== undefined) return [[field.key, choice]];
        if (list) return field.required ? [[field.key, '']] : [];
        if (field.key.includes('email')) return [[field.key, demoEmailFor(createKey)]];
        if (field.type === 'datetime') return [[field.key, demoDateTime()]];
        return field.required ? [[field.key, DEMO_NOTE]] : [];
      },
    ),
  );
