// A stand-in for Zapier's platform API, the one the CLI talks to on
// `validate`, `test`, `upload`, `push`, `promote`, `migrate` and `canary:*`,
// served on loopback so those commands can run for real here. It answers the
// calls as the CLI's src/utils/api.js and src/oclif/commands make them and read
// them (node_modules/zapier-platform-cli; the table in docs/releasing.md):
//   GET  /api/platform/cli/apps/{id}                  the linked app
//   POST /api/platform/cli/check                      the integration checks
//   PUT  /api/platform/cli/apps/{id}/versions/{v}     the upload (base64 zips)
//   POST /api/platform/cli/apps/{id}/pre-migration-require-confirmation-checks, /migrations
//                                                     promote and migrate jobs
//   POST/DELETE /api/platform/cli/apps/{id}/versions/{from}/canary-to/{to}, GET /apps/{id}/canaries
//                                                     canaries, one at a time
// Credentials arrive as X-Deploy-Key; errors are `{"errors": [...]}`, the form the
// CLI joins into its message. Point the CLI at it with ZAPIER_BASE_ENDPOINT.
import AdmZip from 'adm-zip';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  closeServer,
  isPlainObject,
  listenOnLoopback,
  parseJsonOrUndefined,
  readBody,
} from './http';

const API_PATH = '/api/platform/cli';

/** One failed check, as a Zap builder's integration would get it back. */
export interface CheckIssue {
  /** The check's id, as in Zapier's docs ("D010", "T001", …). */
  readonly tag: string;
  readonly message: string;
  /** Which operation it is about, as the check reports it (`triggers.video` → type read, key video). */
  readonly type?: 'read' | 'write' | 'search' | 'auth';
  readonly key?: string;
}

/** What the checks should find on the next calls (every call until changed). */
export interface CheckOutcome {
  readonly errors?: readonly CheckIssue[];
  readonly warnings?: readonly CheckIssue[];
  readonly suggestions?: readonly CheckIssue[];
}

export interface PlatformRequest {
  readonly method: string;
  readonly path: string;
  /** As Node gives them: lower-case names. */
  readonly headers: Readonly<http.IncomingHttpHeaders>;
  /** The parsed JSON body; undefined when empty or unreadable. */
  readonly body: unknown;
  readonly status: number;
}

export interface CheckRequest {
  readonly appId: number | undefined;
  readonly version: string | undefined;
  readonly definition: Record<string, unknown>;
  /** Whether the call carried a (valid) deploy key: the CLI sends none when the app is not linked. */
  readonly withDeployKey: boolean;
}

export interface Upload {
  readonly appId: number;
  readonly version: string;
  readonly zipFile: Buffer;
  readonly sourceZipFile: Buffer;
  readonly skipValidation: boolean;
}

/** One promote or migrate request: its pre-check or the job itself, with the job the CLI sent. */
export interface Migration {
  readonly stage: 'pre-check' | 'migration';
  /** `name` is "promote" or "migrate". */
  readonly job: Record<string, unknown>;
}

/** A canary as GET /apps/{id}/canaries lists it (the fields canary:list reads). */
export interface Canary {
  readonly from_version: string;
  readonly to_version: string;
  readonly percent: number;
  /** When it ends, in seconds since the epoch. */
  readonly until_timestamp: number;
  readonly user: string | null;
  readonly account_id: number | null;
}

export interface ZapierPlatformOptions {
  readonly appId?: number;
  /** Fields of the app record; the CLI refuses to upload a private app without title, description, … */
  readonly app?: Record<string, unknown>;
  /** Versions on Zapier before any upload (a live version, say). */
  readonly versions?: readonly string[];
}

export interface ZapierPlatform {
  /** The value for ZAPIER_BASE_ENDPOINT. */
  readonly url: string;
  /** The value for ZAPIER_DEPLOY_KEY. */
  readonly deployKey: string;
  readonly appId: number;
  /** The lines of a `.zapierapprc` that link to the stand-in's app. */
  readonly linkedApp: { readonly id: number; readonly key: string };
  readonly requests: readonly PlatformRequest[];
  readonly checks: readonly CheckRequest[];
  readonly uploads: readonly Upload[];
  readonly migrations: readonly Migration[];
  /** The canaries running now. */
  activeCanaries(): Canary[];
  answerChecksWith(outcome: CheckOutcome): void;
  /** Warnings the pre-check of promote and migrate answers with (a 409, which `--yes` goes past). */
  warnOnPreCheck(warnings: readonly string[]): void;
  close(): Promise<void>;
}

/** The app record GET /apps/{id} answers, with the fields the CLI checks before uploading. */
function appRecord(
  id: number,
  key: string,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  return {
    id,
    key,
    title: 'CRMGrow',
    description: 'Send videos, PDFs and images to contacts, and start Zaps on CRMGrow events.',
    app_category: 'crm',
    intention: 'private',
    role: 'owner',
    status: 'private',
    date_created: '2026-11-01T00:00:00Z',
    ...extra,
  };
}

