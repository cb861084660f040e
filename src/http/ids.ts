// The service's ids are MongoDB ObjectIds: 24 hex digits, the first 8 the creation time in
// seconds. The contract keeps ids opaque: the app reads this form where it helps, never to refuse one.

/** A test of 24 characters, each one of `digits`, read from a table (a poll tests every id). */
function formOf(digits: string): (id: string) => boolean {
  const allowed = new Uint8Array(128);
  for (const digit of digits) allowed[digit.charCodeAt(0)] = 1;
  return (id) => {
    for (let i = 0; i < 24; i++) if (!allowed[id.charCodeAt(i)]) return false;
    return id.length === 24;
  };
}

/** An ObjectId as MongoDB writes it (lower-case): ordered by age as it is. */
export const isLowerCaseObjectId = formOf('0123456789abcdef');

/** An ObjectId in either case. */
export const isObjectId = formOf('0123456789abcdefABCDEF');
