// Titles, compared one way everywhere: the dropdowns order them and the
// searches match them as one collator does, case and accents aside.

/** The one collation of titles: A–Z, case and accents aside, "#2" before "#10". */
export const TITLE_COLLATION = {
  locale: 'en',
  options: { sensitivity: 'base', numeric: true },
} as const satisfies { locale: string; options: Intl.CollatorOptions };

/** A collator of TITLE_COLLATION, made for each run: no state outlives a run. */
export const titleCollator = (): Intl.Collator =>
  new Intl.Collator(TITLE_COLLATION.locale, TITLE_COLLATION.options);

// Letters the collator reads as base letters, though no accent comes off them.
const LETTERS = 'ßæœøđðłħς';
const BASES = ['ss', 'ae', 'oe', 'o', 'd', 'd', 'l', 'h', 'σ'];

/** Text with the collator's "base" sensitivity: no case, no accents ("Résumé" is "resume"). */
export const foldText = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøđðłħς]/g, (letter) => BASES[LETTERS.indexOf(letter)] ?? letter);

/** A title as a search compares it: folded, trimmed, runs of spaces as one. */
export const foldTitle = (title: string): string => foldText(title).trim().replace(/\s+/g, ' ');

/**
 * What the titles of one result may take together, counting 6 bytes a
 * character (a control character's JSON escape): the ids and keys need the
 * rest of Zapier's 6 MiB.
 */
const TITLES_BUDGET_BYTES = 4 * 1024 * 1024;

/**
 * How many characters of a title a result of `count` items shows: at most 1,000 (no real
 * title comes near it), fewer the more items (1,000 items keep 699; 10,000 keep 69).
 */
export const titleRoom = (count: number): number =>
  Math.max(16, Math.min(1_000, Math.floor(TITLES_BUDGET_BYTES / 6 / Math.max(1, count))));

/** A title cut to `max` characters with "…", never between an emoji's two halves. */
export function cutTitle(title: string, max: number): string {
  if (title.length <= max) return title;
  let end = max - 1;
  const last = title.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${title.slice(0, end)}…`;
}
