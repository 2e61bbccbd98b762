import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccount,
  ZAccountDetails,
  ZAccountListItem,
  ZCreateAccountBody,
  ZDeleteAccountBody,
  ZMember,
  ZMemberList,
  ZUpdateAccountBody,
  ZUpdateMemberBody,
  zUuid,
} from '@atende/shared';
import { ok, okOf, okSchema } from '../../platform/envelope';
import { actorOf } from '../../platform/request-context';
import { requireUser } from '../../platform/auth/guard';
import { tenantRoutes } from '../../platform/tenant-route';

export async function accountsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = tenantRoutes(app, ['accounts']);
  const accounts = () => app.services.accounts;
  const tags = ['accounts'];
  const accParams = z.object({ acc: zUuid });
  // g/acc/{id}: any string, so an unknown or malformed id answers the gate's 404 (ids cannot be probed).
  const idParams = z.object({ id: z.string() });

  r.post(
    '/g/acc',
    {
      preHandler: requireUser,
      schema: { tags, body: ZCreateAccountBody, response: okSchema(ZAccountListItem) },
    },
    async (request) => ok(await accounts().create(request.userId!, request.body, actorOf(request))),
  );

  r.get(
    '/g/acc/list',
    { preHandler: requireUser, schema: { tags, response: okSchema(z.array(ZAccountListItem)) } },
    async (request) => ok(await accounts().listForUser(request.userId!)),
  );

  r.get(
    '/g/acc/getFirstAcc',
    { preHandler: requireUser, schema: { tags, response: okSchema(ZAccountListItem) } },
    async (request) => ok(await accounts().firstForUser(request.userId!)),
  );

  route.get(
    '/g/acc/:acc',
    {
      role: 'operator',
      account: 'path',
      params: z.object({ acc: z.string() }),
      response: okOf(ZAccountDetails),
    },
    ({ tenant }) => accounts().details(tenant),
  );

  route.put(
    '/g/acc/:id',
    {
      role: 'admin',
      account: 'path-id',
      params: idParams,
      body: ZUpdateAccountBody,
      response: okOf(ZAccount),
    },
    ({ tenant, body, actor }) => accounts().update(tenant.accountId, body, actor),
  );

  route.delete(
    '/g/acc/:id',
    {
      role: 'master',
      account: 'path-id',
      params: idParams,
      body: ZDeleteAccountBody,
      response: okOf(z.object({ deleted: z.literal(true) })),
    },
    async ({ tenant, body }) => {
      await accounts().remove(tenant.accountId, body.confirm);
      return { deleted: true } as const;
    },
  );

  route.get(
    '/g/acc/:acc/users',
    { role: 'admin', account: 'path', params: accParams, response: okOf(ZMemberList) },
    async ({ tenant }) => {
      const items = await accounts().members(tenant.accountId);
      const invitations = await app.services.users.listInvitations(tenant.accountId);
      return { items, count: items.length, invitations };
    },
  );

  route.put(
    '/g/acc/:acc/users/:userId',
    {
      role: 'admin',
      account: 'path',
      params: accParams.extend({ userId: zUuid }),
      body: ZUpdateMemberBody,
      response: okOf(ZMember),
    },
    async ({ tenant, params, body, actor }) => {
      // The member's departments and key entities must be the account's (issue 13).
      await app.services.departments.assertKnown(tenant.accountId, body.intentions);
      await app.services.keyEntities.assertKnown(tenant.accountId, body.entities);
      return accounts().updateMember(tenant.accountId, tenant.role, params.userId, body, actor);
    },
  );

  route.delete(
    '/g/acc/access/:acc/:id',
    {
      role: 'operator',
      account: 'path',
      params: accParams.extend({ id: zUuid }),
      response: okOf(z.object({ removed: z.literal(true) })),
    },
    async ({ tenant, params, actor }) => {
      await accounts().removeMember(tenant.accountId, tenant.role, tenant.userId, params.id, actor);
      return { removed: true } as const;
    },
  );

  route.delete(
    '/g/acc/:acc/invitations/:id',
    {
      role: 'admin',
      account: 'path',
      params: accParams.extend({ id: zUuid }),
      response: okOf(z.object({ removed: z.boolean() })),
    },
    ({ tenant, params, actor }) => app.services.users.revokeInvitation(tenant.accountId, params.id, actor),
  );
}
