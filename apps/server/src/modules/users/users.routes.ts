import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChangePasswordBody,
  ZInviteBody,
  ZInvitedUpdateBody,
  ZMobileTokenBody,
  ZRemoveTokenBody,
  ZUpdateProfileBody,
  zUuid,
} from '@atende/shared';
import { ok } from '../../platform/envelope';
import { actorOf } from '../../platform/request-context';
import { requireUser } from '../../platform/auth/guard';
import { requireTenant } from '../../platform/tenancy';
import { AppError } from '../../platform/errors';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = () => app.services.users;
  const tags = ['users'];
  const auth = { preHandler: requireUser };

  r.get('/g/user/me', { ...auth, schema: { tags } }, async (request) =>
    ok(await users().me(request.userId!)),
  );

  r.put('/g/user/me', { ...auth, schema: { tags, body: ZUpdateProfileBody } }, async (request) =>
    ok(await users().updateProfile(request.userId!, request.body)),
  );

  r.post('/g/user/me/password', { ...auth, schema: { tags, body: ZChangePasswordBody } }, async (request) =>
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
      schema: { tags, body: z.object({ dataUrl: z.string().max(1_150_000, { error: 'avatarSize' }) }) },
    },
    async (request) => ok(await users().setAvatar(request.userId!, request.body.dataUrl)),
  );

  r.get(
    '/g/user/avatar/:userId',
    { schema: { tags, params: z.object({ userId: zUuid }) } },
    async (request, reply) => {
      const avatar = await users().avatar(request.params.userId);
      if (!avatar) throw new AppError('NOT_FOUND');
      return reply
        .type(avatar.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(avatar.data));
    },
  );

  r.post(
    '/g/user/invite',
    { preHandler: requireTenant('admin', 'body'), schema: { tags, body: ZInviteBody } },
    async (request) => ok(await users().invite(request.tenant!, request.body, actorOf(request))),
  );

  r.get('/g/user/invite/:id', { schema: { tags, params: z.object({ id: zUuid }) } }, async (request) =>
    ok(await users().invitation(request.params.id)),
  );

  r.post('/g/user/invited/update', { schema: { tags, body: ZInvitedUpdateBody } }, async (request) =>
    ok(await users().acceptInvitation(request.body, actorOf(request))),
  );

  r.post(
    '/g/user/notification/mobile-token',
    { preHandler: requireTenant('operator', 'body'), schema: { tags, body: ZMobileTokenBody } },
    async (request) => ok(await users().registerDevice(request.tenant!, request.body)),
  );

  r.post(
    '/g/user/notification/remove-token',
    { ...auth, schema: { tags, body: ZRemoveTokenBody } },
    async (request) => ok(await users().removeDeviceToken(request.userId!, request.body.token)),
  );
}
