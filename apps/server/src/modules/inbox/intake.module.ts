import type { FastifyInstance } from 'fastify';
import { createChannelRegistry } from '../../providers/channel-registry';
import type { TPlatform } from '../../platform/platform';
import { InboundService } from './intake/inbound.service';
import { InboxEvents } from './realtime/inbox-events';
import { OUTBOUND_QUEUE, OutboundService, type TOutboundJob } from './outbound/outbound.service';
import { inboundMediaRoutes } from './intake/inbound-media.routes';
import { WebhookChannels } from './intake/webhook-channels';
import { webhooksRoutes } from './intake/webhooks.routes';

/**
 * The inbox's intake and channel side: channel adapters, inbound storage (webhooks, web chat
 * visitors), outbound sending (job 'outbound-messages', registered here before jobs start), the
 * webhooks' channel lookup, and the inbox's realtime events (one per process; the agent side
 * wires their visibility rules).
 */
export function createIntakeServices(platform: TPlatform) {
  const db = platform.database.db;
  const events = new InboxEvents(platform.realtime);
  const channelRegistry = createChannelRegistry(platform.config);
  const inbound = new InboundService(db, events, platform.tenantCache);
  const outbound = new OutboundService(db, platform.jobs, channelRegistry, events, platform.tenantCache);
  const webhookChannels = new WebhookChannels(db);
  // A channel edited on any process invalidates its account (ChannelsService): forget it here too.
  platform.tenantCache.on('invalidated', (accountId) => webhookChannels.forgetAccount(accountId));
  platform.jobs.register<TOutboundJob>(OUTBOUND_QUEUE, (data) => outbound.run(data));
  return { channelRegistry, inbound, outbound, events, webhookChannels };
}

export async function intakeModule(app: FastifyInstance) {
  await app.register(webhooksRoutes);
  await app.register(inboundMediaRoutes);
}
