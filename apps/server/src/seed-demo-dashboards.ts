import { ZSendMessageBody } from '@atende/shared';
import type { FastifyInstance } from 'fastify';

const DAYS = 10;
const OPENINGS = [
  'Oi, meu pedido ainda não chegou',
  'Vocês têm esse tênis no tamanho 40?',
  'Quero trocar um produto',
  'Qual o prazo de entrega para Campinas?',
  'Consigo parcelar em 10 vezes?',
];
const ANSWERS = [
  'Olá! Vou verificar para você agora mesmo.',
  'Oi! Temos sim, posso reservar?',
  'Claro, me passa o número do pedido, por favor.',
];

/**
 * The dashboards' history for the demo account, so every dashboard shows figures on `npm start`:
 * the demo's closed conversations (made through the inbox's services like the others) are moved
 * back to the last ten days by the inbox's history service — the services stamp everything "now",
 * and a dashboard shows finished days (D-1) — with every time of theirs moved by the same amount, so
 * their response and resolution times stay as they were. Only the demo's own rows are moved. The contacts without conversations
 * are dated over the same days, a few phase changes and opt-outs are recorded, and the daily
 * roll-ups are built.
 */
export async function seedDemoDashboards(
  app: FastifyInstance,
  owner: { accountId: string; userId: string },
  spareContactIds: string[],
) {
  const history = app.services.inbox.history;
  const { accountId } = owner;
  const closed = await history.closedIds(accountId);
  for (const [i, id] of closed.entries())
    await history.shiftBack(accountId, id, `${(i % DAYS) + 1} days ${(i * 5) % 7} hours`);
  return finishHistory(app, accountId, spareContactIds, closed.length);
}

/**
 * More history made through the services (the e2e specs' accounts, which have no demo content): a
 * customer writes in the web chat, the owner answers and closes, then the conversation is moved
 * back to its day. Then as seedDemoDashboards.
 */
export async function addDashboardHistory(
  app: FastifyInstance,
  owner: { accountId: string; userId: string },
  channelId: string,
  spareContactIds: string[],
  closingReason: string,
) {
  const s = app.services;
  const { accountId, userId } = owner;
  const record = s.channels.record(await s.channels.row(accountId, channelId));
  const viewer = { accountId, userId, role: 'master' as const, intentions: [] as string[] };
  const actor = { userId, ip: '127.0.0.1', lang: 'pt-BR' as const };
  const dayMs = 86_400_000;
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  let made = 0;
  for (let day = DAYS; day >= 1; day--) {
    const count = 1 + (day % 2); // 1 or 2 a day
    for (let k = 0; k < count; k++) {
      const n = made++;
      const contactId = spareContactIds[n % spareContactIds.length];
      // 12:00–21:59 UTC (09:00–18:59 in São Paulo), answered in 2–40 min, closed 20–200 min later.
      const opened = new Date(
        today.getTime() - day * dayMs + (12 + ((n * 5) % 10)) * 3_600_000 + ((n * 13) % 60) * 60_000,
      );
      const answered = new Date(opened.getTime() + (2 + ((n * 11) % 39)) * 60_000);
      const closed = new Date(answered.getTime() + (20 + ((n * 37) % 181)) * 60_000);
      const received = await s.inbound.receive(
        record,
        {
          messages: [
            {
              providerMessageId: `${contactId}:demo-history-${n}`,
              from: contactId,
              timestamp: opened,
              kind: 'text',
              text: OPENINGS[n % OPENINGS.length],
            },
          ],
          statuses: [],
        },
        { contactId },
      );
      const conversationId = received.messages[0].conversationId;
      await s.inbox.messaging.send(
        viewer,
        conversationId,
        ZSendMessageBody.parse({ clientId: `demo-history-${n}`, text: ANSWERS[n % ANSWERS.length] }),
        'pt-BR',
      );
      await s.inbox.actions.close(viewer, conversationId, { reason: closingReason }, actor);
      await s.inbox.history.place(accountId, conversationId, { opened, answered, closed });
    }
  }
  return finishHistory(app, accountId, spareContactIds, made);
}

/** The contacts dated over the days, a few phase changes and opt-outs, and the roll-ups built. */
async function finishHistory(
  app: FastifyInstance,
  accountId: string,
  spareContactIds: string[],
  conversations: number,
) {
  const s = app.services;
  const dayMs = 86_400_000;
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const phases = await s.contacts.phases.list(accountId);
  for (const [i, contactId] of spareContactIds.entries()) {
    const at = new Date(today.getTime() - (((i * 3) % DAYS) + 1) * dayMs + 15 * 3_600_000);
    await s.contacts.contacts.backdate(accountId, contactId, at);
    if (phases.length > 1 && i % 2 === 0)
      await s.dashboardRollups.recordContactFact(accountId, {
        at,
        kind: 'phase',
        contactId,
        phaseId: phases[1 + (i % (phases.length - 1))]._id,
      });
    if (i % 9 === 4)
      await s.dashboardRollups.recordContactFact(accountId, { at, kind: 'opt_out', contactId });
  }
  const days = await s.dashboardRollups.catchUp(accountId);
  return { historyConversations: conversations, daysBuilt: days.length };
}
