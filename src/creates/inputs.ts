// The actions' input fields, and the one check every action runs on its
// inputs before any request: trimmed, present, and an email address where
// one is expected. Every field of these actions is required.
import { defineInputFields, type ZObject } from 'zapier-platform-core';
import type { SentField } from '../http/errors';
import { withoutWhatHappened, SERVICE_NAME, shown } from '../http/errors';
import { dropdownOf, LISTS, searchOf, type ListKey } from '../triggers/lists';

export interface ActionInput<K extends string = string> {
  readonly key: K;
  readonly label: string;
  readonly helpText: string;
  /** What to do about a blank value; follows 'The "<label>" field is required.' */
  readonly whenBlank: string;
  /**
   * `email` is checked as an address; `text` is a multi-line box; `id` comes from a
   * dropdown; `line` is one line of free text.
   */
  readonly kind: 'email' | 'id' | 'line' | 'text';
  /** The list trigger behind an `id` field's dropdown. */
  readonly list?: ListKey;
}

/**
 * The Zapier field of an input. A dynamic dropdown with no static choices
 * and no `list` flag also takes a custom value mapped from an earlier step;
 * its `search` link lets the editor offer a Find step that fills it by title.
 * The key keeps its literal type, so that core's `InferInputData` types
 * `bundle.inputData` from the fields: each is required, so a string.
 */
export interface InputFieldOf<K extends string> {
  readonly key: K;
  readonly label: string;
  readonly type: 'string' | 'text';
  readonly required: true;
  readonly helpText: string;
  readonly dynamic?: string;
  readonly search?: string;
}

export const inputFieldOf = <K extends string>(input: ActionInput<K>): InputFieldOf<K> => ({
  key: input.key,
  label: input.label,
  type: input.kind === 'text' ? 'text' : 'string',
  required: true,
  helpText: input.helpText,
  ...(input.list ? { dynamic: dropdownOf(input.list), search: searchOf(input.list) } : {}),
});

/** The fields of a list of inputs, in its order (a tuple stays a tuple, for `InferInputData`). */
export const inputFieldsOf = <const T extends readonly ActionInput[]>(inputs: T) =>
  defineInputFields(
    inputs.map(inputFieldOf) as { -readonly [N in keyof T]: InputFieldOf<T[N]['key']> },
  );

/**
 * The email field. The interface says only that the address identifies the
 * contact; `what` tells what the service does with it (see docs/service-api.md).
 */
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

/**
 * The longest value read as an address: 254 characters for the address
 * (RFC 5321), with room for a display name. Longer is refused unread. An ID
 * is 24 characters; a longer mapped value is no ID either.
 */
export const MAX_EMAIL_INPUT = 1_000;
export const MAX_ID_INPUT = 1_000;

/**
 * Characters nobody sees, which copying from a web page, a chat or a document
 * leaves in text: soft hyphen, zero-width spaces and joiners, direction marks
 * and embeddings, word joiner and invisible operators, byte-order mark. No
 * address holds one, and a mail app drops them; so does every email input.
 */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

/** Control characters (C0, DEL and C1, NEL among them): text decoded wrongly, or a stray key. */
// eslint-disable-next-line no-control-regex -- finding them is its purpose
const CONTROL = /[\0-\x1f\x7f-\x9f]/;

/**
 * What an unquoted address can hold: no space, no control character, none of
 * `"(),:;<>[\]`, one "@", and a dotted domain. Each part is told from the
 * next by a character it cannot hold, so matching takes linear time. The
 * service has the final word on the rest.
 */
const ADDRESS = /^[^\s"(),:;<>@[\\\]]+@[^\s"(),:;<>@[\\\].]+(\.[^\s"(),:;<>@[\\\].]+)+$/;

// `Display Name <address>`, as mail apps' "From" fields give it; the name may
// be quoted (and then hold commas or "@"). One pair of angle brackets only.
// An unquoted name's spaces are trimmed afterwards: a `\s*` beside `[^"<>]*`
// would make a long run of spaces cost quadratic time.
const NAMED_ADDRESS = /^("(?:[^"\\]|\\.)*"\s*|[^"<>]*)<([^<>]*)>$/;

