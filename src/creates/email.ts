// The one reading of an email field, for every action: the address a value
// names, taken out as a mail client would take it, or why it names none.
import { shown } from '../http/errors';

/** An address is at most 254 characters (RFC 5321); this leaves room for a display name. */
export const MAX_EMAIL_INPUT = 1_000;

// Characters nobody sees that a copy from a page, a chat or a document leaves behind (zero-width
// spaces and joiners, direction marks, soft hyphens, byte-order marks): a mail app drops them.
export const INVISIBLE =
  /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

/** C0, DEL and C1 (NEL among them): text decoded in the wrong encoding, or a stray key. */
// eslint-disable-next-line no-control-regex -- finding them is its purpose
const CONTROL = /[\0-\x1f\x7f-\x9f]/;

// One address without quotes, one "@" and a dotted domain; each part ends at a character it cannot
// hold, so matching takes linear time. CRMGrow has the final word on the rest.
const ADDRESS = /^[^\s"(),:;<>@[\\\]]+@[^\s"(),:;<>@[\\\].]+(\.[^\s"(),:;<>@[\\\].]+)+$/;

// `Display Name <address>`, as mail apps write it; a quoted name may hold commas or "@".
// An unquoted name is not followed by `\s*`: beside `[^"<>]*` it would cost quadratic time.
const NAMED_ADDRESS = /^("(?:[^"\\]|\\.)*"\s*|[^"<>]*)<([^<>]*)>$/;

/** The pairs a copied address may stand between. */
const WRAPPERS: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  '\u201C': '\u201D',
  '\u2018': '\u2019',
  '(': ')',
  '<': '>',
};

// Takes off, until nothing changes, what a mail client ignores around an address: spaces, a `,`
// or `;` after it, a `mailto:` and its query, a pair of WRAPPERS, a lone bracket at either end.
function unwrapped(text: string): string {
  for (;;) {
    const value = text.trim().replace(/[,;\s]+$/, '');
    const mailto = /^mailto:([^?]*)/i.exec(value);
    const first = value.charAt(0);
    const last = value.charAt(value.length - 1);
    let next = value;
    if (mailto) next = mailto[1] ?? '';
    else if (WRAPPERS[first] === last) next = value.slice(1, -1);
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

/** Why a value names no address, and what the Zap builder is told after it. */
export const EMAIL_PROBLEMS = {
  control:
    'holds a control character (shown as \\u…), which no email address can hold: the text was ' +
    'probably copied or decoded wrongly. Map or type an address such as name@example.com.',
  list:
    'holds more than one email address. Each step takes one address: map a single address, ' +
    'or use one step per address.',
  invalid:
    'is not an email address. Map or type an address such as name@example.com, or ' +
    'Jane Doe <name@example.com>.',
} as const;

export type EmailProblem = keyof typeof EMAIL_PROBLEMS;

/** The address a trimmed value names, with its invisible characters gone, or why it names none. */
export function emailAddressOf(value: string): { address: string } | { problem: EmailProblem } {
  if (CONTROL.test(value)) return { problem: 'control' };
  if (value.length > MAX_EMAIL_INPUT) return { problem: 'invalid' };
  const single = value.replace(/[,;\s]+$/, '');
  const named = NAMED_ADDRESS.exec(single);
  // `a@x.com, Bob <b@y.com>` is two addresses; `jane@x.com <jane@x.com>` is one.
  const name = named?.[1] ?? single;
  const several = named
    ? !name.startsWith('"') && name.includes('@') && /[,;]/.test(name)
    : name.split('@').length > 2 && /[\s,;]/.test(name);
  if (several) return { problem: 'list' };
  const address = unwrapped(named ? (named[2] ?? '') : single);
  return ADDRESS.test(address) ? { address } : { problem: 'invalid' };
}
