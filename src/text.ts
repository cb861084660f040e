// Text as the app compares and shortens it. The filters and the searches fold
// the Zap builder's text and the service's text with one function, and every
// cut of text (titles, values shown in messages, values cut to fit a result)
// goes through one function.

// Letters that the dropdown's collator treats as base letters, though no accent comes off them.
const LETTERS = 'ßæœøđðłħς';
const BASES = ['ss', 'ae', 'oe', 'o', 'd', 'd', 'l', 'h', 'σ'];

/**
 * Text with case and accents set aside, as the dropdown's collator compares it
 * ("Résumé" is "resume"). NFKD first, so a text typed in either Unicode form
 * (NFC or NFD) folds to the same letters. Spaces are kept as they are.
 */
export const foldLetters = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøđðłħς]/g, (letter) => BASES[LETTERS.indexOf(letter)] ?? letter);

/**
 * The one folding of text that the app compares: case and accents aside,
 * trimmed, each run of spaces one space. "  Café  Crème " and "cafe creme" fold alike.
 */
export const fold = (text: string): string => foldLetters(text).trim().replace(/\s+/g, ' ');

/**
 * Text cut to at most `max` UTF-16 units, the "…" that ends a cut text
 * included, never between the two halves of an emoji.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
