// A test that reads a row of one of src/'s tables (HOOK_EVENTS, LISTS, ...)
// and finds none fails naming the row and the table, not with "Cannot read
// properties of undefined" or, worse, an empty value that passes.

/** Where each table's rows are written, for the message. */
const HOMES: Readonly<Record<string, string>> = {
  HOOK_EVENTS: 'src/hooks/events.ts',
  // The app's hook triggers, one per row of HOOK_EVENTS.
  hookTriggers: 'HOOK_EVENTS in src/hooks/events.ts',
  LISTS: 'src/triggers/lists.ts',
  SENDS: 'src/creates/sends.ts',
  ENDPOINTS: 'src/http/endpoints.ts',
  // The tests' own expectations, written out once.
  OPERATIONS: 'test/support/expectations.ts',
  HOOKS: 'OPERATIONS in test/support/expectations.ts',
  CALLING: 'OPERATIONS in test/support/expectations.ts',
  POLLING: 'OPERATIONS in test/support/expectations.ts',
  SEARCHES: 'OPERATIONS in test/support/expectations.ts',
  CREATES: 'OPERATIONS in test/support/expectations.ts',
  SENDING: 'OPERATIONS in test/support/expectations.ts',
};

/** A row of a table that is an array: HOOK_EVENTS' rows have an action, others a key. */
type Keyed = { readonly action: string } | { readonly key: string };

const keyOf = (row: Keyed): string => ('action' in row ? row.action : row.key);

/**
 * The row of `key` in a table given as `{ NAME }`, so that a missing row is
 * named: `rowOf({ HOOK_EVENTS }, 'move_deal')`, `rowOf({ LISTS }, 'video')`.
 * In an array, the row whose `action` (or `key`) is `key`; in a record, its entry.
 */
export function rowOf<Row extends Keyed>(
  table: Readonly<Record<string, readonly Row[]>>,
  key: string,
): Row;
export function rowOf<Row>(
  table: Readonly<Record<string, Readonly<Record<string, Row>>>>,
  key: string,
): Row;
export function rowOf(table: Readonly<Record<string, unknown>>, key: string): unknown {
  const [name, rows] = Object.entries(table)[0] ?? ['the table', []];
  const row = Array.isArray(rows)
    ? (rows as readonly Keyed[]).find((r) => keyOf(r) === key)
    : Object.hasOwn(rows as object, key)
      ? (rows as Readonly<Record<string, unknown>>)[key]
      : undefined;
  if (row === undefined) {
    const error = new Error(
      `No row "${key}" in ${name}: add it to ${HOMES[name] ?? 'its table in src/'}`,
    );
    // Jest then shows the test's line that looked the row up, not this one.
    Error.captureStackTrace(error, rowOf);
    throw error;
  }
  return row;
}