/** Pairs a copied address may stand between: quotes, parentheses, angle brackets. */
const WRAPPERS: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  '\u201C': '\u201D',
  '\u2018': '\u2019',
  '(': ')',
  '<': '>',
};

/**
 * The address with what a mail client would take off it taken off, again
 * until nothing changes: spaces, a `,` or `;` after it (a CSV cell, a "To:"
 * line), a `mailto:` link's scheme and query, a pair of quotes, parentheses
 * or angle brackets around it, and a lone bracket at either end.
 */
function unwrapped(text: string): string {
  for (;;) {
    const value = text.trim().replace(/[,;\s]+$/, '');
    const mailto = /^mailto:([^?]*)/i.exec(value);
    const first = value.charAt(0);
    const last = value.charAt(value.length - 1);
    let next = value;
    if (mailto) next = mailto[1] ?? '';
    else if (value.length > 1 && WRAPPERS[first] === last) next = value.slice(1, -1);
    else if (first === '<' || first === '(') next = value.slice(1);
    else if (last === '>' || last === ')') next = value.slice(0, -1);
    if (next === text) return next;
    text = next;
  }
}

/** A value as a message shows it: cut short, its control characters written as `\u0000`. */
export const visible = (value: string): string =>
  shown(value).replace(
    new RegExp(CONTROL.source, 'g'),
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const atSigns = (text: string): number => text.split('@').length - 1;

/**
 * The one reading of an email field, for every action: the address a trimmed
 * value names, as a mail client reads it, or why it names none: `control`
 * when it holds a control character, `list` when it holds several addresses,
 * `invalid` when it holds none.
 */
export function emailAddressOf(value: string): string | 'control' | 'list' | 'invalid' {
  if (CONTROL.test(value)) return 'control';
  if (value.length > MAX_EMAIL_INPUT) return 'invalid';
  const single = value.replace(/[,;\s]+$/, '');
  const named = NAMED_ADDRESS.exec(single);
  let address: string;
  if (named) {
    // The value is trimmed, so the name starts with its first character.
    const [, name = '', inside = ''] = named;
    // `a@x.com, Bob <b@y.com>`; but `jane@x.com <jane@x.com>` is one address.
    if (!name.startsWith('"') && name.includes('@') && /[,;]/.test(name)) return 'list';
    address = unwrapped(inside);
  } else {
    if (atSigns(single) > 1 && /[\s,;]/.test(single)) return 'list';
    address = unwrapped(single);
  }
  return ADDRESS.test(address) ? address : 'invalid';
}

/**
 * The trimmed value of every input (for an email, the address alone), or a
 * user-facing error naming the first field that is blank, missing, not a
 * single value, or not one email address. It halts the run: the record's
 * data is at fault, and Zapier does not count a halted run toward turning
 * the Zap off. `InferInputData` types the fields as strings; a mapped value
 * can still be blank, a list or a number, hence these checks. The result has
 * the type `InferInputData` gives the fields of `inputs`.
 */
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
      // Sent, it would come back in the step's result and could pass Zapier's 6 MiB limit.
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
    const address = emailAddressOf(value);
    if (address === 'control') {
      throw invalid(
        `"${visible(value)}" in "${input.label}" holds a control character (shown as \\u…), ` +
          'which no email address can hold: the text was probably copied or decoded wrongly. ' +
          'Map or type an address such as name@example.com.',
      );
    }
    if (address === 'list') {
      throw invalid(
        `"${visible(value)}" in "${input.label}" holds more than one email address. ` +
          'Each step takes one address: map a single address, or use one step per address.',
      );
    }
    if (address === 'invalid') {
      throw invalid(
        `"${visible(value)}" in "${input.label}" is not an email address. ` +
          'Map or type an address such as name@example.com, or Jane Doe <name@example.com>.',
      );
    }
    values[input.key] = address;
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
