// The service's ids are MongoDB ObjectIds: 24 hex digits, the first 8 the creation time in
// seconds. The contract keeps ids opaque: the app reads this form where it helps, never to refuse one.

/** An ObjectId as MongoDB writes it (lower-case): ordered by age as it is. */
export const isLowerCaseObjectId = (id: string): boolean => /^[0-9a-f]{24}$/.test(id);

/** An ObjectId in either case. */
export const isObjectId = (id: string): boolean => /^[0-9a-f]{24}$/i.test(id);
