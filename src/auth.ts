import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import { apiKeyOf, callApi } from './http/client';
import { ENDPOINTS } from './http/endpoints';

// Listing templates is cheap, safe to retry and needs a valid key: a fair connection
// test. It passes only on a list (its `list` success check): `{}`, an `error` or
// `"status": false` fail, and the service's words for a refused key ("invalid_user")
// ask the Zap builder to reconnect.
const testConnection = async (z: ZObject, bundle: Bundle): Promise<{ ok: true }> => {
  await callApi(z, bundle, ENDPOINTS.testConnection);
  return { ok: true };
};

/**
 * Names the connection by the account's email, as the Zap builder typed it.
 * No response of the service names the account, and the key (a JWT) holds only a
 * user id, so this optional field is the one thing a person recognises. Blank:
 * Zapier names the connection by the app alone. Never any part of the key
 * (PR 3.3): a value that holds the key is not shown.
 */
export const connectionLabel = async (_z: ZObject, bundle: Bundle): Promise<string> => {
  const raw: unknown = bundle.authData.account_email;
  const email = typeof raw === 'string' ? raw.trim() : '';
  const key = apiKeyOf(bundle);
  return key && email.includes(key) ? '' : email;
};

export const authentication = {
  type: 'custom',
  fields: [
    {
      key: 'api_key',
      label: 'API Key',
      type: 'password',
      required: true,
      helpText:
        'Your CRMGrow API key. Sign in to CRMGrow and open ' +
        '[Profile > Integration](https://app.crmgrow.com/profile/integration) to copy it.',
    },
    {
      // Optional, so connections made before it keep working unchanged.
      key: 'account_email',
      label: 'Account Email',
      type: 'string',
      required: false,
      helpText:
        'Optional. The email address you sign in to CRMGrow with, shown only as the name of ' +
        'this connection. It is never sent to CRMGrow. See your ' +
        '[Profile](https://app.crmgrow.com/profile).',
    },
  ],
  test: testConnection,
  connectionLabel,
} satisfies Authentication;
