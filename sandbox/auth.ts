// Sandbox API keys. They look like the service's keys (HS256 JWTs), are the
// same on every run, and are signed with a sandbox-only secret: they open
// nothing but the sandbox.
import { createHmac } from 'node:crypto';
import { objectId } from './seed';

const SANDBOX_SECRET = 'crmgrow-sandbox-only';

const base64url = (text: string): string => Buffer.from(text).toString('base64url');

/** A JWT-shaped key for the n-th sandbox user. */
export function sandboxKey(userNumber: number): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ userId: objectId('user', userNumber), api_loggin: true, sandbox: true }),
  );
  const signature = createHmac('sha256', SANDBOX_SECRET)
    .update(`${header}.${payload}`)
    .digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The key that works. */
export const DEFAULT_API_KEY = sandboxKey(1);
/** A key of a suspended account: every request with it gets 400 "Account is Suspended". */
export const SUSPENDED_API_KEY = sandboxKey(2);

/** The token of an Authorization header: the bare value, or what follows "Bearer ". */
export function tokenOf(header: string | undefined): string {
  return (header ?? '').trim().replace(/^Bearer\s+/i, '');
}

/** The service's 401 text for a token it does not accept (jsonwebtoken's own messages). */
export function rejectionOf(token: string): string {
  if (!token) return 'jwt must be provided';
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) ? 'invalid signature' : 'jwt malformed';
}
