// The service's ids are MongoDB ObjectIds: 24 hex digits, the first 8 the creation time in
// seconds. The contract keeps ids opaque: the app reads this form where it helps, never to refuse one.

// Made once, as a poll tests every id (neither global nor sticky: they keep nothing between tests).
const NOT_LOWER_CASE_HEX = /[^0-9a-f]/;
const NOT_HEX = /[^0-9a-f]/i;

/** An ObjectId as MongoDB writes it (lower-case): ordered by age as it is. */
export const isLowerCaseObjectId = (id: string): boolean =>
  id.length === 24 && !NOT_LOWER_CASE_HEX.test(id);

/** An ObjectId in either case. */
export const isObjectId = (id: string): boolean => id.length === 24 && !NOT_HEX.test(id);

/**
 * The one reading of an id the service sends: a non-blank string, trimmed, or
 * a whole number JSON holds exactly, as its string form. Anything else is no id.
 */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Number.isSafeInteger(value)) return String(value);
  return undefined;
}
