import type { ZObject } from 'zapier-platform-core';
import type { Endpoint } from '../http/endpoints';
import { isRecord, SERVICE_NAME } from '../http/errors';

/**
 * Where the interface shows `{"status": true}` as the success answer, a 2xx
 * without it is not a confirmed success (the error layer has already turned
 * `"status": false` and every error status into errors).
 */
export function requireConfirmation(
  z: ZObject,
  endpoint: Endpoint,
  data: unknown,
  what: string,
): void {
  if (isRecord(data) && data.status === true) return;
  throw new z.errors.Error(
    `${SERVICE_NAME} answered ${endpoint.method} ${endpoint.path} without confirming ${what} ` +
      `(no "status": true), so this step does not report it as done. Check in ${SERVICE_NAME} ` +
      'whether it happened before you try again.',
    'unconfirmed',
  );
}
