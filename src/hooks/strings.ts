// CRMGrow writes lists of records into one text field: contacts as
// "[id,first,last,email,phone],[…]", materials as "[id,VIDEO,title],[…]",
// deleted tasks as removed_task. A record not read for sure is kept with what
// could be read, and logged.
import { isObjectId } from '../http/ids';
import { bytesOf } from '../result';
import { isoDateOf } from '../text';
import { LISTS, type ListSpec } from '../triggers/lists';

export type Log = (line: string) => void;

/** A "[" that starts a record: a 24-hex id and "," follow it. */
const ID_RECORD = /^\[[0-9a-f]{24},/i;

/** A group without its closing bracket and the comma after it. */
function groupText(raw: string): string {
  let text = raw.trimEnd();
  if (text.endsWith(',')) text = text.slice(0, -1).trimEnd();
  return text.endsWith(']') ? text.slice(0, -1) : text;
}

/**
 * "[a,b],[c,d]" gives "a,b" then "c,d": a "[" after a "]" or a "," starts a group. Where records
 * start with a 24-hex id, only a "[" before such an id does, so a "],[" inside a title does not split it.
 */
function* bracketedGroups(text: string): Generator<string> {
  const trimmed = text.trim();
  const starts = ID_RECORD.test(trimmed) ? /[\],]\s*\[(?=[0-9a-f]{24},)/gi : /[\],]\s*\[/g;
  let start = 0;
  for (const { index, 0: found } of trimmed.matchAll(starts)) {
    const at = index + found.length - 1;
    yield groupText(trimmed.slice(start + 1, at));
    start = at;
  }
  yield groupText(trimmed.slice(start + 1));
}

/** The groups with any text, one at a time: a million contacts are never held at once. */
export function* groupsOf(text: string): Generator<string> {
  const bracketed = text.trim().startsWith('[');
  for (const group of bracketed ? bracketedGroups(text) : [text]) {
    if (group.trim()) yield group;
  }
}

// The records read from `entries` while their list's JSON fits `budget` bytes; the rest are
// counted, not read: 10 MB of "[a]" are 2.5 million materials. A record larger than the budget
// is not counted against it, as it is cut when its item is fitted.
export function* readWithin<E, T>(
  entries: Iterable<E>,
  read: (entry: E) => T,
  budget: number,
  log: Log,
  where: string,
): Generator<T> {
  let bytes = 2;
  let count = 0;
  let unread = 0;
  for (const entry of entries) {
    if (bytes > budget) {
      unread++;
      continue;
    }
    const record = read(entry);
    count++;
    const size = bytesOf(record) + 1;
    if (size <= budget) bytes += size;
    yield record;
  }
  if (unread > 0) {
    log(
      `"${where}" holds more than a result can carry: the first ${count} were read, ` +
        `${unread} more were not.`,
    );
  }
}

/** The records of a list string, each read by `read`, while they fit `budget` bytes. */
export const readGroups = <T>(
  text: string,
  read: (group: string, log: Log, where: string) => T,
  budget: number,
  log: Log,
  where: string,
): T[] => [...readWithin(groupsOf(text), (group) => read(group, log, where), budget, log, where)];

// The service builds these strings with template literals, so a missing value reads "undefined".
const cleanPart = (part: string): string => {
  const value = part.trim();
  return value === 'undefined' || value === 'null' ? '' : value;
};

/** An e-mail address as the fourth part holds it: no spaces, no commas, one "@". */
const EMAIL_PART = /^[^\s@,]+@[^\s@,]+$/;

/** The names between the id and the address; a part after ", " continues one ("John, Jr."). */
function namesOf(parts: readonly string[]): { first: string; last: string; guessed: boolean } {
  const joined: string[] = [];
  for (const part of parts) {
    if (joined.length > 0 && /^\s/.test(part)) joined[joined.length - 1] += `,${part}`;
    else joined.push(part);
  }
  const [first = '', ...rest] = joined;
  // More than two names: where the first ends and the last starts is a guess.
  return { first, last: rest.join(','), guessed: joined.length > 2 };
}

/** One contact of `id,first,last,email,phone`; names may hold commas, so the address places them. */
export function contactOf(group: string, log: Log, where: string) {
  const parts = group.split(',');
  const emailAt = parts.findIndex((part, i) => i >= 2 && EMAIL_PART.test(part.trim()));
  // With no address found, the last two parts are the address and the phone.
  const tail = emailAt >= 2 ? emailAt : Math.max(parts.length - 2, 3);
  const { first, last, guessed } = namesOf(parts.slice(1, tail));
  const contact = {
    id: cleanPart(parts[0] ?? ''),
    first_name: cleanPart(first),
    last_name: cleanPart(last),
    email: cleanPart(parts[tail] ?? ''),
    cell_phone: cleanPart(parts.slice(tail + 1).join(',')),
  };
  if (parts.length < 5 || !isObjectId(contact.id)) {
    log(
      `A contact in "${where}" was not in the form [id,first,last,email,phone]: kept, with what could be read.`,
    );
  } else if (guessed) {
    log(
      `A contact name in "${where}" holds commas: where the first name ends and the last starts is a guess.`,
    );
  }
  return contact;
}

/** The kinds of material: type ("VIDEO"), send_material key ("video"), label ("Video"). */
export const MATERIAL_KINDS = Object.values(LISTS as Readonly<Record<string, ListSpec>>).flatMap(
  ({ noun, material }) => (material ? [{ ...material, label: noun }] : []),
);

export function materialOf(group: string, log: Log, where: string) {
  const [id = '', type = '', ...title] = group.split(',');
  const material = { id: id.trim(), type: type.trim(), title: title.join(',').trim() };
  if (!isObjectId(material.id) || !material.type || title.length === 0) {
    log(
      `A material in "${where}" was not in the form [id,type,title]: kept, with what could be read.`,
    );
  }
  return material;
}

/** Where a task's contact string starts: ",[", a 24-hex id and ",". */
function contactStart(text: string, from: number): number {
  const start = /,\[(?=[0-9a-f]{24},)/gi;
  start.lastIndex = from;
  return start.exec(text)?.index ?? -1;
}

// The tasks of `removed_task`, each `[type,content,[contact string],due,repeats,interval,created`
// with no closing bracket. The content may hold commas, so each task is found by its contact
// string, searched from where the last ended: time stays linear.
export function parseRemovedTasks(text: string): Record<string, string | null>[] | undefined {
  const tasks: Record<string, string | null>[] = [];
  let at = 0;
  while (at < text.length) {
    const start = text[at] === '[' ? at + 1 : at;
    const contactAt = contactStart(text, start);
    const contactEnd = contactAt < 0 ? -1 : text.indexOf(']', contactAt);
    if (contactEnd < 0) return undefined;
    const head = text.slice(start, contactAt);
    const comma = head.indexOf(',');
    if (comma < 0) return undefined;
    const next = text.indexOf(',[', contactEnd);
    const end = next < 0 ? text.length : next;
    const tail = text.slice(contactEnd + 1, end).split(',');
    if (tail.length !== 5 || tail[0] !== '') return undefined;
    const [, due, recurrence, mode, created] = tail as [string, string, string, string, string];
    tasks.push({
      type: cleanPart(head.slice(0, comma)),
      content: head.slice(comma + 1).trim(),
      contact: text.slice(contactAt + 1, contactEnd + 1),
      due_date: isoDateOf(due),
      set_recurrence: cleanPart(recurrence),
      recurrence_mode: cleanPart(mode),
      create_at: isoDateOf(created),
      removed_task: text.slice(at, end),
    });
    at = next < 0 ? text.length : next + 1;
  }
  return tasks.length > 0 ? tasks : undefined;
}
