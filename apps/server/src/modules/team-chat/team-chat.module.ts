import type { TAiProvider } from '../../platform/ai/ai.types';
import type { AiSettingsService } from '../ai/ai-settings.service';
import { defineModule } from '../../platform/module';
import { TeamChat } from './team-chat';
import { teamChatRoutes } from './team-chat.routes';
import * as tables from './team-chat.schema';
import { registerTeamChatSockets } from './team-chat.sockets';

/** Team chat: rooms, presence, files, the AI assistant room; its /attendance socket events. */
export const teamChatModule = defineModule({
  name: 'team-chat',
  tables,
  create: (platform, deps: { aiProvider: TAiProvider; aiSettings: AiSettingsService }) => ({
    teamChat: new TeamChat(platform, { provider: deps.aiProvider, settings: deps.aiSettings }),
  }),
  plugin: async (app) => {
    const feature = app.services.teamChat;
    registerTeamChatSockets(feature);
    app.addHook('onClose', async () => {
      feature.presence.stop();
      await feature.ai.settle();
    });
    await app.register(teamChatRoutes);
  },
});
