import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClosingReasonBody, ZInboxSettingsBody, zUuid } from '@atende/shared';
import { ok } from '../../platform/envelope';
import { requireTenant } from '../../platform/tenancy';

const accQuery = z.object({ acc: zUuid });
const idParams = z.object({ id: zUuid });

/** Inbox settings (admins) and closing reasons (every member reads them to close a conversation). */
export async function inboxSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = () => app.services.inboxSettings;
  const tags = ['settings'];
  const admin = requireTenant('admin');
  const acc = (request: { tenant?: { accountId: string } }) => request.tenant!.accountId;

  r.get('/p/chat/settings', { preHandler: admin, schema: { tags, querystring: accQuery } }, async (request) =>
    ok(await settings().get(acc(request))),
  );

  r.put(
    '/p/chat/settings',
    { preHandler: admin, schema: { tags, querystring: accQuery, body: ZInboxSettingsBody } },
    async (request) => ok(await settings().update(acc(request), request.body)),
  );

  r.get(
    '/p/chat/closing-reasons',
    { preHandler: requireTenant('operator'), schema: { tags, querystring: accQuery } },
    async (request) => ok(await settings().reasons(acc(request))),
  );

  r.post(
    '/p/chat/closing-reasons',
    { preHandler: admin, schema: { tags, querystring: accQuery, body: ZClosingReasonBody } },
    async (request) => ok(await settings().createReason(acc(request), request.body)),
  );

  r.put(
    '/p/chat/closing-reasons/:id',
    {
      preHandler: admin,
      schema: { tags, params: idParams, querystring: accQuery, body: ZClosingReasonBody },
    },
    async (request) => ok(await settings().updateReason(acc(request), request.params.id, request.body)),
  );

  r.delete(
    '/p/chat/closing-reasons/:id',
    { preHandler: admin, schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => {
      await settings().removeReason(acc(request), request.params.id);
      return ok(null);
    },
  );
}
