// The app's operations as the scripts run them (npm start, npm run bench):
// which triggers poll and which are hooks, which create fields are
// dropdowns, and the input a create gets. Read from the compiled app, so a
// new trigger or create is picked up without editing the scripts.
import type { PlainInputField } from 'zapier-platform-core';
import type { CompiledApp } from '../../sandbox/harness';

/** A new address, so a send shows the service creating the contact. */
export const DEMO_EMAIL = 'new.customer@example.com';
export const DEMO_NOTE = 'Called from npm start: interested in the Market Street listing.';

export interface OperationKeys {
  readonly polling: readonly string[];
  readonly hooks: readonly string[];
  readonly creates: readonly string[];
}

export function operationKeysOf(app: CompiledApp): OperationKeys {
  const triggers = Object.keys(app.triggers);
  const isHook = (key: string): boolean => app.triggers[key]?.operation.type === 'hook';
  return {
    polling: triggers.filter((key) => !isHook(key)),
    hooks: triggers.filter(isHook),
    creates: Object.keys(app.creates),
  };
}

/** The dropdown fields of the creates: [create key, field, trigger key]. */
export function dropdownsOf(app: CompiledApp): [string, PlainInputField, string][] {
  return Object.entries(app.creates).flatMap(([createKey, create]) =>
    (create.operation.inputFields ?? []).flatMap((field): [string, PlainInputField, string][] => {
      if (
        typeof field === 'function' ||
        !('dynamic' in field) ||
        typeof field.dynamic !== 'string'
      ) {
        return [];
      }
      return [[createKey, field, field.dynamic.split('.')[0] ?? '']];
    }),
  );
}

/**
 * Values for a create's static fields: a dropdown's choice (by trigger key,
 * from `choices`), the demo e-mail, or the demo note.
 */
export function inputDataFor(
  app: CompiledApp,
  createKey: string,
  choices: ReadonlyMap<string, string>,
): Record<string, string> {
  const fields = app.creates[createKey]?.operation.inputFields ?? [];
  return Object.fromEntries(
    fields.flatMap((field) => {
      if (typeof field === 'function') return [];
      const trigger = typeof field.dynamic === 'string' ? field.dynamic.split('.')[0] : undefined;
      if (trigger) return [[field.key, choices.get(trigger) ?? '']];
      if (field.key.includes('email')) return [[field.key, DEMO_EMAIL]];
      return [[field.key, DEMO_NOTE]];
    }),
  );
}

/** The string ids of a list of items (what a trigger or dropdown returned). */
export const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as { id?: unknown }).id === 'string'
          ? [(item as { id: string }).id]
          : [],
      )
    : [];
