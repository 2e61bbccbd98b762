import { ZAiSettings, ZAiSettingsBody } from '@atende/shared';
import type { FastifyInstance } from 'fastify';
import { providerFor } from '../../platform/ai/ai-provider';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

/** p/ai/settings (admins): Settings → AI — prompts, provider status, this month's usage. */
export async function aiRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['ai']);
  const settings = () => app.services.aiSettings;
  // The account's own provider (the app store's OpenAI-compatible app) or the server's.
  const provider = async (accountId: string) => {
    const { kind, model } = await providerFor(app.services.aiProvider, accountId);
    return { kind, model };
  };

  route.get('/p/ai/settings', { role: 'admin', response: okOf(ZAiSettings) }, async ({ tenant, lang }) =>
    settings().view(tenant.accountId, lang, await provider(tenant.accountId), tenant.account),
  );

  route.put(
    '/p/ai/settings',
    { role: 'admin', body: ZAiSettingsBody, response: okOf(ZAiSettings) },
    async ({ tenant, body, actor, lang }) => {
      await settings().update(tenant.accountId, body, actor);
      return settings().view(tenant.accountId, lang, await provider(tenant.accountId), tenant.account);
    },
  );
}
