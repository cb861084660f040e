// A stand-in for the calls of Zapier's platform API that `npm run push` makes, on loopback, as
// CLI 19 makes and reads them (zapier-platform-cli's src/utils/api.js and src/utils/build.js):
//   GET  /api/platform/cli/apps/{id}               the linked app, with the listing fields push
//                                                  requires (src/utils/check-missing-app-info.js)
//   POST /api/platform/cli/check                   Zapier's integration checks on the definition
//   PUT  /api/platform/cli/apps/{id}/versions/{v}  the upload: build.zip and source.zip, base64
// The CLI finds it through ZAPIER_BASE_ENDPOINT, sends ZAPIER_DEPLOY_KEY as X-Deploy-Key, and
// reads the app's id from the file ZAPIER_CURRENT_APP_FILE names.
import http from 'node:http';
import { closeServer, listenOnLoopback, parseJsonOrUndefined, readBody } from './http';

const API_PATH = '/api/platform/cli';
export const APP_ID = 1234567;
export const DEPLOY_KEY = 'stand-in-deploy-key';

/** A failed check as Zapier reports it: its id in Zapier's checks reference, and its message. */
export interface FailedCheck {
  readonly tag: string;
  readonly message: string;
}

export interface ZapierPlatform {
  /** The value for ZAPIER_BASE_ENDPOINT. */
  readonly url: string;
  readonly uploads: { readonly version: string; readonly zip: Buffer }[];
  /** What the checks report as errors from now on; none at first. */
  failChecks(errors: readonly FailedCheck[]): void;
  close(): Promise<void>;
}

/** One group of the checks' answer, its failures listed under the operation they are about. */
const group = (label: string, failed: readonly FailedCheck[] = []) => ({
  display_label: label,
  total_failures: failed.length,
  results: failed.length
    ? [{ type: 'write', violations: [{ type: 'send_pdf', results: failed }] }]
    : [],
});

/** The linked app, with the listing fields the CLI requires before an upload. */
const APP = {
  id: APP_ID,
  title: 'CRMGrow',
  description: 'CRMGrow for Zapier.',
  app_category: 'crm',
};

export async function startZapierPlatform(): Promise<ZapierPlatform> {
  const uploads: { version: string; zip: Buffer }[] = [];
  let errors: readonly FailedCheck[] = [];

  const answer = (route: string, body: Record<string, unknown>): [number, object] => {
    if (route === 'POST /check') {
      const [warnings, suggestions] = [group('Publishing Tasks'), group('General Tasks')];
      return [200, { passes: [], errors: group('Errors', errors), warnings, suggestions }];
    }
    if (route === `GET /apps/${APP_ID}`) {
      return [200, { ...APP, intention: 'private', role: 'owner', status: 'private' }];
    }
    const version = new RegExp(`^PUT /apps/${APP_ID}/versions/([^/]+)$`).exec(route)?.[1];
    if (version && typeof body.zip_file === 'string') {
      uploads.push({ version, zip: Buffer.from(body.zip_file, 'base64') });
      return [200, { app_id: APP_ID, version }];
    }
    return [404, { errors: ['Not found.'] }];
  };

  const server = http.createServer((req, res) => {
    void readBody(req).then((text) => {
      const route = `${req.method} ${(req.url ?? '').replace(API_PATH, '')}`;
      const body = (parseJsonOrUndefined(text) ?? {}) as Record<string, unknown>;
      // The checks of an app that is not linked need no key; every other call does.
      const [status, reply] =
        req.headers['x-deploy-key'] === DEPLOY_KEY || route === 'POST /check'
          ? answer(route, body)
          : [401, { errors: ['Authentication credentials were not provided.'] }];
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  return {
    url: await listenOnLoopback(server),
    uploads,
    failChecks: (next) => void (errors = next),
    close: () => closeServer(server),
  };
}
