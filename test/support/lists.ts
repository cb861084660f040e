// The list path's rules written plainly, with full sorts: what a poll, a
// dropdown page and a search must give for a list answer (the unit and
// property tests hold the app to these).
import { fold as foldTitle } from '../../src/text';

/** The dropdown collation, written out: A–Z, case and accents aside, "#2" before "#10". */
export const titleCollator = (): Intl.Collator =>
  new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export interface Item {
  id: string;
  title: string;
}

/**
 * The rows kept: a usable id (`id`, else `_id`: a non-blank string, trimmed, or
 * a whole number JSON holds exactly), each id once (the first), titles trimmed.
 */
export function keptOf(list: readonly unknown[]): Item[] {
  const idOf = (value: unknown): string | undefined =>
    typeof value === 'string'
      ? value.trim() || undefined
      : typeof value === 'number' && Number.isSafeInteger(value)
        ? String(value)
        : undefined;
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const row of list) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) continue;
    const { id: rawId, _id: rawAltId, title } = row as Record<string, unknown>;
    const id = idOf(rawId) ?? idOf(rawAltId);
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    items.push({ id, title: typeof title === 'string' ? title.trim() : '' });
  }
  return items;
}

/** Newest first by ObjectId as MongoDB writes it (lower case), a full sort; else the service's order. */
export const newestOf = (items: readonly Item[]): Item[] =>
  items.every(({ id }) => /^[0-9a-f]{24}$/.test(id))
    ? [...items].sort((a, b) => (a.id > b.id ? -1 : a.id < b.id ? 1 : 0))
    : [...items];

/** A dropdown page: a full sort by title with the one collator, untitled last, ties by id. */
export function dropdownPageOf(list: readonly unknown[], page: number): Item[] {
  const collator = titleCollator();
  return [...keptOf(list)]
    .sort(
      (a, b) =>
        Number(a.title === '') - Number(b.title === '') ||
        collator.compare(a.title, b.title) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(page * 100, (page + 1) * 100);
}

/** A search: exact titles, then titles holding the text, as foldTitle compares them; 25 at most. */
export function searchOf(list: readonly unknown[], text: string): Item[] {
  const wanted = foldTitle(text);
  const items = keptOf(list);
  const exact = items.filter(({ title }) => foldTitle(title) === wanted);
  const partial = items.filter(
    ({ title }) => foldTitle(title) !== wanted && foldTitle(title).includes(wanted),
  );
  return [...newestOf(exact), ...newestOf(partial)].slice(0, 25);
}
