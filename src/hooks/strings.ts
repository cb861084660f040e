// The service's list strings. CRMGrow writes lists of records into one text
// field of a payload: contacts as "[id,first,last,email,phone],[…]", materials
// as "[id,VIDEO,title],[…]", deleted tasks as removed_task. Each reader gives
// every record it finds: one it cannot read for sure is kept with what could
// be read, and a log line says so.
import { isObjectId } from '../http/ids';
import { bytesOf, RESULT_BUDGET_BYTES } from '../result';
import { LISTS, type ListSpec } from '../triggers/lists';

/** Where a reader writes what it could not read for sure. */
export type Log = (line: string) => void;

const ignore: Log = () => undefined;

export interface ParsedContact {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  cell_phone: string;
}

export interface ParsedMaterial {
  id: string;
  type: string;
  title: string;
}

/** The fields of a task that `removed_task` carries (it has no task id). */
export interface ParsedTask {
  type: string;
  content: string;
  /** The task's contact string, kept as sent, as create_task's `contact` is. */
  contact: string;
  due_date: string | null;
  set_recurrence: string;
  recurrence_mode: string;
  create_at: string | null;
  /** This task's part of `removed_task`, as sent. */
  removed_task: string;
}

// ---- Groups: "[a,b],[c,d]" ----

/** At a "[" (each caller found one at `at`): a 24-hex id and "," after it start a record. */
const opensRecord = (text: string, at: number): boolean =>
  text[at + 25] === ',' && isObjectId(text.slice(at + 1, at + 25));

/** True when only spaces stand between `at` (going back) and a "]", a "," or the start. */
function followsSeparator(text: string, at: number): boolean {
  let back = at - 1;
  // charAt(-1) is '': the start of the text ends the loop.
  while (/\s/.test(text.charAt(back))) back--;
  return back < 0 || text[back] === ']' || text[back] === ',';
}

/** A group with its closing bracket, and the comma after it, taken off. */
function groupText(raw: string): string {
  let text = raw.trimEnd();
  if (text.endsWith(',')) text = text.slice(0, -1).trimEnd();
  return text.endsWith(']') ? text.slice(0, -1) : text;
}

/**
 * The bracketed groups of a text that starts with "[": "[a,b],[c,d]" gives
 * "a,b" then "c,d". Where records start with a 24-hex id, a group starts only
 * at "[" and such an id, so a "],[" inside a name or title does not split it.
 * The last group may lack its closing bracket.
 */
function* bracketedGroups(text: string): Generator<string> {
  const trimmed = text.trim();
  if (!opensRecord(trimmed, 0)) {
    const body = groupText(trimmed.slice(1));
    // Not `\]\s*,?\s*\[`: two `\s*` side by side cost quadratic time on a run of spaces.
    const separator = /\]\s*(?:,\s*)?\[/g;
    let from = 0;
    for (let match = separator.exec(body); match; match = separator.exec(body)) {
      yield body.slice(from, match.index);
      from = separator.lastIndex;
    }
    yield body.slice(from);
    return;
  }
  let start = 0;
  for (let at = trimmed.indexOf('[', 1); at >= 0; at = trimmed.indexOf('[', at + 1)) {
    if (opensRecord(trimmed, at) && followsSeparator(trimmed, at)) {
      yield groupText(trimmed.slice(start + 1, at));
      start = at;
    }
  }
  yield groupText(trimmed.slice(start + 1));
}

/**
 * The groups with any text in them, one at a time: a generator, so that a
 * bulk delete of a million contacts never holds them all. Text with no
 * bracket is one group.
 */
export function* groupsOf(text: string): Generator<string> {
  const bracketed = text.trim().startsWith('[');
  for (const group of bracketed ? bracketedGroups(text) : [text]) {
    if (group.trim()) yield group;
  }
}

/**
 * The records read from `entries`, one at a time, while their list's JSON
 * fits `budget` bytes; the rest are counted, not read, and logged. A list
 * larger than a result is cut when its item is fitted anyway, and reading it
 * all could take hundreds of megabytes: 10 MB of bare "[a]" groups are 2.5
 * million materials. A record larger than a whole result is not counted: it
 * is cut when its item is fitted, and the records after it are read.
 */
