// The actions' input fields, all required, and the one check every action runs on its inputs
// before any request: trimmed, present, and an email address where one is expected.
import type { PlainInputField, ZObject } from 'zapier-platform-core';
import { SERVICE_NAME, withoutWhatHappened, type SentField } from '../http/errors';
import { dropdownOf, LISTS, searchOf, type ListKey } from '../triggers/lists';
import { EMAIL_PROBLEMS, emailAddressOf, INVISIBLE, visible } from './email';

export interface ActionInput<K extends string = string> {
  readonly key: K;
  readonly label: string;
  readonly helpText: string;
  /** What to do about a blank value; follows 'The "<label>" field is required.' */
  readonly whenBlank: string;
  /** `email` is checked as an address, `id` comes from a dropdown, `text` is multi-line. */
  readonly kind: 'email' | 'id' | 'line' | 'text';
  /** The list trigger behind an `id` field's dropdown. */
  readonly list?: ListKey;
}

// A dynamic dropdown with no static choices also takes a value mapped from an earlier step, and
// its `search` link lets the editor offer a Find step that fills it by title.
export const inputFieldOf = (input: ActionInput): PlainInputField => ({
  key: input.key,
  label: input.label,
  type: input.kind === 'text' ? 'text' : 'string',
  required: true,
  helpText: input.helpText,
  ...(input.list ? { dynamic: dropdownOf(input.list), search: searchOf(input.list) } : {}),
});

/** The email field; `what` tells what the service does with the address (docs/service-api.md). */
export const emailInput = (label: string, what: string): ActionInput<'email'> => ({
  key: 'email',
  label,
  kind: 'email',
  helpText: what,
  whenBlank: 'Map an email address from an earlier step or type one.',
});

/** A dropdown of one of the lists, which also takes an id mapped from an earlier step. */
export const listInput = <K extends string>(
  key: K,
  list: ListKey,
  purpose: string,
  note?: string,
): ActionInput<K> => {
  const { noun, singular, one } = LISTS[list];
  return {
    key,
    label: noun,
    kind: 'id',
    list,
    helpText: [`The ${singular} ${purpose}, from your library.`, ...(note ? [note] : [])].join(' '),
    whenBlank: `Choose ${one}, or map the ID of ${one} from an earlier step.`,
  };
};

/** An ID is 24 characters. A longer value would come back in the result, past Zapier's limit. */
export const MAX_ID_INPUT = 1_000;

// The trimmed value of every input (for an email, the address alone), or an error naming the
// first field that is blank, not a single value or not one address. It halts the run: the
// record's data is at fault, and Zapier does not count a halted run toward turning the Zap off.
export function readInputs<K extends string>(
  z: ZObject,
  inputData: Readonly<Record<string, unknown>>,
  inputs: readonly ActionInput<K>[],
): Record<K, string> {
  const values: Partial<Record<K, string>> = {};
  for (const input of inputs) {
    const raw = inputData[input.key];
    const invalid = (message: string): Error =>
      withoutWhatHappened(new z.errors.HaltedError(message));
    if (raw !== undefined && raw !== null && typeof raw !== 'string' && typeof raw !== 'number') {
      throw invalid(
        `The "${input.label}" field needs a single value, not a list or a set of fields. ${input.whenBlank}`,
      );
    }
    const given = raw === undefined || raw === null ? '' : String(raw);
    // An email's invisible characters go first: one inside "jane@x.com" would make another address.
    const value = (input.kind === 'email' ? given.replace(INVISIBLE, '') : given).trim();
    if (!value) throw invalid(`The "${input.label}" field is required. ${input.whenBlank}`);
    if (input.kind === 'id' && value.length > MAX_ID_INPUT) {
      throw invalid(
        `"${visible(value)}" in "${input.label}" is not an ID of ${SERVICE_NAME}: it is ` +
          `${value.length.toLocaleString('en-US')} characters long. ${input.whenBlank}`,
      );
    }
    if (input.kind !== 'email') {
      // Free text goes as it was given, spaces and line breaks included.
      values[input.key] = input.kind === 'text' ? given : value;
      continue;
    }
    const read = emailAddressOf(value);
    if ('problem' in read) {
      throw invalid(`"${visible(value)}" in "${input.label}" ${EMAIL_PROBLEMS[read.problem]}`);
    }
    values[input.key] = read.address;
  }
  return values as Record<K, string>;
}

/** The inputs with their values, for the error layer to name the one the service refused. */
export const sentFieldsOf = <K extends string>(
  inputs: readonly ActionInput<K>[],
  values: Readonly<Record<K, string>>,
): SentField[] =>
  inputs.map((input) => ({
    key: input.key,
    label: input.label,
    value: values[input.key],
    ...(input.list ? { search: `Find ${LISTS[input.list].noun}` } : {}),
  }));
