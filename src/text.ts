// Text as the app compares, shortens and reads it: the filters and the searches fold text with
// one function, every cut of text goes through one function, and every date is read by one.

// Letters that the dropdown's collator treats as base letters, though no accent comes off them.
const LETTERS = 'ßæœøđðłħς';
const BASES = ['ss', 'ae', 'oe', 'o', 'd', 'd', 'l', 'h', 'σ'];

// Case and accents aside, as the dropdown's collator compares ("Résumé" is "resume"); NFKD
// first, so that text typed in either Unicode form (NFC or NFD) folds to the same letters.
export const foldLetters = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøđðłħς]/g, (letter) => BASES[LETTERS.indexOf(letter)] ?? letter);

/** The one folding of compared text: letters folded, trimmed, each run of spaces one space. */
export const fold = (text: string): string => foldLetters(text).trim().replace(/\s+/g, ' ');

/** Text cut to at most `max` UTF-16 units, its "…" included, never inside a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** A date the service gives (text, or milliseconds), as ISO 8601 in UTC; null when it is none. */
export function isoDateOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
