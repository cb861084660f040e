// What Zapier accepts as the result of a step: its runtime refuses a response
// over 6 MiB in bytes, and then no item reaches the Zap. Every trigger, search
// and action keeps its result within this one budget.

/** The most a result may take as JSON, in bytes: room is left for core's own keys. */
export const RESULT_BUDGET_BYTES = 5 * 1024 * 1024;

/** A value's size as JSON, in bytes (UTF-8, as Zapier counts it). */
export const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '');
