// API-key authentication: the key goes in the Authorization header of every request.
import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import { ENDPOINTS } from './http/endpoints';
import { apiKeyOf, callApi } from './http/request';

/** The email the Zap builder typed, as the connection's name: nothing the service sends names the account. */
const connectionLabel = async (_z: ZObject, bundle: Bundle): Promise<string> => {
  const raw: unknown = bundle.authData.account_email;
  const email = typeof raw === 'string' ? raw.trim() : '';
  const key = apiKeyOf(bundle);
  // Never the key, should it be pasted here.
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
      // The Integration page sits under Settings, where the front end's own OAuth returns; the
      // Profile page's tabs are Info, Signature, Security and Subscription (the public CRMGrow
      // front-end source, admin-layout.routing.module.ts and the Settings menu, 2021 to 2025).
      helpText:
        'Your CRMGrow API key. Sign in to CRMGrow and open ' +
        '[Settings > Integration](https://app.crmgrow.com/settings/integration), then Zapier, ' +
        'and click Copy Key.',
    },
    {
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
  // Only a list passes: it shows the key works.
  test: async (z: ZObject, bundle: Bundle) => {
    await callApi(z, bundle, ENDPOINTS.testConnection);
    return { ok: true };
  },
  connectionLabel,
} satisfies Authentication;
