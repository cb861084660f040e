// JSON as the service may send it: with a byte-order mark, or nested past any
// stack. Every helper here takes any depth.

/** A byte-order mark some servers put before JSON; JSON.parse refuses it. */
const BOM = '\uFEFF';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parsed body; undefined when it is not JSON. A leading byte-order mark is skipped. */
export function parseJson(content: string): unknown {
  try {
    return JSON.parse(content.startsWith(BOM) ? content.slice(1) : content) as unknown;
  } catch {
    return undefined;
  }
}

/** Text written as it is: what closes an array or object, or a key and its colon. */
class Literal {
  constructor(readonly text: string) {}
}

// JSON.stringify for any depth (it overflows past a few thousand levels). With `sortKeys`, each
// object's keys are sorted, so equal content gives equal text.
export function toJson(value: unknown, sortKeys = false): string {
  const out: string[] = [];
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node instanceof Literal) {
      out.push(node.text);
    } else if (Array.isArray(node)) {
      out.push('[');
      pending.push(new Literal(']'));
      for (let i = node.length - 1; i >= 0; i--) {
        // JSON writes a missing element as null.
        pending.push(node[i] ?? null);
        if (i > 0) pending.push(new Literal(','));
      }
    } else if (isRecord(node)) {
      out.push('{');
      pending.push(new Literal('}'));
      const keys = Object.keys(node).filter((key) => node[key] !== undefined);
      if (sortKeys) keys.sort();
      const fields = keys.map((key, i) => ({
        key: new Literal(`${i > 0 ? ',' : ''}${JSON.stringify(key)}:`),
        value: node[key],
      }));
      for (const { key, value } of fields.reverse()) pending.push(value, key);
    } else {
      out.push(JSON.stringify(node) ?? 'null');
    }
  }
  return out.join('');
}

/** How deep a value shown as JSON text may nest; deeper ones are left out (JSON.stringify would overflow). */
export const MAX_JSON_DEPTH = 32;

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

// `value` as JSON text, or undefined when it nests deeper than MAX_JSON_DEPTH. Only objects and
// arrays are held on the way, so a million scalars cost no memory.
export function shallowJson(value: unknown): string | undefined {
  const pending: [object, number][] = isObject(value) ? [[value, 0]] : [];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (depth >= MAX_JSON_DEPTH) return undefined;
    for (const key in node) {
      const child: unknown = (node as Record<string, unknown>)[key];
      if (isObject(child)) pending.push([child, depth + 1]);
    }
  }
  return JSON.stringify(value);
}