/** The check service's answer: three groups of failures grouped by operation, and the passes. */
function checkAnswer(outcome: CheckOutcome): Record<string, unknown> {
  const group = (label: string, issues: readonly CheckIssue[] = []): Record<string, unknown> => {
    const byType = new Map<string, Map<string, CheckIssue[]>>();
    for (const issue of issues) {
      const type = issue.type ?? 'read';
      const violations = byType.get(type) ?? new Map<string, CheckIssue[]>();
      violations.set(issue.key ?? '', [...(violations.get(issue.key ?? '') ?? []), issue]);
      byType.set(type, violations);
    }
    return {
      display_label: label,
      total_failures: issues.length,
      results: [...byType].map(([type, violations]) => ({
        type,
        violations: [...violations].map(([key, results]) => ({
          type: key,
          results: results.map(({ tag, message }) => ({ tag, message })),
        })),
      })),
    };
  };
  return {
    passes: [],
    errors: group('Errors', outcome.errors),
    warnings: group('Publishing Tasks', outcome.warnings),
    suggestions: group('General Tasks', outcome.suggestions),
  };
}

/** Whether `data` is a zip whose entries can be listed. */
function isZip(data: Buffer): boolean {
  try {
    new AdmZip(data).getEntries();
    return true;
  } catch {
    return false;
  }
}

/**
 * A version Zapier takes: the CLI's throwForInvalidVersion (src/utils/version.js,
 * "mirrored in schemas/VersionSchema.js and developer_cli/constants.py"), so a
 * snapshot is `0.0.0-LABEL` with a label of at most 12 characters.
 */
const VERSION =
  /^(?:0|[1-9]\d{0,2})\.(?:0|[1-9]\d{0,2})\.(?:0|[1-9]\d{0,2})(?:-(?=.{1,12}$)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)?$/;

/** canary:create's bounds (src/oclif/commands/canary/create.js): 1–100 %, 30 s to 24 h. */
const CANARY_PERCENT = { min: 1, max: 100 } as const;
const CANARY_SECONDS = { min: 30, max: 24 * 60 * 60 } as const;
const within = (value: unknown, { min, max }: { min: number; max: number }): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

