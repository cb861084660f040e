// One shape for live events (perform) and editor samples (performList).
// Pure and Zapier-free, so the sandbox and benchmarks can use it too.
// Every field the service sent is kept as sent; parsed views are added beside.
import { createHash } from 'node:crypto';

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

export type NormalisedEvent = Record<string, unknown> & { id: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys sorted at every depth, so equal content gives equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A stable id from a payload's content: the same delivery always gets the same id. */
export function derivedId(payload: Readonly<Record<string, unknown>>): string {
  return `evt_${createHash('sha256').update(canonicalJson(payload)).digest('hex').slice(0, 24)}`;
}

/**
 * The bracketed groups of a service list string: "[a,b],[c,d]" gives ["a,b", "c,d"].
 * Tolerates a missing closing bracket on the last group. undefined: not bracketed.
 */
function bracketedGroups(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) return undefined;
  return (
    trimmed
      .slice(1)
      .replace(/\]\s*$/, '')
      // Not `\]\s*,?\s*\[`: two `\s*` side by side cost quadratic time on a run of spaces.
      .split(/\]\s*(?:,\s*)?\[/)
  );
}

// The service builds these strings with template literals, so a missing value reads "undefined".
const cleanPart = (part: string): string => {
  const value = part.trim();
  return value === 'undefined' || value === 'null' ? '' : value;
};

function contactFromGroup(group: string): ParsedContact | undefined {
  const parts = group.split(',').map(cleanPart);
  if (parts.length !== 5) return undefined;
  const [id = '', first_name = '', last_name = '', email = '', cell_phone = ''] = parts;
  return id ? { id, first_name, last_name, email, cell_phone } : undefined;
}

/**
 * Parses contact strings: "[id,first,last,email,phone]" (several joined by commas,
 * the last possibly unclosed) or one unbracketed "id,first,last,email,phone".
 * "" gives []; a string with no readable contact gives undefined.
 */
export function parseContacts(text: string): ParsedContact[] | undefined {
  if (!text.trim()) return [];
  const groups = bracketedGroups(text) ?? [text];
  const contacts = groups.flatMap((group) => contactFromGroup(group) ?? []);
  return contacts.length > 0 ? contacts : undefined;
}

function materialFromGroup(group: string): ParsedMaterial | undefined {
  const [id = '', type = '', ...title] = group.split(',');
  // Titles may themselves hold commas.
  const material = { id: id.trim(), type: type.trim(), title: title.join(',').trim() };
  return material.id && material.type && title.length > 0 ? material : undefined;
}

/** Parses "[id,VIDEO,title]" strings; "" gives []; nothing readable gives undefined. */
export function parseMaterials(text: string): ParsedMaterial[] | undefined {
  if (!text.trim()) return [];
  const groups = bracketedGroups(text);
  if (!groups) return undefined;
  const materials = groups.flatMap((group) => materialFromGroup(group) ?? []);
  return materials.length > 0 ? materials : undefined;
}

/** additional_field as an object; "" counts as no custom fields; undefined when unreadable. */
export function parseCustomFields(value: unknown): Record<string, unknown> | undefined {
  if (isRecord(value)) return value;
  if (typeof value !== 'string') return undefined;
  if (!value.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Where each parsed view goes. `contacts` (a string) comes only in bulk delete_contact. */
const CONTACT_SOURCES = [
  { from: 'contact', to: 'contacts' },
  { from: 'contacts', to: 'contact_list' },
] as const;
const MATERIAL_SOURCES = ['video', 'pdf', 'image'] as const;
export const CUSTOM_FIELDS_KEY = 'custom_fields';

const ownId = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
};

/** One webhook payload in the shape every trigger returns. Never throws. */
export function normalise(payload: Readonly<Record<string, unknown>>): NormalisedEvent {
  const event: Record<string, unknown> = { ...payload };

  for (const { from, to } of CONTACT_SOURCES) {
    const text = payload[from];
    if (typeof text !== 'string' || to in payload) continue;
    const contacts = parseContacts(text);
    if (contacts) event[to] = contacts;
  }

  const materialTexts = MATERIAL_SOURCES.map((key) => payload[key]).filter(
    (value): value is string => typeof value === 'string',
  );
  if (materialTexts.length > 0 && !('materials' in payload)) {
    const parsed = materialTexts.map(parseMaterials);
    if (parsed.some((list) => list !== undefined)) {
      event.materials = parsed.flatMap((list) => list ?? []);
    }
  }

  if ('additional_field' in payload && !(CUSTOM_FIELDS_KEY in payload)) {
    const custom = parseCustomFields(payload.additional_field);
    if (custom) event[CUSTOM_FIELDS_KEY] = custom;
  }

  return { ...event, id: ownId(payload.id) ?? derivedId(payload) };
}

const isEmptyValue = (value: unknown): boolean => {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (isRecord(value)) return Object.values(value).every(isEmptyValue);
  return false;
};

/** A sample that carries nothing: `{}`, or every value empty (the service's placeholder). */
export const isEmptyPayload = (payload: Readonly<Record<string, unknown>>): boolean =>
  isEmptyValue(payload);
