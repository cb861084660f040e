// Titles, compared one way everywhere: the dropdowns order them and the
// searches match them as one collator does, case and accents aside.

/** The one collation of titles: A–Z, case and accents aside, "#2" before "#10". */
export const TITLE_COLLATION = {
  locale: 'en',
  options: { sensitivity: 'base', numeric: true },
} as const satisfies { locale: string; options: Intl.CollatorOptions };

const letterOf = (code: number): number => (code > 96 && code < 123 ? code : 0); // a–z, else 0

/** Titles compared as a collator of TITLE_COLLATION has them, made for each run. Two that start
 * with different ASCII letters are in those letters' order, without asking the (slower) collator. */
export function titleComparer(): (a: string, b: string) => number {
  const collator = new Intl.Collator(TITLE_COLLATION.locale, TITLE_COLLATION.options);
  return (a, b) => {
    const x = letterOf(a.charCodeAt(0) | 32);
    const y = letterOf(b.charCodeAt(0) | 32);
    return (x && y && x - y) || collator.compare(a, b);
  };
}

/** What the titles of one result may take together, counting 6 bytes a character (a control
 * character's JSON escape): the ids and keys need the rest of Zapier's 6 MiB. */
const TITLES_BUDGET_BYTES = 4 * 1024 * 1024;

/** How many characters of a title a result of `count` items shows: at most 1,000 (no real
 * title comes near it), fewer the more items (1,000 items keep 699; 10,000 keep 69). */
export const titleRoom = (count: number): number =>
  Math.max(16, Math.min(1_000, Math.floor(TITLES_BUDGET_BYTES / 6 / Math.max(1, count))));
