// The input fields, and the one check of their values before any request: trimmed, present, one
// value, and an email address where one is expected. A value at fault halts the run: the record's
// data must change, and Zapier does not count a halted run toward turning the Zap off.
import type { PlainInputField, ZObject } from 'zapier-platform-core';
import { doNotContextify, type SentField } from '../http/errors';
import { emailAddressOf, INVISIBLE, NOT_AN_ADDRESS } from './email';
import { LISTS, searchKeyOf, type ListKey } from './lists';
import { quote } from './text';

export interface Input<K extends string = string> {
  readonly key: K;
  readonly label: string;
  readonly helpText: string;
  /** What to do about a blank value; follows 'The "<label>" field is required.' */
  readonly whenBlank: string;
  /** `email` is read as an address, `id` comes from a list's dropdown, `text` spans lines. */
  readonly kind: 'email' | 'id' | 'line' | 'text';
  readonly list?: ListKey;
}

// A dynamic dropdown also takes a value mapped from an earlier step, and its `search` link lets
// the editor offer a Find step that fills it by title.
export const inputFieldOf = (input: Input): PlainInputField => ({
  key: input.key,
  label: input.label,
  type: input.kind === 'text' ? 'text' : 'string',
  required: true,
  helpText: input.helpText,
  ...(input.list && {
    dynamic: `${input.list}.id.title`,
    search: `${searchKeyOf(input.list)}.id`,
  }),
});

export const emailInput = (label: string, helpText: string): Input<'email'> => ({
  key: 'email',
  label,
  kind: 'email',
  helpText,
  whenBlank: 'Map an email address from an earlier step or type one.',
});

/** A dropdown of one of the lists. */
export function listInput<K extends string>(
  key: K,
  list: ListKey,
  purpose: string,
  note = '',
): Input<K> {
  const { noun, singular, one } = LISTS[list];
  return {
    key,
    label: noun,
    kind: 'id',
    list,
    helpText: `The ${singular} ${purpose}, from your library.${note && ` ${note}`}`,
    whenBlank: `Choose ${one}, or map the ID of ${one} from an earlier step.`,
  };
}

/** Every input's value, trimmed (an email: the address alone; text: as given), or a halt. */
export function readInputs<K extends string>(
  z: ZObject,
  inputData: Readonly<Record<string, unknown>>,
  inputs: readonly Input<K>[],
): Record<K, string> {
  const values: Partial<Record<K, string>> = {};
  for (const input of inputs) {
    const halt = (message: string) => doNotContextify(new z.errors.HaltedError(message));
    const raw = inputData[input.key] ?? '';
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      throw halt(
        `The "${input.label}" field needs a single value, not a list or a set of fields. ${input.whenBlank}`,
      );
    }
    // An email's invisible characters go first: one inside "jane@x.com" would make another address.
    const given = String(raw);
    const value = (input.kind === 'email' ? given.replace(INVISIBLE, '') : given).trim();
    if (!value) throw halt(`The "${input.label}" field is required. ${input.whenBlank}`);
    // An ID is 24 characters: a long value is no ID, and would come back in the step's result.
    if (input.kind === 'id' && value.length > 1_000) {
      throw halt(`${quote(value)} in "${input.label}" is not a CRMGrow ID. ${input.whenBlank}`);
    }
    if (input.kind !== 'email') {
      values[input.key] = input.kind === 'text' ? given : value;
      continue;
    }
    const read = emailAddressOf(value);
    if ('problem' in read) {
      throw halt(`${quote(value)} in "${input.label}" ${NOT_AN_ADDRESS[read.problem]}`);
    }
    values[input.key] = read.address;
  }
  return values as Record<K, string>;
}

/** The inputs with their values, for the error chain to name the one the service refused. */
export const sentFieldsOf = <K extends string>(
  inputs: readonly Input<K>[],
  values: Readonly<Record<K, string>>,
): SentField[] =>
  inputs.map((input) => ({
    key: input.key,
    label: input.label,
    value: values[input.key],
    ...(input.list && { search: `Find ${LISTS[input.list].noun}` }),
  }));
