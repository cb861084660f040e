// JSON as the service sends it, read one way everywhere: objects, ids, numbers and dates.

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What a `{"data": …}` envelope holds, or the body itself when it is none. */
export const contentOf = (data: unknown): unknown =>
  isObject(data) && (Array.isArray(data.data) || isObject(data.data)) ? data.data : data;

/** The record an answer's `data` holds. CRMGrow's 2021 contact route spreads a database document
 * into it, whose fields are under `_doc` (Strongee/CRMGROW_Backend, controllers/developer.js). */
export const recordOf = (data: unknown): JsonObject | undefined =>
  isObject(data) ? (isObject(data._doc) ? { ...data, ...data._doc } : data) : undefined;

/** A trimmed non-blank string, or a safe integer as text. */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  return Number.isSafeInteger(value) ? String(value) : undefined;
}

/** The id an object names: `id`, else `_id` (the API spec's name), also inside an envelope. */
export function recordIdOf(data: unknown): string | undefined {
  if (!isObject(data)) return undefined;
  const id = idOf(data.id) ?? idOf(data._id);
  return id ?? (isObject(data.data) ? (idOf(data.data.id) ?? idOf(data.data._id)) : undefined);
}

// The service's ids are MongoDB ObjectIds as MongoDB writes them: 24 lower-case hex digits, the
// first 8 the creation time. The app reads this form where it helps (age, a likely mistake in a
// mapped id), never to refuse an id.
const HEX = '0-9a-f';
export const OBJECT_ID = `[${HEX}]{24}`;
const NOT_HEX = new RegExp(`[^${HEX}]`);
export const isObjectId = (id: string): boolean => id.length === 24 && !NOT_HEX.test(id);

/** A number, or text holding one in plain decimal, as the service writes amounts. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?\s*$/i.test(value)) {
    return undefined;
  }
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A date the service gives (text, or milliseconds) as ISO 8601 in UTC; null when it is none. */
export function dateOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A value as an output field of `type` gives it to a Zap: a number, a boolean, or text (other
 * JSON as text); null when it holds none. */
export function typedValue(type: string | undefined, value: unknown): unknown {
  if (type === 'number') return numberOf(value) ?? null;
  if (type === 'boolean') {
    const text = String(value).trim().toLowerCase();
    return text === 'true' ? true : text === 'false' ? false : null;
  }
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
