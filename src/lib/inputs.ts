// The input fields, and the one check of their values before any request: trimmed, present, one
// value of its kind, and an email address where one is expected. An email at fault is this record's
// data and halts the run; any other value is the Zap's mapping (docs/behaviour.md, "Failures").
import type { FieldChoiceWithLabel, PlainInputField, ZObject } from 'zapier-platform-core';
import { emailAddressOf, INVISIBLE, NOT_AN_ADDRESS } from './email';
import { isObject } from './json';
import { LISTS, searchKeyOf, type ListKey } from './crmgrow-lists';
import { quote } from './text';

// Core appends the run's log to the message of an error without `doNotContextify`
// (create-lambda-handler.js), and only the integration's developers read that log. Core's Error
// and ThrottledError set it themselves (errors.js); HaltedError and ExpiredAuthError do not.
export function doNotContextify<E extends Error>(error: E): E {
  return Object.assign(error, { doNotContextify: true });
}

/** How a value is read: `email` as one address, `id` from a list's dropdown, `line` and `text`
 * (spanning lines) as text, `datetime` as an instant, `choice` as one of `choices`, `list` as
 * values (line items, or text with commas), `dict` as name–value pairs. */
type Format = 'email' | 'id' | 'line' | 'text' | 'datetime' | 'choice' | 'list' | 'dict';

type ValueOfFormat = Record<Exclude<Format, 'list' | 'dict'>, string> & {
  list: string[];
  dict: Record<string, string>;
};

export interface Input<K extends string = string, F extends Format = Format> {
  readonly key: K;
  readonly label: string;
  readonly helpText: string;
  /** How to fill the field; follows 'The "<label>" field is required.' */
  readonly howToFill: string;
  readonly format: F;
  /** Optional: a blank value is left out of the request. Required unless false. */
  readonly required?: boolean;
  /** The CRMGrow list whose dropdown fills the field. */
  readonly listKey?: ListKey;
  /** For `choice`: the values CRMGrow takes, each also given by its label. */
  readonly choices?: readonly FieldChoiceWithLabel[];
  /** The name CRMGrow stores the value under, where it is not the key (company is `brokerage`). */
  readonly sentAs?: string;
  /** For `email`: CRMGrow finds the contact by the address read as a pattern. */
  readonly lookup?: boolean;
}

/** The values of a list of inputs, by key: an optional input left blank is undefined. */
export type ValuesOf<I extends Input> = {
  [P in I as P['key']]: P['required'] extends false
    ? ValueOfFormat[P['format']] | undefined
    : ValueOfFormat[P['format']];
};

// A dynamic dropdown also takes a value mapped from an earlier step, and its `search` link lets
// the editor offer a Find step that fills it, where the list has one.
export const inputFieldOf = (input: Input): PlainInputField => ({
  key: input.key,
  label: input.label,
  type: input.format === 'text' || input.format === 'datetime' ? input.format : 'string',
  required: input.required ?? true,
  helpText: input.helpText,
  ...(input.format === 'list' && { list: true }),
  ...(input.format === 'dict' && { dict: true }),
  ...(input.choices && { choices: input.choices.map((choice) => ({ ...choice })) }),
  ...(input.listKey && {
    dynamic: `${input.listKey}.id.title`,
    ...(!('dropdownOnly' in LISTS[input.listKey]) && {
      search: `${searchKeyOf(input.listKey)}.id`,
    }),
  }),
});

// CRMGrow finds a contact by `new RegExp(email, 'i')`, unanchored (Teamgrow-Backend a2ec244,
// src/controllers/developer.js, searchContact).
const BY_PATTERN =
  'CRMGrow finds the contact by a pattern of this address, so ann@example.com can also find ' +
  'joann@example.com, and an address with + is added as a new contact each time.';

/** An email address; CRMGrow looks its contact up by a pattern of it unless `lookup` is false. */
export const emailInput = (
  label: string,
  helpText: string,
  { lookup = true, required = true } = {},
): Input<'email', 'email'> => ({
  key: 'email',
  label,
  format: 'email',
  helpText: lookup ? `${helpText} ${BY_PATTERN}` : helpText,
  howToFill: 'Map an email address from an earlier step or type one.',
  ...(lookup && { lookup }),
  ...(!required && { required }),
});

export function listInput<K extends string>(
  key: K,
  listKey: ListKey,
  purpose: string,
  note = '',
): Input<K, 'id'> {
  const { noun, singular, withArticle } = LISTS[listKey];
  const library = 'library' in LISTS[listKey] ? LISTS[listKey].library : 'your library';
  return {
    key,
    label: noun,
    format: 'id',
    listKey,
    helpText: `The ${singular} ${purpose}, from ${library}.${note && ` ${note}`}`,
    howToFill: `Choose ${withArticle}, or map the ID of ${withArticle} from an earlier step.`,
  };
}

/** A choice field's choices: each label, and the value CRMGrow takes for it. */
export const choicesOf = (labels: readonly string[], valueOf: (label: string) => string) =>
  labels.map((label) => ({ value: valueOf(label), sample: valueOf(label), label }));

