import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateAccountBody,
  ZDeleteAccountBody,
  ZUpdateAccountBody,
  ZUpdateMemberBody,
  zUuid,
} from '@atende/shared';
import { ok } from '../../platform/envelope';
import { actorOf } from '../../platform/request-context';
import { requireUser } from '../../platform/auth/guard';
import { requireTenant } from '../../platform/tenancy';

export async function accountsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const accounts = () => app.services.accounts;
  const tags = ['accounts'];
  const accParams = z.object({ acc: zUuid });

  r.post('/g/acc', { preHandler: requireUser, schema: { tags, body: ZCreateAccountBody } }, async (request) =>
    ok(await accounts().create(request.userId!, request.body, actorOf(request))),
  );

  r.get('/g/acc/list', { preHandler: requireUser, schema: { tags } }, async (request) =>
    ok(await accounts().listForUser(request.userId!)),
  );

  r.get('/g/acc/getFirstAcc', { preHandler: requireUser, schema: { tags } }, async (request) =>
    ok(await accounts().firstForUser(request.userId!)),
  );

  r.get(
    '/g/acc/:acc',
    { preHandler: requireTenant('operator'), schema: { tags, params: z.object({ acc: z.string() }) } },
    async (request) => ok(accounts().details(request.tenant!)),
  );

  r.put(
    '/g/acc/:id',
    {
      preHandler: requireTenant('admin', 'id'),
      schema: { tags, params: z.object({ id: z.string() }), body: ZUpdateAccountBody },
    },
    async (request) => ok(await accounts().update(request.tenant!.accountId, request.body, actorOf(request))),
  );

  r.delete(
    '/g/acc/:id',
    {
      preHandler: requireTenant('master', 'id'),
      schema: { tags, params: z.object({ id: z.string() }), body: ZDeleteAccountBody },
    },
    async (request) => {
      await accounts().remove(request.tenant!.accountId, request.body.confirm);
      return ok({ deleted: true });
    },
  );

  r.get(
    '/g/acc/:acc/users',
    { preHandler: requireTenant('admin'), schema: { tags, params: accParams } },
    async (request) => {
      const items = await accounts().members(request.tenant!.accountId);
      const invitations = await app.services.users.listInvitations(request.tenant!.accountId);
      return ok({ items, count: items.length, invitations });
    },
  );

  r.put(
    '/g/acc/:acc/users/:userId',
    {
      preHandler: requireTenant('admin'),
      schema: { tags, params: accParams.extend({ userId: zUuid }), body: ZUpdateMemberBody },
    },
    async (request) => {
      const { tenant } = request;
      return ok(
        await accounts().updateMember(
          tenant!.accountId,
          tenant!.role,
          request.params.userId,
          request.body,
          actorOf(request),
        ),
      );
    },
  );

  r.delete(
    '/g/acc/access/:acc/:id',
    { preHandler: requireTenant('operator'), schema: { tags, params: accParams.extend({ id: zUuid }) } },
    async (request) => {
      const { tenant } = request;
      await accounts().removeMember(
        tenant!.accountId,
        tenant!.role,
        tenant!.userId,
        request.params.id,
        actorOf(request),
      );
      return ok({ removed: true });
    },
  );

  r.delete(
    '/g/acc/:acc/invitations/:id',
    { preHandler: requireTenant('admin'), schema: { tags, params: accParams.extend({ id: zUuid }) } },
    async (request) =>
      ok(
        await app.services.users.revokeInvitation(
          request.tenant!.accountId,
          request.params.id,
          actorOf(request),
        ),
      ),
  );
}
