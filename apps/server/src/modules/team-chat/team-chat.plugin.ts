import type { FastifyInstance } from 'fastify';
import { knowledgeRoutes } from './knowledge.routes';
import { teamChatRoutes } from './team-chat.routes';
import { registerTeamChatSockets } from './team-chat.sockets';

/** Team chat: HTTP routes, the AI knowledge routes and the /attendance socket events (before realtime attaches). */
export async function teamChatPlugin(app: FastifyInstance) {
  const feature = app.services.teamChat;
  feature.log = app.log;
  registerTeamChatSockets(feature);
  app.addHook('onClose', async () => {
    feature.presence.stop();
    await feature.ai.settle();
  });
  await app.register(teamChatRoutes);
  await app.register(knowledgeRoutes);
}
