// An email field read as a mail client reads it: the one address a value names, or why it names
// none. CRMGrow has the final word on the address itself.
import { CONTROL } from './text';

// Characters nobody sees that a copy from a page, a chat or a document leaves behind (zero-width
// spaces and joiners, direction marks, soft hyphens, byte-order marks): a mail app drops them.
export const INVISIBLE =
  /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

// One address without quotes, one "@" and a dotted domain; each part ends at a character it
// cannot hold, so matching takes linear time.
const ADDRESS = /^[^\s"(),:;<>@[\\\]]+@[^\s"(),:;<>@[\\\].]+(\.[^\s"(),:;<>@[\\\].]+)+$/;

// `Display Name <address>`, as mail apps write it; a quoted name may hold commas or "@". An
// unquoted name is not followed by `\s*`: beside `[^"<>]*` it would cost quadratic time.
const NAMED_ADDRESS = /^("(?:[^"\\]|\\.)*"\s*|[^"<>]*)<([^<>]*)>$/;

/** The pairs a copied address may stand between: each opening character and its closing one. */
const WRAPPERS = new Map(
  ['""', "''", '\u201C\u201D', '\u2018\u2019', '()', '<>'].map(([a, b]) => [a, b]),
);

// Takes off, until nothing changes, what a mail client ignores around an address: spaces, a `,`
// or `;` after it, a `mailto:` and its query, a pair of wrappers, a lone bracket at either end.
function withoutWrappers(text: string): string {
  for (;;) {
    const value = text.trim().replace(/[,;\s]+$/, '');
    const mailto = /^mailto:([^?]*)/i.exec(value);
    const first = value.charAt(0);
    const last = value.charAt(value.length - 1);
    let next = value;
    if (mailto) next = mailto[1] ?? '';
    else if (WRAPPERS.get(first) === last) next = value.slice(1, -1);
    else if (first === '<' || first === '(') next = value.slice(1);
    else if (last === '>' || last === ')') next = value.slice(0, -1);
    if (next === text) return next;
    text = next;
  }
}

/** Why a value names no address, as the end of a message that quotes the value. */
export const NOT_AN_ADDRESS = {
  control:
    'holds a control character (shown as \\u…), which no email address can hold: it was ' +
    'probably copied wrongly. Map or type an address such as name@example.com.',
  list:
    'holds more than one email address. Each step takes one: map a field that holds one, such ' +
    'as "First Contact Email" from a CRMGrow trigger, or use one step per address.',
  invalid:
    'is not an email address. Map or type an address such as name@example.com, or ' +
    'Jane Doe <name@example.com>.',
} as const;

/** The address a trimmed value names, or why it names none. */
export function emailAddressOf(
  value: string,
): { address: string } | { problem: keyof typeof NOT_AN_ADDRESS } {
  if (CONTROL.test(value)) return { problem: 'control' };
  // An address is at most 254 characters; this leaves room for a name, and bounds the reading.
  if (value.length > 1_000) return { problem: 'invalid' };
  const single = value.replace(/[,;\s]+$/, '');
  const named = NAMED_ADDRESS.exec(single);
  // `a@x.com, Bob <b@y.com>` is two addresses; `jane@x.com <jane@x.com>` is one.
  const name = named?.[1] ?? single;
  const several = named
    ? !name.startsWith('"') && name.includes('@') && /[,;]/.test(name)
    : name.split('@').length > 2 && /[\s,;]/.test(name);
  if (several) return { problem: 'list' };
  const address = withoutWrappers(named ? (named[2] ?? '') : single);
  return ADDRESS.test(address) ? { address } : { problem: 'invalid' };
}
