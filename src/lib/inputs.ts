// The input fields, and the one check of their values before any request: trimmed, present, one
// value, and an email address where one is expected. An email at fault is this record's data and
// halts the run; any other value is the Zap's mapping (docs/behaviour.md, "Failures").
import type { PlainInputField, ZObject } from 'zapier-platform-core';
import { emailAddressOf, INVISIBLE, NOT_AN_ADDRESS } from './email';
import { doNotContextify } from './errors';
import { LISTS, searchKeyOf, type ListKey } from './lists';
import { quote } from './text';

export interface Input<K extends string = string> {
  readonly key: K;
  readonly label: string;
  readonly helpText: string;
  /** How to fill the field; follows 'The "<label>" field is required.' */
  readonly howToFill: string;
  /** `email` is read as an address, `id` comes from a list's dropdown, `text` spans lines. */
  readonly format: 'email' | 'id' | 'line' | 'text';
  /** The CRMGrow list whose dropdown fills the field. */
  readonly listKey?: ListKey;
}

// A dynamic dropdown also takes a value mapped from an earlier step, and its `search` link lets
// the editor offer a Find step that fills it by title.
export const inputFieldOf = (input: Input): PlainInputField => ({
  key: input.key,
  label: input.label,
  type: input.format === 'text' ? 'text' : 'string',
  required: true,
  helpText: input.helpText,
  ...(input.listKey && {
    dynamic: `${input.listKey}.id.title`,
    search: `${searchKeyOf(input.listKey)}.id`,
  }),
});

export const emailInput = (label: string, helpText: string): Input<'email'> => ({
  key: 'email',
  label,
  format: 'email',
  helpText,
  howToFill: 'Map an email address from an earlier step or type one.',
});

export function listInput<K extends string>(
  key: K,
  listKey: ListKey,
  purpose: string,
  note = '',
): Input<K> {
  const { noun, singular, withArticle } = LISTS[listKey];
  return {
    key,
    label: noun,
    format: 'id',
    listKey,
    helpText: `The ${singular} ${purpose}, from your library.${note && ` ${note}`}`,
    howToFill: `Choose ${withArticle}, or map the ID of ${withArticle} from an earlier step.`,
  };
}

/** Every input's value, trimmed (an email: the address alone; text: as given), or the error. */
export function readInputs<K extends string>(
  z: ZObject,
  inputData: Readonly<Record<string, unknown>>,
  inputs: readonly Input<K>[],
): Record<K, string> {
  const values: Partial<Record<K, string>> = {};
  for (const input of inputs) {
    const fail = (message: string) =>
      doNotContextify(
        input.format === 'email'
          ? new z.errors.HaltedError(message)
          : new z.errors.Error(message, 'invalid_input'),
      );
    const raw = inputData[input.key] ?? '';
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      throw fail(
        `The "${input.label}" field needs a single value, not a list or a set of fields. ${input.howToFill}`,
      );
    }
    // An email's invisible characters go first: one inside "jane@x.com" would make another address.
    const given = String(raw);
    const value = (input.format === 'email' ? given.replace(INVISIBLE, '') : given).trim();
    if (!value && input.format === 'email') {
      // In a live run the field was mapped: this record had no address.
      throw fail(
        `The "${input.label}" field was empty for this record, so nothing was sent. The record ` +
          'probably has no email address (such as a deal with no contact): map a field that ' +
          'always holds one, or add a Filter step before this one.',
      );
    }
    if (!value) throw fail(`The "${input.label}" field is required. ${input.howToFill}`);
    // An ID is 24 characters: a long value is no ID, and would come back in the step's result.
    if (input.format === 'id' && value.length > 1_000) {
      throw fail(`${quote(value, 60)} in "${input.label}" is not a CRMGrow ID. ${input.howToFill}`);
    }
    if (input.format !== 'email') {
      values[input.key] = input.format === 'text' ? given : value;
      continue;
    }
    const read = emailAddressOf(value);
    if ('problem' in read) {
      throw fail(`${quote(value, 60)} in "${input.label}" ${NOT_AN_ADDRESS[read.problem]}`);
    }
    values[input.key] = read.address;
  }
  return values as Record<K, string>;
}

/** An input and the value a request sends, for the error chain to name the one the service refused. */
export type SentField = Input & { readonly value: string };

export const sentFieldsOf = <K extends string>(
  inputs: readonly Input<K>[],
  values: Readonly<Record<K, string>>,
): SentField[] => inputs.map((input) => ({ ...input, value: values[input.key] }));
