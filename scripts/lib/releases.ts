// The definitions of released versions (releases/<version>.json, as core's
// `definition` command gives them) and the changes that would break the Zaps
// built on one: what Zapier's promotion guardrails pause a promote for.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from 'zapier-platform-core';

/** The part of a serialised definition the guard reads. */
export interface Definition {
  readonly version?: string;
  readonly authentication?: { readonly type?: string; readonly fields?: readonly unknown[] };
  readonly triggers?: Readonly<Record<string, Operation>>;
  readonly creates?: Readonly<Record<string, Operation>>;
  readonly searches?: Readonly<Record<string, Operation>>;
  readonly searchOrCreates?: Readonly<Record<string, unknown>>;
}

interface Operation {
  readonly operation?: { readonly type?: string; readonly inputFields?: readonly unknown[] };
}

interface Field {
  readonly key: string;
  readonly required?: boolean;
  readonly default?: unknown;
}

type Handler = (event: object, context: object) => Promise<{ results: unknown }>;
const { createAppHandler } = core as unknown as { createAppHandler: (app: object) => Handler };

/** An app's definition as the CLI and Zapier serialise it (core's `definition` command). */
export async function definitionOf(app: object): Promise<Definition> {
  return (await createAppHandler(app)({ command: 'definition' }, {})).results as Definition;
}

const semver = (version: string): number[] => version.split('.').map((part) => Number(part));

/** Orders "1.10.0" after "1.9.0". */
export const compareVersions = (a: string, b: string): number => {
  const [x, y] = [semver(a), semver(b)];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
};

export const majorOf = (version: string): number => semver(version)[0] ?? 0;

/** The released versions kept in `dir`, oldest first. */
export function releasedVersions(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d+\.\d+\.\d+\.json$/.test(name))
    .map((name) => name.slice(0, -'.json'.length))
    .sort(compareVersions);
}

export const readRelease = (dir: string, version: string): Definition =>
  JSON.parse(readFileSync(join(dir, `${version}.json`), 'utf8')) as Definition;

/** Static input fields only: a function (serialised as a string) is the account's own. */
const fieldsOf = (fields: readonly unknown[] | undefined): Field[] =>
  (fields ?? []).filter(
    (field): field is Field =>
      typeof field === 'object' && field !== null && typeof (field as Field).key === 'string',
  );

/** A field a Zap made without it would now fail on: required, with nothing to fill it. */
const newlyRequired = (before: Field, after: Field): boolean =>
  before.required !== true && after.required === true && after.default === undefined;

function fieldChanges(where: string, before: Field[], after: Field[]): string[] {
  const now = new Map(after.map((field) => [field.key, field]));
  return before.flatMap((field) => {
    const current = now.get(field.key);
    if (!current) return [`${where}: the input field "${field.key}" was removed`];
    if (newlyRequired(field, current)) {
      return [`${where}: the input field "${field.key}" became required without a default`];
    }
    return [];
  });
}

const KINDS = ['triggers', 'creates', 'searches', 'searchOrCreates'] as const;
const KIND_NAME = {
  triggers: 'trigger',
  creates: 'create',
  searches: 'search',
  searchOrCreates: 'search-or-create',
} as const;

/**
 * What in `current` would break a Zap built on `released`: a removed
 * operation or input field, an optional field made required without a
 * default, a changed auth type, a trigger turned from polling to hook or
 * back. Additions, hidden fields and new labels break nothing.
 */
export function breakingChanges(released: Definition, current: Definition): string[] {
  const changes: string[] = [];
  const [authBefore, authNow] = [released.authentication?.type, current.authentication?.type];
  if (authBefore !== authNow) {
    changes.push(`the authentication type changed from "${authBefore}" to "${authNow}"`);
  }
  changes.push(
    ...fieldChanges(
      'authentication',
      fieldsOf(released.authentication?.fields),
      fieldsOf(current.authentication?.fields),
    ),
  );
  for (const kind of KINDS) {
    const before = (released[kind] ?? {}) as Readonly<Record<string, Operation>>;
    const after = (current[kind] ?? {}) as Readonly<Record<string, Operation>>;
    for (const [key, operation] of Object.entries(before)) {
      const where = `${KIND_NAME[kind]}/${key}`;
      const now = after[key];
      if (!now) {
        changes.push(`${where} was removed (hide it instead)`);
        continue;
      }
      if (kind === 'triggers') {
        const [typeBefore, typeNow] = [
          operation.operation?.type ?? 'polling',
          now.operation?.type ?? 'polling',
        ];
        if (typeBefore !== typeNow) {
          changes.push(`${where} changed from a ${typeBefore} trigger to a ${typeNow} trigger`);
        }
      }
      changes.push(
        ...fieldChanges(
          where,
          fieldsOf(operation.operation?.inputFields),
          fieldsOf(now.operation?.inputFields),
        ),
      );
    }
  }
  return changes;
}

/** The stages of a release after its push, as release.yml runs them. */
export interface ReleasePlan {
  readonly version: string;
  /** The version users are on now: the newest recorded before this one; '' for a first release. */
  readonly live: string;
  /** A canary from the live version, then a migration of its users; otherwise promote alone. */
  readonly gradual: boolean;
  /** One line that says which stages run, and why. */
  readonly why: string;
}

/**
 * A canary and a migration are only for versions that break nothing
 * (Zapier's words in canary:create and migrate), so a new major, which the
 * guard lets break, and a first release are promoted alone.
 */
export function releasePlan(dir: string, version: string): ReleasePlan {
  const live = releasedVersions(dir)
    .filter((released) => compareVersions(released, version) < 0)
    .at(-1);
  if (live === undefined) {
    return {
      version,
      live: '',
      gradual: false,
      why: `No version before ${version} in releases/: no users to canary or migrate; promote alone.`,
    };
  }
  if (majorOf(version) > majorOf(live)) {
    return {
      version,
      live,
      gradual: false,
      why:
        `${version} is a new major: Zaps on ${live} may break on it, so no canary and no ` +
        'migration; promote alone, and users update their Zaps themselves.',
    };
  }
  return {
    version,
    live,
    gradual: true,
    why: `A canary from ${live} to ${version}, then promote and migrate the users of ${live}.`,
  };
}
