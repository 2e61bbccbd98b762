import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZClosingReason,
  ZClosingReasonBody,
  ZInboxSettings,
  ZInboxSettingsBody,
  zUuid,
} from '@atende/shared';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

const params = z.object({ id: zUuid });

/** Inbox settings (admins) and closing reasons (every member reads them to close a conversation). */
export async function inboxSettingsRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['settings']);
  const settings = () => app.services.inboxSettings;

  route.get('/p/chat/settings', { role: 'admin', response: okOf(ZInboxSettings) }, ({ tenant }) =>
    settings().get(tenant.accountId),
  );

  route.put(
    '/p/chat/settings',
    { role: 'admin', body: ZInboxSettingsBody, response: okOf(ZInboxSettings) },
    ({ tenant, body, actor }) => settings().update(tenant.accountId, body, actor),
  );

  route.get(
    '/p/chat/closing-reasons',
    { role: 'operator', response: okOf(z.array(ZClosingReason)) },
    ({ tenant }) => settings().reasons(tenant.accountId),
  );

  route.post(
    '/p/chat/closing-reasons',
    { role: 'admin', body: ZClosingReasonBody, response: okOf(ZClosingReason) },
    ({ tenant, body, actor }) => settings().createReason(tenant.accountId, body, actor),
  );

  route.put(
    '/p/chat/closing-reasons/:id',
    { role: 'admin', params, body: ZClosingReasonBody, response: okOf(ZClosingReason) },
    ({ tenant, params, body, actor }) => settings().updateReason(tenant.accountId, params.id, body, actor),
  );

  route.delete(
    '/p/chat/closing-reasons/:id',
    { role: 'admin', params, response: okOf(z.null()) },
    async ({ tenant, params, actor }) => {
      await settings().removeReason(tenant.accountId, params.id, actor);
      return null;
    },
  );
}
