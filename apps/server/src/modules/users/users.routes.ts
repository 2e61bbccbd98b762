import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChangePasswordBody,
  ZDeviceRegistration,
  ZInvitationView,
  ZInviteBody,
  ZInvitedUpdateBody,
  ZLoginResult,
  ZMobileTokenBody,
  ZRemoveTokenBody,
  ZTokens,
  ZUpdateProfileBody,
  ZUserData,
  zUuid,
} from '@atende/shared';
import { ok, okOf, okSchema, rawSchema } from '../../platform/envelope';
import { actorOf } from '../../platform/request-context';
import { requireUser } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { tenantRoutes } from '../../platform/tenant-route';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = tenantRoutes(app, ['users']);
  const users = () => app.services.users;
  const tags = ['users'];
  const auth = { preHandler: requireUser };

  r.get('/g/user/me', { ...auth, schema: { tags, response: okSchema(ZUserData) } }, async (request) =>
    ok(await users().me(request.userId!)),
  );

  r.put(
    '/g/user/me',
    { ...auth, schema: { tags, body: ZUpdateProfileBody, response: okSchema(ZUserData) } },
    async (request) => ok(await users().updateProfile(request.userId!, request.body)),
  );

  r.post(
    '/g/user/me/password',
    {
      ...auth,
      schema: {
        tags,
        body: ZChangePasswordBody,
        response: okSchema(ZTokens.extend({ changed: z.boolean() })),
      },
    },
    async (request) =>
      ok(
        await app.services.auth.changePassword(
          request.userId!,
          request.body.currentPassword,
          request.body.password,
        ),
      ),
  );

  r.put(
    '/g/user/me/avatar',
    {
      ...auth,
      bodyLimit: 1_200_000,
      schema: {
        tags,
        body: z.object({ dataUrl: z.string().max(1_150_000, { error: 'avatarSize' }) }),
        response: okSchema(z.object({ profilePic: z.string() })),
      },
    },
    async (request) => ok(await users().setAvatar(request.userId!, request.body.dataUrl)),
  );

  // The image itself (binary, public, immutable: the URL changes with each upload).
  r.get(
    '/g/user/avatar/:userId',
    {
      schema: {
        tags,
        params: z.object({ userId: zUuid }),
        ...rawSchema(['image/png', 'image/jpeg', 'image/webp'], 'The avatar image'),
      },
    },
    async (request, reply) => {
      const avatar = await users().avatar(request.params.userId);
      if (!avatar) throw new AppError('NOT_FOUND');
      return reply
        .type(avatar.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(avatar.data));
    },
  );

  route.post(
    '/g/user/invite',
    { role: 'admin', account: 'body', body: ZInviteBody, response: okOf(z.object({ _id: z.string() })) },
    async ({ tenant, body, actor }) => {
      // The invitation's departments and key entities must be the account's (issue 13).
      await app.services.departments.assertKnown(tenant.accountId, body.intentions);
      await app.services.keyEntities.assertKnown(tenant.accountId, body.entities);
      return users().invite(tenant, body, actor);
    },
  );

  r.get(
    '/g/user/invite/:id',
    { schema: { tags, params: z.object({ id: zUuid }), response: okSchema(ZInvitationView) } },
    async (request) => ok(await users().invitation(request.params.id)),
  );

  r.post(
    '/g/user/invited/update',
    { schema: { tags, body: ZInvitedUpdateBody, response: okSchema(ZLoginResult) } },
    async (request) => ok(await users().acceptInvitation(request.body, actorOf(request))),
  );

  route.post(
    '/g/user/notification/mobile-token',
    { role: 'operator', account: 'body', body: ZMobileTokenBody, response: okOf(ZDeviceRegistration) },
    ({ tenant, body }) => users().registerDevice(tenant, body),
  );

  r.post(
    '/g/user/notification/remove-token',
    {
      ...auth,
      schema: { tags, body: ZRemoveTokenBody, response: okSchema(z.object({ removed: z.boolean() })) },
    },
    async (request) => ok(await users().removeDeviceToken(request.userId!, request.body.token)),
  );
}
