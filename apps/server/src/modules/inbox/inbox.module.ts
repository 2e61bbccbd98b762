import type { TTemplate } from '@atende/shared';
import { createChannelRegistry } from '../../providers/channel-registry';
import { TIMED_WORK } from '../../platform/jobs';
import { defineModule } from '../../platform/module';
import { loadMembership } from '../../platform/tenancy';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { ChannelsService } from '../channels/channels.service';
import type { ContactIdentityService } from '../contacts/contact-identity.service';
import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import type { TeamChat } from '../team-chat/team-chat';
import { InboxAccess } from './access/inbox-access';
import { ConversationActionsService } from './actions/conversation-actions.service';
import { INACTIVITY_QUEUE, InactivityService } from './actions/inactivity.service';
import { AutomaticActionsService } from './actions/automatic-actions.service';
import { HOLD_QUEUE, HoldService, type THoldJob } from './actions/hold.service';
import { resumeHeldOnReply } from './actions/hold.listener';
import { conversationsRoutes } from './conversations/conversations.routes';
import { findConversationState } from './conversations/conversations.repo';
import { ConversationsService } from './conversations/conversations.service';
import { InboxDataService } from './conversations/inbox-data.service';
import * as distributionTables from './distribution/distribution.schema';
import { clearDeletedDepartments, listenForDistribution } from './distribution/distribution-listeners';
import type { DepartmentsService } from '../departments/departments.service';
import {
  DISTRIBUTION_QUEUE,
  DISTRIBUTION_SWEEP_QUEUE,
  DistributionService,
} from './distribution/distribution.service';
import * as fileTables from './files/inbox-files.schema';
import { InboundMediaService } from './files/inbound-media.service';
import { InboxFilesService } from './files/inbox-files.service';
import * as inboxTables from './inbox.schema';
import { inboxRoutes } from './inbox.routes';
import { inboundMediaRoutes } from './intake/inbound-media.routes';
import { InboundService } from './intake/inbound.service';
import { AwaitedReplies } from './intake/awaited-replies';
import { webhooksRoutes } from './intake/webhooks.routes';
import { ConversationHistoryService } from './history/conversation-history.service';
import { MessageAcksService } from './messaging/message-acks.service';
import { MessagingService } from './messaging/messaging.service';
import { replyOutOfHours } from './messaging/out-of-hours.listener';
import { REACTION_QUEUE, ReactionsService, type TReactionJob } from './messaging/reactions.service';
import { StartConversationService } from './messaging/start-conversation.service';
import {
  OUTBOUND_QUEUE,
  OUTBOUND_WORK,
  OutboundService,
  type TOutboundJob,
} from './outbound/outbound.service';
import { InboxEmitter } from './realtime/inbox-emitter';
import { CampaignOriginService } from './conversations/campaign-origin.service';
import { InboxEvents } from './realtime/inbox-events';
import { pushInboxEvents } from './realtime/inbox-listeners';
import { registerInboxSockets } from './realtime/inbox.sockets';
import { StatementService } from './reports/statement.service';
import { TranscriptService } from './reports/transcript.service';

interface TInboxDeps {
  activityLog: ActivityLogService;
  accounts: AccountsService;
  teamChat: TeamChat;
  templates: { get(accountId: string, id: string): Promise<TTemplate> };
  channels: ChannelsService;
  inboxSettings: InboxSettingsService;
  contacts: { identity: ContactIdentityService };
  departments: DepartmentsService;
}

/**
 * The inbox: intake of customer messages (webhooks), outbound sending (job), conversations and
 * their actions, sending, starting conversations, automatic distribution, inactivity closing,
 * statement and transcripts, and the realtime fan-out of its domain events.
 *
 * Emits: conversation.opened, conversation.updated, conversation.assigned, conversation.closed,
 * conversation.reopened, conversation.held, conversation.resumed, conversation.typing,
 * message.created, message.status, message.reaction.
 * Listens: its own events (realtime fan-out; distribution on opened/updated/closed/assigned;
 * the out-of-hours reply, durable, on conversation.opened; a held conversation's resume, durable,
 * on an inbound message.created).
 */
