import {
  AUTO_MESSAGE_KINDS,
  ZAutoMessage,
  ZAutoMessageBody,
  ZAutomation,
  ZAutomationBody,
  ZAutomationDryRun,
  ZAutomationDryRunBody,
  ZAutomationList,
  ZAutomationListItem,
  ZAutomationOrderBody,
  ZAutomationRun,
  zUuid,
} from '@atende/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { okOf } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { tenantRoutes } from '../../platform/tenant-route';

const params = z.object({ id: zUuid });

/**
 * /p/automations: every member from operator up (spec §2: /apps/automation is an operator route)
 * lists, builds, orders, switches and dry-runs rules while the account's automationEnable is on;
 * admins edit the automatic messages (settings).
 */
export async function automationsRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['automations']);
  const automations = () => app.services.automations;
  const enabled = async (accountId: string) => {
    const account = await app.services.automationEngine.account(accountId);
    if (!account?.enabled) throw new AppError('AUTOMATIONS_DISABLED');
  };

  route.get('/p/automations', { role: 'operator', response: okOf(ZAutomationList) }, async ({ tenant }) => {
    await enabled(tenant.accountId);
    return automations().list(tenant.accountId);
  });

  route.post(
    '/p/automations',
    { role: 'operator', body: ZAutomationBody, response: okOf(ZAutomation) },
    async ({ tenant, body }) => {
      await enabled(tenant.accountId);
      return automations().create(tenant.accountId, tenant.userId, body);
    },
  );

  route.put(
    '/p/automations/order',
    { role: 'operator', body: ZAutomationOrderBody, response: okOf(z.array(ZAutomationListItem)) },
    async ({ tenant, body }) => {
      await enabled(tenant.accountId);
      return automations().reorder(tenant.accountId, body.ids);
    },
  );

  route.get(
    '/p/automations/:id',
    { role: 'operator', params, response: okOf(ZAutomation) },
    async ({ tenant, params }) => {
      await enabled(tenant.accountId);
      return automations().get(tenant.accountId, params.id);
    },
  );

  route.put(
    '/p/automations/:id',
    { role: 'operator', params, body: ZAutomationBody, response: okOf(ZAutomation) },
    async ({ tenant, params, body }) => {
      await enabled(tenant.accountId);
      return automations().update(tenant.accountId, params.id, body);
    },
  );

  route.put(
    '/p/automations/:id/active',
    { role: 'operator', params, body: z.object({ active: z.boolean() }), response: okOf(ZAutomation) },
    async ({ tenant, params, body }) => {
      await enabled(tenant.accountId);
      return automations().setActive(tenant.accountId, params.id, body.active);
    },
  );

  route.delete(
    '/p/automations/:id',
    { role: 'operator', params, response: okOf(z.null()) },
    async ({ tenant, params }) => {
      await enabled(tenant.accountId);
      await automations().remove(tenant.accountId, params.id);
      return null;
    },
  );

  route.get(
    '/p/automations/:id/runs',
    { role: 'operator', params, response: okOf(z.array(ZAutomationRun)) },
    async ({ tenant, params }) => {
      await enabled(tenant.accountId);
      return automations().runs(tenant.accountId, params.id);
    },
  );

  route.post(
    '/p/automations/:id/dry-run',
    { role: 'operator', params, body: ZAutomationDryRunBody, response: okOf(ZAutomationDryRun) },
    async ({ tenant, params, body }) => {
      await enabled(tenant.accountId);
      return automations().dryRun(tenant.accountId, params.id, body.conversationId);
    },
  );

  // Settings → automatic messages (greeting, queue, transfer, close, inactivity).
  route.get(
    '/p/automations/auto-messages/list',
    { role: 'admin', response: okOf(z.array(ZAutoMessage)) },
    ({ tenant }) => automations().autoMessages(tenant.accountId),
  );

  route.put(
    '/p/automations/auto-messages/:kind',
    {
      role: 'admin',
      params: z.object({ kind: z.enum(AUTO_MESSAGE_KINDS) }),
      body: ZAutoMessageBody,
      response: okOf(ZAutoMessage),
    },
    ({ tenant, params, body }) => automations().setAutoMessage(tenant.accountId, params.kind, body),
  );
}
