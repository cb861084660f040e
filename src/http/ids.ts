// The service's ids are MongoDB ObjectIds: 24 hex digits, the first 8 the creation time.
// They stay opaque: the app reads this form where it helps, never to refuse an id.

/** An ObjectId as MongoDB writes it, lower-case, so ordered by age as it is. */
export const isLowerCaseObjectId = (id: string): boolean =>
  id.length === 24 && !/[^0-9a-f]/.test(id);

export const isObjectId = (id: string): boolean => id.length === 24 && !/[^0-9a-f]/i.test(id);

/** A trimmed non-blank string, or a safe integer as its string form. */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Number.isSafeInteger(value)) return String(value);
  return undefined;
}