export const inboxModule = defineModule({
  name: 'inbox',
  tables: { ...inboxTables, ...fileTables, ...distributionTables },
  create: (platform, deps: TInboxDeps) => {
    const db = platform.database.db;
    const { config, events: bus, log } = platform;
    const channelRegistry = createChannelRegistry(config, platform.realtime);
    const access = new InboxAccess(deps.inboxSettings);
    const files = new InboxFilesService(db, config.JWT_SECRET, config.APP_URL);
    const link = (accountId: string) => (fileId: string, name: string) => files.link(accountId, fileId, name);
    const emitter = new InboxEmitter(bus, link);
    const events = new InboxEvents(platform.realtime, {
      resolve: (accountId, id) => findConversationState(db, accountId, id),
      policy: (accountId) => access.policy(accountId),
      roleOf: async (accountId, userId) =>
        (await platform.tenantCache.member(accountId, userId, () => loadMembership(db, accountId, userId)))
          ?.role,
      warn: (err) => log.warn({ err }, 'inbox event not delivered'),
    });
    const createContacts = deps.contacts.identity.createMissingByPhone.bind(deps.contacts.identity);
    const inbound = new InboundService(db, bus, platform.tenantCache, createContacts, log);
    const outbound = new OutboundService(db, channelRegistry, bus, platform.tenantCache, log);
    const presence = () => deps.teamChat.presence;
    const distribution = new DistributionService(
      db,
      platform.jobs,
      deps.inboxSettings,
      presence,
      emitter,
      bus,
      () => log,
      (accountId) => deps.departments.routing(accountId),
    );
    const conversations = new ConversationsService(db, access, deps.inboxSettings, files);
    const templateOf = (accountId: string, id: string) => deps.templates.get(accountId, id);
    const inbox = {
      access,
      events,
      files,
      conversations,
      actions: new ConversationActionsService(
        db,
        access,
        deps.inboxSettings,
        emitter,
        bus,
        deps.activityLog,
        (accountId, id) => deps.departments.nameOf(accountId, id),
      ),
      messaging: new MessagingService(db, access, deps.channels, files, emitter, outbound, templateOf),
      acks: new MessageAcksService(db, bus),
      history: new ConversationHistoryService(db, (accountId) => platform.tenantCache.invalidate(accountId)),
      start: new StartConversationService(
        db,
        access,
        deps.inboxSettings,
        deps.channels,
        emitter,
        platform.tenantCache,
        outbound,
        templateOf,
        deps.contacts.identity,
      ),
      distribution,
      inactivity: new InactivityService(db, emitter, bus),
      // On hold (issue 13): until a moment (a pg-boss timer) or the customer's next message.
      hold: new HoldService(db, access, emitter, bus, platform.jobs, deps.activityLog),
      // Automations (issue 17): assign, close and notes without an operator.
      automatic: new AutomaticActionsService(db, deps.inboxSettings, emitter, bus, (accountId, id) =>
        deps.departments.nameOf(accountId, id),
      ),
      // Campaigns (issue 16): a reply to a campaign puts its conversation in the Campanhas tab.
      campaignOrigin: new CampaignOriginService(db, emitter, bus),
      statement: new StatementService(db),
      transcript: new TranscriptService(db, conversations),
      data: new InboxDataService(db, deps.inboxSettings, deps.channels, deps.accounts, presence),
      inboundMedia: new InboundMediaService(db, access, files, deps.channels, channelRegistry),
      reactions: new ReactionsService(
        db,
        conversations,
        deps.channels,
        channelRegistry,
        bus,
        platform.jobs,
        log,
      ),
      awaitedReplies: new AwaitedReplies(db),
    };
    return { inbox, inbound, outbound, channelRegistry, distribution };
  },
  plugin: async (app) => {
    const { platform } = app;
    const { inbox, outbound, distribution, inboxSettings, teamChat } = app.services;
    const jobs = platform.jobs;
    jobs.register<TOutboundJob>(OUTBOUND_QUEUE, (data) => outbound.run(data), OUTBOUND_WORK);
    jobs.register<TReactionJob>(REACTION_QUEUE, (data) => inbox.reactions.run(data));
    jobs.register<{ accountId: string }>(DISTRIBUTION_QUEUE, async ({ accountId }) => {
      await distribution.retryWaiting(accountId);
    });
    jobs.register(DISTRIBUTION_SWEEP_QUEUE, () => distribution.sweep());
    jobs.schedule(DISTRIBUTION_SWEEP_QUEUE, '* * * * *');
    jobs.register(INACTIVITY_QUEUE, async () => {
      await inbox.inactivity.run();
    });
    jobs.schedule(INACTIVITY_QUEUE, '*/5 * * * *');
    jobs.register<THoldJob>(
      HOLD_QUEUE,
      async (data) => {
        await inbox.hold.resumeDue(data);
      },
      TIMED_WORK,
    );
    resumeHeldOnReply(platform.events, inbox.hold);
    pushInboxEvents(platform.events, inbox.events);
    listenForDistribution(platform.events, distribution);
    clearDeletedDepartments(platform.events, platform.database.db);
    replyOutOfHours(platform.events, inboxSettings, inbox.messaging);
    registerInboxSockets(platform, inbox, teamChat, app.log);
    await app.register(webhooksRoutes);
    await app.register(inboundMediaRoutes);
    await app.register(inboxRoutes);
    await app.register(conversationsRoutes);
  },
});
