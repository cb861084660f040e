// A stand-in for Zapier's platform API, the one the CLI talks to on `validate`,
// `upload` (the last step of `npm run push`) and `promote`, served on loopback so
// those commands can run for real here. It answers the calls as the CLI's
// src/utils/api.js and src/oclif/commands make them and read them
// (node_modules/zapier-platform-cli):
//   GET  /api/platform/cli/apps/{id}                  the linked app
//   POST /api/platform/cli/check                      the integration checks
//   PUT  /api/platform/cli/apps/{id}/versions/{v}     the upload (base64 zips)
//   POST /api/platform/cli/apps/{id}/pre-migration-require-confirmation-checks, /migrations
//                                                     promote's pre-check, then its job
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
  readonly version: string;
  /** build.zip, as uploaded. */
  readonly zipFile: Buffer;
}

/** One promote request: its pre-check or the job itself, with the job the CLI sent. */
export interface Migration {
  readonly stage: 'pre-check' | 'migration';
  readonly job: Record<string, unknown>;
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
  answerChecksWith(outcome: CheckOutcome): void;
  close(): Promise<void>;
}

/**
 * The app record GET /apps/{id} answers: a private app, with the fields the CLI
 * requires of one before it uploads or promotes (src/utils/check-missing-app-info.js).
 */
function appRecord(id: number, key: string): Record<string, unknown> {
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

export async function startZapierPlatform(): Promise<ZapierPlatform> {
  const appId = 1234567;
  const appKey = `App${appId}CLIAPI`;
  const deployKey = randomBytes(16).toString('hex');
  const app = appRecord(appId, appKey);
  const requests: PlatformRequest[] = [];
  const checks: CheckRequest[] = [];
  const uploads: Upload[] = [];
  const migrations: Migration[] = [];
  let outcome: CheckOutcome = {};

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
      if (!isZip(zipFile)) return fail(400, 'zip_file: not a zip file.');
      uploads.push({ version, zipFile });
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
    // zapier-platform promote (the CLI's src/oclif/commands/promote.js): a pre-check, then
    // the job, both for a version uploaded before. The job is queued: the app record does
    // not change at once.
    const migrationMatch =
      /^\/apps\/(\d+)\/(pre-migration-require-confirmation-checks|migrations)$/.exec(path);
    if (method === 'POST' && migrationMatch) {
      if (Number(migrationMatch[1]) !== appId) return NOT_FOUND;
      const job = isPlainObject(body) && isPlainObject(body.job) ? body.job : undefined;
      if (job?.name !== 'promote') return fail(400, 'job: only promote is answered here.');
      const stage = migrationMatch[2] === 'migrations' ? 'migration' : 'pre-check';
      migrations.push({ stage, job });
      const { to_version: version } = job;
      if (!uploads.some((upload) => upload.version === version))
        return fail(400, `Version ${String(version)} does not exist.`);
      return { status: 200, body: {} };
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
      requests.push({ method, path: url.pathname, status: answer.status });
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
    answerChecksWith(next) {
      outcome = next;
    },
    close: () => closeServer(server),
  };
}
