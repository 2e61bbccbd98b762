import { type TFlowDocument, ZChatbotCreateBody, ZChatPageBody, ZFlowDocument } from '@atende/shared';
import type { FastifyInstance } from 'fastify';

/** The menu's options and the demo departments they lead to (seed-demo-departments.ts). */
const ROUTES = [
  { option: 'o-sales', department: 'Vendas' },
  { option: 'o-support', department: 'Suporte' },
  { option: 'o-billing', department: 'Financeiro' },
] as const;

/**
 * The gallery's department menu, with each option handed over to its own department: the
 * template's single hand-over (to the general queue) stays for a visitor who never picks one.
 */
function routedToDepartments(draft: TFlowDocument, departments: Record<string, string>): TFlowDocument {
  const handover = draft.groups.find((g) => g.id === 'g-handover')!;
  const groups = ROUTES.map((r, i) => ({
    ...handover,
    id: `g-${r.option}`,
    title: r.department,
    position: { x: handover.position.x, y: handover.position.y + (i + 1) * 220 },
    blocks: handover.blocks.map((b) =>
      b.type === 'transfer'
        ? { ...b, id: `b-transfer-${r.option}`, departmentId: departments[r.department] }
        : { ...b, id: `${b.id}-${r.option}` },
    ),
  }));
  const edges = draft.edges.map((e) => {
    const route = ROUTES.find((r) => 'blockId' in e.from && e.from.exit === r.option);
    return route ? { ...e, to: { groupId: `g-${route.option}` } } : e;
  });
  return ZFlowDocument.parse({ ...draft, groups: [...draft.groups, ...groups], edges });
}

/**
 * The demo account's chatbot (issue 14), through the services as in the product: the gallery's
 * "department menu with handover", published on the demo web chat channel — a visitor who writes
 * is greeted, picks a department and waits in that department's queue. It also has its own chat
 * page (/chat/<channel slug>-menu: its title, image and colours). Seeded last, so the demo's
 * history (opened before) stays as it is.
 */
export async function seedDemoChatbots(
  app: FastifyInstance,
  accountId: string,
  userId: string,
  channel: { _id: string; externalId: string },
  departments: Record<string, string>,
) {
  const s = app.services;
  const bot = await s.chatbots.create(
    accountId,
    userId,
    ZChatbotCreateBody.parse({
      name: 'Menu de departamentos',
      type: 'flow',
      channelIds: [channel._id],
      templateId: 'department-menu',
    }),
  );
  const { draft } = await s.chatbots.get(accountId, bot._id);
  await s.chatbots.saveDraft(accountId, bot._id, routedToDepartments(draft, departments));
  await s.chatbots.saveChatPage(
    accountId,
    bot._id,
    ZChatPageBody.parse({
      slug: `${channel.externalId}-menu`,
      title: 'Central de atendimento',
      avatarUrl: '/favicon.svg',
      colors: { primary: '#0b7285', background: '#f1f8fa' },
      welcomeText: 'Olá! Escolha um assunto e chamamos quem pode ajudar.',
    }),
  );
  await s.chatbots.publish(accountId, bot._id, userId);
  return bot._id;
}