export function* readWithin<E, T>(
  entries: Iterable<E>,
  read: (entry: E) => T,
  budget: number,
  log: Log,
  where: string,
): Generator<T> {
  // "[" and "]"; each record adds its bytes and a comma.
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

// ---- Contacts: "[id,first,last,email,phone]" ----

// The service builds these strings with template literals, so a missing value reads "undefined".
const cleanPart = (part: string): string => {
  const value = part.trim();
  return value === 'undefined' || value === 'null' ? '' : value;
};

/** An e-mail address as the fourth part holds it: no spaces, no commas, one "@". */
const EMAIL_PART = /^[^\s@,]+@[^\s@,]+$/;

/**
 * The name parts between the id and the e-mail address. A part that starts
 * with a space continues the one before ("John, Jr."): the service joins
 * with a bare comma. Past that, the first part is the first name.
 */
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

/**
 * One contact of a contact string: `id,first,last,email,phone`. Names may
 * hold commas; the id comes first and the e-mail address fourth, so those
 * place the rest. Always a contact, never dropped.
 */
export function contactOf(group: string, log: Log, where: string): ParsedContact {
  const parts = group.split(',');
  const emailAt = parts.findIndex((part, i) => i >= 2 && EMAIL_PART.test(part.trim()));
  // The address places the names before it and the phone after it; with no
  // address, the last two parts are the address and the phone, past two names.
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

/**
 * The contacts of a contact string: "[id,first,last,email,phone]", several
 * joined by commas, the last maybe unclosed, or one unbracketed. "" gives [];
 * every group with any text gives a contact, while they fit `budget` bytes.
 */
export function parseContacts(
  text: string,
  log: Log = ignore,
  where = 'contact',
  budget = RESULT_BUDGET_BYTES,
): ParsedContact[] {
  return [
    ...readWithin(groupsOf(text), (group) => contactOf(group, log, where), budget, log, where),
  ];
}

// ---- Materials: "[id,VIDEO,title]" ----

/** A kind of material as the webhook events name it (see ListSpec's `material`). */
export interface MaterialKind {
  /** The service's word for it: a material's type ("VIDEO"). */
  readonly type: string;
  /** The send_material key holding the sent materials of this kind ("video"). */
  readonly sendKey: string;
  /** How the Zap builder names it ("Video"). */
  readonly label: string;
  /** What a watch with no amount counts as, for kinds that are opened, not read. */
  readonly amountWhenBlank?: number;
}

/** The material kinds: the lists that are material, in the lists table's order. */
export const MATERIAL_KINDS: readonly MaterialKind[] = Object.values(
  LISTS as Readonly<Record<string, ListSpec>>,
).flatMap(({ noun, material }) => (material ? [{ ...material, label: noun }] : []));

function materialOf(group: string, log: Log, where: string): ParsedMaterial {
  const [id = '', type = '', ...title] = group.split(',');
  // Titles may themselves hold commas.
  const material = { id: id.trim(), type: type.trim(), title: title.join(',').trim() };
  if (!isObjectId(material.id) || !material.type || title.length === 0) {
    log(
      `A material in "${where}" was not in the form [id,type,title]: kept, with what could be read.`,
    );
  }
  return material;
}

/**
 * The materials of "[id,VIDEO,title]" strings, while they fit `budget` bytes;
 * "" gives []; a text with no bracket gives undefined.
 */
export function parseMaterials(
  text: string,
  log: Log = ignore,
  where = 'video',
  budget = RESULT_BUDGET_BYTES,
): ParsedMaterial[] | undefined {
  if (!text.trim()) return [];
  if (!text.trim().startsWith('[')) return undefined;
  return [
    ...readWithin(groupsOf(text), (group) => materialOf(group, log, where), budget, log, where),
  ];
}

// ---- Deleted tasks: removed_task ----

/** Where the contact string of a task starts: ",[" and a 24-hex id and ",", searched from `from`. */
function contactStart(text: string, from: number): number {
  for (let at = text.indexOf(',[', from); at !== -1; at = text.indexOf(',[', at + 1)) {
    if (opensRecord(text, at + 1)) return at;
  }
  return -1;
}

/** A date the service wrote with `String(date)`, as ISO 8601; null when it is missing or unreadable. */
function isoOrNull(text: string): string | null {
  // new Date('') is an invalid date too.
  const date = new Date(cleanPart(text));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The tasks of `removed_task`: each is `[type,content,[contact string],due_date,
 * set_recurrence,recurrence_mode,created_at`, joined by commas, with no closing
 * brackets (the leading bracket is missing in the service's samples). The
 * content may hold commas, so each task is found by its contact string. One
 * pass with indexOf, no regular expression over the whole text, so time stays
 * linear in its length. Undefined when a task is not in that shape.
 */
export function parseRemovedTasks(text: string): ParsedTask[] | undefined {
  const tasks: ParsedTask[] = [];
  let at = 0;
  while (at < text.length) {
    const start = text[at] === '[' ? at + 1 : at;
    const contactAt = contactStart(text, start);
    const contactEnd = contactAt < 0 ? -1 : text.indexOf(']', contactAt);
    if (contactEnd < 0) return undefined;
    const head = text.slice(start, contactAt);
    const comma = head.indexOf(',');
    if (comma < 0) return undefined;
    // After the contact: ",due,recurrence,mode,created", then ",[" and the next task, or the end.
    const next = text.indexOf(',[', contactEnd);
    const end = next < 0 ? text.length : next;
    const tail = text.slice(contactEnd + 1, end).split(',');
    if (tail.length !== 5 || tail[0] !== '') return undefined;
    const [, due, recurrence, mode, created] = tail as [string, string, string, string, string];
    tasks.push({
      type: cleanPart(head.slice(0, comma)),
      content: head.slice(comma + 1).trim(),
      contact: text.slice(contactAt + 1, contactEnd + 1),
      due_date: isoOrNull(due),
      set_recurrence: cleanPart(recurrence),
      recurrence_mode: cleanPart(mode),
      create_at: isoOrNull(created),
      removed_task: text.slice(at, end),
    });
    at = next < 0 ? text.length : next + 1;
  }
  return tasks.length > 0 ? tasks : undefined;
}
