import { ZAiSettings, ZAiSettingsBody } from '@atende/shared';
import type { FastifyInstance } from 'fastify';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

/** p/ai/settings (admins): Settings → AI — prompts, provider status, this month's usage. */
export async function aiRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['ai']);
  const settings = () => app.services.aiSettings;
  const provider = () => ({ kind: app.services.aiProvider.kind, model: app.services.aiProvider.model });

  route.get('/p/ai/settings', { role: 'admin', response: okOf(ZAiSettings) }, ({ tenant, lang }) =>
    settings().view(tenant.accountId, lang, provider(), tenant.account),
  );

  route.put(
    '/p/ai/settings',
    { role: 'admin', body: ZAiSettingsBody, response: okOf(ZAiSettings) },
    async ({ tenant, body, actor, lang }) => {
      await settings().update(tenant.accountId, body, actor);
      return settings().view(tenant.accountId, lang, provider(), tenant.account);
    },
  );
}
