import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZChannel,
  ZCreateChannelBody,
  ZFacebookSignupBody,
  ZFacebookSignupConfig,
  ZUpdateChannelBody,
  zUuid,
} from '@atende/shared';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

const params = z.object({ id: zUuid });

/** Channels (admin settings): list, create, read, update, delete. Secrets go in, never out. */
export async function channelsRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['channels']);
  const channels = () => app.services.channels;

  route.get('/p/chat/channels', { role: 'admin', response: okOf(z.array(ZChannel)) }, ({ tenant }) =>
    channels().list(tenant.accountId),
  );

  route.post(
    '/p/chat/channels',
    { role: 'admin', body: ZCreateChannelBody, response: okOf(ZChannel) },
    ({ tenant, body, actor }) => channels().create(tenant.accountId, body, actor),
  );

  // Issue 13: WhatsApp by Facebook embedded signup (offered when the Meta app is configured).
  route.get(
    '/p/chat/channels/facebook/config',
    { role: 'admin', response: okOf(ZFacebookSignupConfig) },
    () => app.services.facebookSignup.settings(),
  );

  route.post(
    '/p/chat/channels/facebook',
    { role: 'admin', body: ZFacebookSignupBody, response: okOf(ZChannel) },
    ({ tenant, body, actor }) => app.services.facebookSignup.connect(tenant.accountId, body, actor),
  );

  route.get(
    '/p/chat/channels/:id',
    { role: 'admin', params, response: okOf(ZChannel) },
    ({ tenant, params }) => channels().get(tenant.accountId, params.id),
  );

  route.put(
    '/p/chat/channels/:id',
    { role: 'admin', params, body: ZUpdateChannelBody, response: okOf(ZChannel) },
    ({ tenant, params, body, actor }) => channels().update(tenant.accountId, params.id, body, actor),
  );

  route.delete(
    '/p/chat/channels/:id',
    { role: 'admin', params, response: okOf(z.null()) },
    async ({ tenant, params, actor }) => {
      await channels().remove(tenant.accountId, params.id, actor);
      return null;
    },
  );
}
