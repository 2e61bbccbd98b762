import type { FastifyInstance } from 'fastify';
import type { ChannelRegistry } from '../../providers/channel-registry';
import { WebchatAdapter } from '../../providers/webchat/webchat.adapter';
import { webchatRoutes } from '../webchat/webchat.routes';
import { attachWebchatNamespace } from '../webchat/webchat.sockets';
import { WebchatService } from '../webchat/webchat.service';
import { VisitorTokens } from '../webchat/webchat-token';
import type { TPlatform } from '../../platform/platform';
import { loadMembership } from '../../platform/tenancy';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { channelsRoutes } from '../channels/channels.routes';
import { ChannelsService } from '../channels/channels.service';
import { inboxSettingsRoutes } from '../inbox-settings/inbox-settings.routes';
import { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import { quickMessagesRoutes } from '../quick-messages/quick-messages.routes';
import { QuickMessagesService } from '../quick-messages/quick-messages.service';
import type { TeamChat } from '../team-chat/team-chat';
import type { TemplatesService } from '../templates/templates.service';
import { ConversationActionsService } from './actions/conversation-actions.service';
import { conversationsRoutes } from './conversations/conversations.routes';
import { ConversationsService } from './conversations/conversations.service';
import { findConversationState } from './conversations/conversations.repo';
import {
  DISTRIBUTION_QUEUE,
  DISTRIBUTION_SWEEP_QUEUE,
  DistributionService,
} from './distribution/distribution.service';
import { INACTIVITY_QUEUE, InactivityService } from './actions/inactivity.service';
import type { InboundService } from './intake/inbound.service';
import { InboxAccess } from './access/inbox-access';
import { InboxDataService } from './conversations/inbox-data.service';
import type { InboxEvents } from './realtime/inbox-events';
import type { WebhookChannels } from './intake/webhook-channels';
import { InboxFilesService } from './files/inbox-files.service';
import { inboxRoutes } from './inbox.routes';
import { registerInboxSockets } from './realtime/inbox.sockets';
import { MessagingService } from './messaging/messaging.service';
import type { OutboundService } from './outbound/outbound.service';
import { StartConversationService } from './messaging/start-conversation.service';
import { StatementService } from './reports/statement.service';
import { TranscriptService } from './reports/transcript.service';

export interface TInboxWiring {
  activityLog: ActivityLogService;
  accounts: AccountsService;
  teamChat: TeamChat;
  inbound: InboundService;
  outbound: OutboundService;
  templates: TemplatesService;
  channelRegistry: ChannelRegistry;
  events: InboxEvents;
  webhookChannels: WebhookChannels;
}

/**
 * The agent side of the inbox and the web chat channel, wired once per process: channels,
 * settings, quick messages, conversation reads and actions, sending, starting conversations,
 * automatic distribution (+ jobs), inactivity closing (cron), statement and transcripts, the
 * realtime events' visibility rules, and web chat visitors.
 */
export function createInboxServices(platform: TPlatform, wiring: TInboxWiring) {
  const db = platform.database.db;
  const config = platform.config;
  const log = () => wiring.teamChat.log;
  // A channel edited or deleted is looked up again by the next webhook: at once here, and on the
  // other processes when the account's invalidation reaches them (intake.module.ts).
  const channels = new ChannelsService(db, config.APP_URL, async (accountId, id) => {
    wiring.webhookChannels.forget(id);
    await platform.tenantCache.invalidate(accountId);
  });
  const inboxSettings = new InboxSettingsService(db, platform.tenantCache);
  const quickMessages = new QuickMessagesService(db);
  const access = new InboxAccess(inboxSettings);
  const files = new InboxFilesService(db, config.JWT_SECRET, config.APP_URL);
  const presence = () => wiring.teamChat.presence;
  let distribution: DistributionService | undefined;
  const events = wiring.events;
  events.wire({
    resolve: (accountId, id) => findConversationState(db, accountId, id),
    policy: (accountId) => access.policy(accountId),
    roleOf: async (accountId, userId) =>
      (await platform.tenantCache.member(accountId, userId, () => loadMembership(db, accountId, userId)))
        ?.role,
    onWaiting: (accountId, id) => distribution?.onWaiting(accountId, id),
    warn: (err) => log().warn({ err }, 'inbox event not delivered'),
  });
  distribution = new DistributionService(db, platform.jobs, inboxSettings, presence, events, log);
  const conversations = new ConversationsService(db, access, inboxSettings, files);
  const actions = new ConversationActionsService(db, access, inboxSettings, events, wiring.activityLog);
  actions.onCapacityFreed = (accountId) => distribution!.kick(accountId);
  const webchat = new WebchatService(
    db,
    new VisitorTokens(config.JWT_SECRET),
    platform.rateLimiter,
    platform.realtime,
    events,
    () => wiring.inbound,
    (accountId, fileId, name) => files.link(accountId, fileId, name),
  );
  wiring.channelRegistry.register(new WebchatAdapter(() => webchat));
  const messaging = new MessagingService(db, access, channels, files, events, {
    outbound: () => wiring.outbound,
    webchat: () => webchat,
  });
  // Out-of-hours reply: a conversation opened by a customer outside the attendance hours gets
  // the account's out-of-hours message once (settings → automatic messages).
  wiring.inbound.onOpened = (accountId, conversationId) => {
    void inboxSettings
      .outOfHoursMessage(accountId)
      .then((text) =>
        text ? messaging.sendAutomatic(accountId, conversationId, text, 'out-of-hours') : undefined,
      )
      .catch((err) => log().warn({ err }, 'out-of-hours message not sent'));
  };
  const start = new StartConversationService(
    db,
    access,
    inboxSettings,
    channels,
    events,
    platform.tenantCache,
    {
      outbound: () => wiring.outbound,
      template: (accountId, id) => wiring.templates.get(accountId, id),
    },
  );
  const inactivity = new InactivityService(db, events);
  const statement = new StatementService(db);
  const inbox = {
    access,
    events,
    files,
    conversations,
    actions,
    messaging,
    start,
    distribution,
    inactivity,
    statement,
    transcript: new TranscriptService(db, conversations),
    data: new InboxDataService(db, inboxSettings, channels, wiring.accounts, presence),
  };

  platform.jobs.register<{ accountId: string }>(DISTRIBUTION_QUEUE, async ({ accountId }) => {
    await distribution!.retryWaiting(accountId);
  });
  platform.jobs.register(DISTRIBUTION_SWEEP_QUEUE, () => distribution!.sweep());
  platform.jobs.schedule(DISTRIBUTION_SWEEP_QUEUE, '* * * * *');
  platform.jobs.register(INACTIVITY_QUEUE, async () => {
    await inactivity.run();
  });
  platform.jobs.schedule(INACTIVITY_QUEUE, '*/5 * * * *');

  return { channels, inboxSettings, quickMessages, inbox, webchat, distribution };
}

export async function inboxModule(app: FastifyInstance) {
  const { inbox, webchat } = app.services;
  registerInboxSockets(app.platform, inbox, webchat, app.services.teamChat, app.log);
  app.addHook('onReady', async () => {
    attachWebchatNamespace(webchat, app.log);
  });
  await app.register(channelsRoutes);
  await app.register(inboxSettingsRoutes);
  await app.register(quickMessagesRoutes);
  await app.register(inboxRoutes);
  await app.register(conversationsRoutes);
  await app.register(webchatRoutes);
}
