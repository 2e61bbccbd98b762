import { ZChatbotCreateBody } from '@atende/shared';
import type { FastifyInstance } from 'fastify';

/**
 * The demo account's chatbot (issue 14), through the services as in the product: the gallery's
 * "department menu with handover", published on the demo web chat channel — a visitor who writes
 * is greeted, picks a department and is handed over to the queue. Seeded last, so the demo's
 * history (opened before) stays as it is.
 */
export async function seedDemoChatbots(
  app: FastifyInstance,
  accountId: string,
  userId: string,
  channelId: string,
) {
  const s = app.services;
  const bot = await s.chatbots.create(
    accountId,
    userId,
    ZChatbotCreateBody.parse({
      name: 'Menu de departamentos',
      type: 'flow',
      channelIds: [channelId],
      templateId: 'department-menu',
    }),
  );
  await s.chatbots.publish(accountId, bot._id, userId);
  return bot._id;
}
