// The webhook item path: the delivered body, its payloads, their records, each
// normalised and shaped into an item, and the items fitted into one result.
import type { Bundle } from 'zapier-platform-core';
import { shown } from '../http/errors';
import { isRecord, parseJson } from '../http/json';
import { bytesOf, fitItem, RESULT_BUDGET_BYTES } from '../result';
import { normalise, recordId, type Payload } from './records';
import { itemShaper, type Item, type ItemShape } from './shape';
import type { Log } from './strings';

/** A body with something in it: an object with a key, or a list with an object. */
const holdsRecords = (body: unknown): boolean =>
  Array.isArray(body) ? body.some(isRecord) : isRecord(body) && Object.keys(body).length > 0;

/** The delivered payloads: `cleanedRequest`, parsed or JSON text, else `rawRequest.content`. */
export function deliveredPayloads(
  bundle: Pick<Bundle, 'cleanedRequest' | 'rawRequest'>,
  log: Log,
): Record<string, unknown>[] {
  const cleaned: unknown = bundle.cleanedRequest;
  const texts = [cleaned, bundle.rawRequest?.content].filter(
    (value): value is string => typeof value === 'string',
  );
  let body = cleaned;
  for (const text of texts) {
    if (holdsRecords(body)) break;
    body = parseJson(text);
  }
  if (!holdsRecords(body)) {
    log(
      'The delivery held no JSON object, parsed or as text: it gave no item. ' +
        `What it held: ${shown((texts[0] ?? '').trim()) || 'nothing'}.`,
    );
  }
  // The service POSTs one object; a list is read too.
  return (Array.isArray(body) ? body : [body])
    .filter(isRecord)
    .filter((row) => Object.keys(row).length > 0);
}

export interface ResultOptions {
  /** The Zap builder's filters; undefined lets every item through. */
  readonly keep?: ((item: Item) => boolean) | undefined;
  /** At most this many items (the editor's samples). */
  readonly most?: number;
  readonly budget?: number;
}

// A trigger's result: one item per record that passes the filters, while they fit the result.
// The first item is cut to fit if too large alone; those past the budget are counted, not made.
export function resultMaker(
  shape: ItemShape,
): (payloads: readonly Payload[], log: Log, options?: ResultOptions) => Item[] {
  const shaped = itemShaper(shape);
  return (payloads, log, { keep, most = Infinity, budget = RESULT_BUDGET_BYTES } = {}) => {
    // Each payload's log lines with how often each came: logged once each, at the end.
    const counts: Map<string, number>[] = [];
    const items: Item[] = [];
    const fitLines: string[] = [];
    // "[" so far; each item adds its bytes and one more, a comma or the closing "]".
    let used = 1;
    let leftOut = 0;
    let firstLeftOut = '';
    let lastLeftOut: Payload = {};
    // Once one item is left out, those after it are only counted, unless a filter must read them.
    const making = (): boolean => leftOut === 0 || keep !== undefined;
    function* records(): Generator<[Payload, Log]> {
      for (const payload of payloads) {
        const lines = new Map<string, number>();
        counts.push(lines);
        const add: Log = (line) => {
          if (making()) lines.set(line, (lines.get(line) ?? 0) + 1);
        };
        for (const record of shape.expand?.(payload, add) ?? [payload]) yield [record, add];
      }
    }
    for (const [record, add] of records()) {
      if (items.length + leftOut >= most) break;
      const item = making() ? shaped(normalise(record, add), add) : undefined;
      if (item && keep && !keep(item)) continue;
      if (item && leftOut === 0) {
        const fitted =
          items.length === 0 ? fitItem(item, (line) => fitLines.push(line), budget - 2) : item;
        const size = bytesOf(fitted) + 1;
        if (used + size <= budget) {
          items.push(fitted);
          used += size;
          continue;
        }
        firstLeftOut = item.id;
      }
      leftOut++;
      lastLeftOut = record;
    }
    if (leftOut > 0) {
      fitLines.push(
        `${leftOut} of ${items.length + leftOut} items were left out: with them the result would ` +
          `pass Zapier's 6 MiB limit, and no item would start the Zap. The first left out is ` +
          `${firstLeftOut}, the last ${recordId(lastLeftOut)}.`,
      );
    }
    for (const lines of counts) {
      for (const [line, count] of lines) log(count > 1 ? `${line} (${count} times)` : line);
    }
    for (const line of fitLines) log(line);
    return items;
  };
}