export async function startZapierPlatform(
  options: ZapierPlatformOptions = {},
): Promise<ZapierPlatform> {
  const appId = options.appId ?? 1234567;
  const appKey = `App${appId}CLIAPI`;
  const deployKey = randomBytes(16).toString('hex');
  const app = appRecord(appId, appKey, options.app ?? {});
  const requests: PlatformRequest[] = [];
  const checks: CheckRequest[] = [];
  const uploads: Upload[] = [];
  const migrations: Migration[] = [];
  const versions = new Set(options.versions ?? []);
  let canaries: Canary[] = [];
  let outcome: CheckOutcome = {};
  let preCheckWarnings: readonly string[] = [];
  const nowInSeconds = (): number => Math.floor(Date.now() / 1000);
  // A canary ends by itself when its time is up.
  const active = (): Canary[] =>
    (canaries = canaries.filter((canary) => canary.until_timestamp > nowInSeconds()));

  interface Answer {
    readonly status: number;
    readonly body: unknown;
  }
  const fail = (status: number, message: string): Answer => ({
    status,
    body: { errors: [message] },
  });
  const NOT_FOUND = fail(404, 'Not found.');
  const UNAUTHENTICATED = fail(401, 'Authentication credentials were not provided.');

  const route = (method: string, path: string, authed: boolean, body: unknown): Answer => {
    if (method === 'POST' && path === '/check') {
      if (!isPlainObject(body) || !isPlainObject(body.app_definition))
        return fail(400, 'app_definition: This field is required.');
      const linked = body.app_id !== undefined;
      if (linked && !authed) return UNAUTHENTICATED;
      if (linked && body.app_id !== appId) return NOT_FOUND;
      checks.push({
        appId: typeof body.app_id === 'number' ? body.app_id : undefined,
        version: typeof body.version === 'string' ? body.version : undefined,
        definition: body.app_definition,
        withDeployKey: authed,
      });
      return { status: 200, body: checkAnswer(outcome) };
    }
    if (!authed) return UNAUTHENTICATED;
    const appMatch = /^\/apps\/(\d+)$/.exec(path);
    if (method === 'GET' && appMatch) {
      return Number(appMatch[1]) === appId ? { status: 200, body: app } : NOT_FOUND;
    }
    const versionMatch = /^\/apps\/(\d+)\/versions\/([^/]+)$/.exec(path);
    if (method === 'PUT' && versionMatch) {
      if (Number(versionMatch[1]) !== appId) return NOT_FOUND;
      const version = decodeURIComponent(versionMatch[2] ?? '');
      if (!VERSION.test(version)) return fail(400, `"${version}" is not a valid version.`);
      if (!isPlainObject(body) || typeof body.zip_file !== 'string')
        return fail(400, 'zip_file: This field is required.');
      const zipFile = Buffer.from(body.zip_file, 'base64');
      const sourceZipFile = Buffer.from(
        typeof body.source_zip_file === 'string' ? body.source_zip_file : '',
        'base64',
      );
      if (!isZip(zipFile)) return fail(400, 'zip_file: not a zip file.');
      uploads.push({
        appId,
        version,
        zipFile,
        sourceZipFile,
        skipValidation: body.skip_validation === true,
      });
      versions.add(version);
      return {
        status: 200,
        body: {
          app_id: appId,
          version,
          platform_version: null,
          date_created: new Date().toISOString(),
        },
      };
    }
    // zapier-platform promote and migrate (the CLI's src/oclif/commands/promote.js and
    // migrate.js): a pre-check, whose 409 lists warnings, then the job; both for versions
    // uploaded before. The job is queued: the app record does not change at once.
    const migrationMatch =
      /^\/apps\/(\d+)\/(pre-migration-require-confirmation-checks|migrations)$/.exec(path);
    if (method === 'POST' && migrationMatch) {
      if (Number(migrationMatch[1]) !== appId) return NOT_FOUND;
      const job = isPlainObject(body) && isPlainObject(body.job) ? body.job : undefined;
      if (!job || (job.name !== 'promote' && job.name !== 'migrate'))
        return fail(400, 'job: This field is required.');
      const stage = migrationMatch[2] === 'migrations' ? 'migration' : 'pre-check';
      migrations.push({ stage, job });
      const named = job.name === 'migrate' ? [job.from_version, job.to_version] : [job.to_version];
      const missing = named.find(
        (version) => typeof version !== 'string' || !versions.has(version),
      );
      if (missing !== undefined) return fail(400, `Version ${String(missing)} does not exist.`);
      if (stage === 'pre-check' && preCheckWarnings.length > 0) {
        return { status: 409, body: { errors: preCheckWarnings } };
      }
      return { status: 200, body: {} };
    }
    if (method === 'GET' && /^\/apps\/(\d+)\/canaries$/.test(path)) {
      return path === `/apps/${appId}/canaries`
        ? { status: 200, body: { objects: active() } }
        : NOT_FOUND;
    }
    const canaryMatch = /^\/apps\/(\d+)\/versions\/([^/]+)\/canary-to\/([^/]+)$/.exec(path);
    if ((method === 'POST' || method === 'DELETE') && canaryMatch) {
      if (Number(canaryMatch[1]) !== appId) return NOT_FOUND;
      const [from, to] = [canaryMatch[2] ?? '', canaryMatch[3] ?? ''].map(decodeURIComponent);
      const running = active();
      const same = (canary: Canary): boolean =>
        canary.from_version === from && canary.to_version === to;
      if (method === 'DELETE') {
        if (!running.some(same)) return NOT_FOUND;
        canaries = running.filter((canary) => !same(canary));
        return { status: 200, body: {} };
      }
      const missing = [from, to].find((version) => !versions.has(version ?? ''));
      if (missing !== undefined) return fail(400, `Version ${missing} does not exist.`);
      if (from === to) return fail(400, 'The two versions must differ.');
      if (!isPlainObject(body) || !within(body.percent, CANARY_PERCENT))
        return fail(400, 'percent: a whole number from 1 to 100.');
      if (!within(body.duration, CANARY_SECONDS))
        return fail(400, 'duration: a whole number of seconds from 30 to 86400.');
      const current = running[0];
      if (current) {
        return fail(
          400,
          `A canary from ${current.from_version} to ${current.to_version} is running: only one at a time.`,
        );
      }
      const canary: Canary = {
        from_version: from ?? '',
        to_version: to ?? '',
        percent: body.percent,
        until_timestamp: nowInSeconds() + body.duration,
        user: typeof body.user === 'string' ? body.user : null,
        account_id: typeof body.account_id === 'number' ? body.account_id : null,
      };
      canaries.push(canary);
      return { status: 200, body: canary };
    }
    return NOT_FOUND;
  };

  const server = http.createServer((req, res) => {
    void readBody(req).then((text) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const body = parseJsonOrUndefined(text);
      const authed = req.headers['x-deploy-key'] === deployKey;
      const answer = url.pathname.startsWith(API_PATH)
        ? route(method, url.pathname.slice(API_PATH.length), authed, body)
        : NOT_FOUND;
      requests.push({
        method,
        path: url.pathname,
        headers: req.headers,
        body,
        status: answer.status,
      });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  const url = await listenOnLoopback(server);

  return {
    url,
    deployKey,
    appId,
    linkedApp: { id: appId, key: appKey },
    requests,
    checks,
    uploads,
    migrations,
    activeCanaries: () => [...active()],
    answerChecksWith(next) {
      outcome = next;
    },
    warnOnPreCheck(warnings) {
      preCheckWarnings = warnings;
    },
    close: () => closeServer(server),
  };
}
