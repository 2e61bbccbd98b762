import { defineModule } from '../../platform/module';
import { loadAccountBundle } from '../../platform/tenancy';
import type { ChannelsService } from '../channels/channels.service';
import type { ContactIdentityService } from '../contacts/contact-identity.service';
import type { InboundService } from '../inbox/intake/inbound.service';
import type { InboxFilesService } from '../inbox/files/inbox-files.service';
import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import type { MessageAcksService } from '../inbox/messaging/message-acks.service';
import type { TeamChat } from '../team-chat/team-chat';
import { WebchatAvailability } from './webchat-availability';
import { VisitorTokens } from './webchat-token';
import { webchatRoutes } from './webchat.routes';
import { WebchatService } from './webchat.service';
import { attachWebchatNamespace } from './webchat.sockets';

interface TWebchatDeps {
  inbound: InboundService;
  inbox: { acks: MessageAcksService; files: InboxFilesService };
  channels: ChannelsService;
  contacts: { identity: ContactIdentityService };
  inboxSettings: InboxSettingsService;
  teamChat: TeamChat;
}

/**
 * The web chat channel: the public chat page and widget, visitors' sessions and their Socket.IO
 * namespace /webchat. Visitors' messages enter the inbox through its intake.
 * Emits: contact.created (a visitor, when they first write or fill the pre-chat form),
 * conversation.typing (the visitor typing).
 * Listens: message.created (the team's replies on web chat conversations go to the visitor's
 * sockets), conversation.typing (an operator typing, relayed to the visitor), conversation.updated
 * (unread back to 0: the visitor's messages show read), conversation.closed (the visitor is told).
 */
export const webchatModule = defineModule({
  name: 'webchat',
  tables: {},
  create: (platform, deps: TWebchatDeps) => ({
    webchat: new WebchatService(
      platform.database.db,
      new VisitorTokens(platform.config.JWT_SECRET),
      platform.rateLimiter,
      platform.realtime,
      platform.events,
      deps.inbound,
      deps.inbox.acks,
      deps.channels,
      deps.contacts.identity,
      new WebchatAvailability(deps.inboxSettings, deps.teamChat),
      deps.inbox.files,
      async (accountId) => {
        const load = () => loadAccountBundle(platform.database.db, accountId);
        return (await platform.tenantCache.account(accountId, load))?.account.name ?? '';
      },
    ),
  }),
  plugin: async (app) => {
    const { webchat } = app.services;
    const bus = app.platform.events;
    bus.on('message.created', async (e) => {
      const { direction, channelKind, channelId, contactId, message } = e.data;
      if (direction !== 'outbound' || channelKind !== 'webchat' || !channelId || !contactId) return;
      await webchat.deliver(e.accountId, channelId, contactId, message);
    });
    bus.on('conversation.typing', (e) => {
      const target = e.data.webchat;
      if (e.data.author === 'operator' && target)
        webchat.agentTyping(target.channelId, target.contactId, e.data.typing, target.name);
    });
    bus.on('conversation.updated', (e) => webchat.read(e.data.conversation));
    bus.on('conversation.closed', async (e) => {
      await webchat.closed(e.accountId, e.data.conversationId);
    });
    app.addHook('onReady', async () => {
      attachWebchatNamespace(webchat, app.log);
    });
    await app.register(webchatRoutes);
  },
});
