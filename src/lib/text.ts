// Text as the app compares and shows it: the dropdown's collator and the fold that agrees with it
// for the searches and the filters, one way to truncate, and one way to quote a value in a message.

/** The dropdown's order of titles (src/lib/order.ts): capitals and accents ignored, "#2" before
 * "#10". foldLetters below must ignore what it ignores: change the two together. */
export const TITLE_COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

// Letters that TITLE_COLLATOR treats as base letters, though no accent comes off them.
const LETTERS = 'ßæœøđðłħς';
const BASES = ['ss', 'ae', 'oe', 'o', 'd', 'd', 'l', 'h', 'σ'];

/** Capitals and accents ignored, as TITLE_COLLATOR compares ("Résumé" is "resume"). */
export const foldLetters = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøđðłħς]/g, (letter) => BASES[LETTERS.indexOf(letter)] ?? letter);

/** Compared text: letters folded, trimmed, each run of spaces one space. */
export const fold = (text: string): string => foldLetters(text).trim().replace(/\s+/g, ' ');

/** Text truncated to at most `max` UTF-16 units, "…" included, never inside a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

// C0, DEL and C1: text decoded in the wrong encoding, or a stray key.
// eslint-disable-next-line no-control-regex -- finding them is its purpose
export const CONTROL = /[\0-\x1f\x7f-\x9f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/** A value in a message: its control characters written as `\u0000`, truncated, quoted. */
export const quote = (value: string, max = 80): string =>
  `"${truncate(
    value.replace(CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
    max,
  )}"`;

/** Text with the API key in it written `[API key]`: a message or a log line never holds it. */
export const redacted = (text: string, key: string): string =>
  key ? text.split(key).join('[API key]') : text;