// Zapier sends a datetime field as ISO 8601, whatever the builder typed (docs.zapier.com,
// platform/build/field-definitions); a mapped value may be anything. ISO alone is read: the
// engine's own parser takes "tomorrow 2026" for 1 January.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** One input's value, or the error. `fail` makes the error a value of this input gets. */
function valueOf(
  input: Input,
  raw: unknown,
  fail: (message: string) => Error,
): ValueOfFormat[Format] | undefined {
  const single = typeof raw === 'string' || typeof raw === 'number';
  if (input.format === 'list') {
    // Line items arrive as a list, typed text as one value: each is split at its commas.
    const values = [raw ?? []]
      .flat()
      .filter((one) => typeof one === 'string' || typeof one === 'number');
    const list = values.flatMap((one) => String(one).split(',')).map((one) => one.trim());
    const kept = list.filter(Boolean);
    return kept.length > 0 ? kept : undefined;
  }
  if (input.format === 'dict') {
    if (raw === undefined || raw === null || raw === '') return undefined;
    if (!isObject(raw)) {
      throw fail(
        `The "${input.label}" field needs names and values, not a single value. ${input.howToFill}`,
      );
    }
    // The values go byte for byte; a pair with no name is no field.
    const pairs = Object.entries(raw)
      .filter(([name]) => name.trim() !== '')
      .map(([name, value]): [string, string] => [
        name,
        typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value),
      ]);
    return pairs.length > 0 ? Object.fromEntries(pairs) : undefined;
  }
  if (!single && raw !== undefined && raw !== null) {
    throw fail(
      `The "${input.label}" field needs a single value, not a list or a set of fields. ${input.howToFill}`,
    );
  }
  // An email's invisible characters go first: one inside "jane@x.com" would make another address.
  const given = raw === undefined || raw === null ? '' : String(raw);
  const value = (input.format === 'email' ? given.replace(INVISIBLE, '') : given).trim();
  if (!value && input.required === false) return undefined;
  if (!value && input.format === 'email') {
    // In a live run the field was mapped: this record had no address.
    throw fail(
      `The "${input.label}" field was empty for this record, so nothing was sent. The record ` +
        'probably has no email address (such as a deal with no contact): map a field that ' +
        'always holds one, or add a Filter step before this one.',
    );
  }
  if (!value) throw fail(`The "${input.label}" field is required. ${input.howToFill}`);
  const not = (what: string) => fail(`${quote(value, 60)} in "${input.label}" ${what}`);
  switch (input.format) {
    case 'id':
      // An ID is 24 characters: a long value is no ID, and would come back in the step's result.
      if (value.length > 1_000) throw not(`is not a CRMGrow ID. ${input.howToFill}`);
      return value;
    case 'text':
      return given;
    case 'datetime': {
      const time = ISO_DATE.test(value) ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(time)) throw not(`is not a date and time. ${input.howToFill}`);
      return new Date(time).toISOString();
    }
    case 'choice': {
      const wanted = value.toLowerCase();
      const choice = input.choices?.find(
        (one) => one.value.toLowerCase() === wanted || one.label.toLowerCase() === wanted,
      );
      if (!choice) {
        const labels = input.choices?.map(({ label }) => label) ?? [];
        const named = `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
        throw fail(
          `The "${input.label}" field needs ${named}, but got ${quote(value, 40)}. ${input.howToFill}`,
        );
      }
      return choice.value;
    }
    case 'email': {
      const read = emailAddressOf(value);
      if ('problem' in read) throw not(NOT_AN_ADDRESS[read.problem]);
      // Such a pattern could find another contact, and the email go to them. A `+` finds none,
      // so CRMGrow adds a contact, which the help says; a `.` finds the address itself.
      const pattern = input.lookup ? /[*?^${}|]/.exec(read.address) : null;
      if (pattern) {
        throw not(
          `holds ${pattern[0]}, which CRMGrow reads as a pattern when it looks up the contact, so it could find another one: nothing was sent. Map an address without it.`,
        );
      }
      return read.address;
    }
    default:
      return value;
  }
}

/** Every input's value, read by its format (an email: the address alone; text: as given), or the
 * error; an optional input left blank is left out. */
export function readInputs<I extends Input>(
  z: ZObject,
  inputData: Readonly<Record<string, unknown>>,
  inputs: readonly I[],
): ValuesOf<I> {
  const values: Record<string, unknown> = {};
  for (const input of inputs) {
    const fail = (message: string) =>
      doNotContextify(
        input.format === 'email'
          ? new z.errors.HaltedError(message)
          : new z.errors.Error(message, 'invalid_input'),
      );
    values[input.key] = valueOf(input, inputData[input.key], fail);
  }
  return values as ValuesOf<I>;
}

/** An input and the value a request sends, for the error chain to name the one the service refused. */
export type SentField = Input & { readonly value: string };

/** The type of lead a New Lead Zap starts for, and whose lead forms or events its dropdown lists. */
export const LEAD_TYPE: Input<'lead_type', 'choice'> = {
  key: 'lead_type',
  label: 'Lead Type',
  format: 'choice',
  required: false,
  helpText:
    'Only start the Zap for leads of this type: from a lead form, or from a scheduled ' +
    'meeting. Leave blank for every lead.',
  howToFill: 'Choose one, or leave it blank for every lead.',
  choices: choicesOf(['All', 'Lead Form', 'Lead Schedule'], (label) =>
    label.replace(' ', '').toLowerCase(),
  ),
};
