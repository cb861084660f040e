// Text as the app compares and shows it: one fold for the searches and the filters, one cut,
// and one way to quote a value in a message.

// Letters that the dropdown's collator treats as base letters, though no accent comes off them.
const LETTERS = 'ßæœøđðłħς';
const BASES = ['ss', 'ae', 'oe', 'o', 'd', 'd', 'l', 'h', 'σ'];

/** Case and accents aside, as the dropdown's collator compares ("Résumé" is "resume"). */
export const foldLetters = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøđðłħς]/g, (letter) => BASES[LETTERS.indexOf(letter)] ?? letter);

/** Compared text: letters folded, trimmed, each run of spaces one space. */
export const fold = (text: string): string => foldLetters(text).trim().replace(/\s+/g, ' ');

/** Text cut to at most `max` UTF-16 units, "…" included, never inside a surrogate pair. */
export function cutText(text: string, max: number): string {
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

/** A value in a message: quoted, cut short, its control characters written as `\u0000`. */
export const quote = (value: string, max = 80): string =>
  `"${cutText(value, max).replace(CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
