import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import { apiKeyOf, callApi } from './http/client';
import { ENDPOINTS } from './http/endpoints';

// Listing templates is cheap, read-only and needs a valid key: a fair connection test.
const testConnection = async (z: ZObject, bundle: Bundle): Promise<{ ok: true }> => {
  await callApi(z, bundle, ENDPOINTS.listTemplates);
  return { ok: true };
};

/** Tells connections apart without revealing the key: only its last four characters. */
export const connectionLabel = async (_z: ZObject, bundle: Bundle): Promise<string> => {
  const key = apiKeyOf(bundle);
  return key.length > 8 ? `API key ending ${key.slice(-4)}` : 'API key';
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
  ],
  test: testConnection,
  connectionLabel,
} satisfies Authentication;
