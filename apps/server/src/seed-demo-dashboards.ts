import { sql } from 'drizzle-orm';
import { ZSendMessageBody } from '@atende/shared';
import type { FastifyInstance } from 'fastify';
import { newId } from './platform/db/columns';
import { rowsOf } from './platform/db/client';
import { withTenant } from './platform/db/tenant';

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
 * back to the last ten days — the services stamp everything "now", and a dashboard shows finished
 * days (D-1) — with every time of theirs moved by the same amount, so their response and resolution
 * times stay as they were. Only the demo's own rows are moved. The contacts without conversations
 * are dated over the same days, a few phase changes and opt-outs are recorded, and the daily
 * roll-ups are built.
 */
export async function seedDemoDashboards(
  app: FastifyInstance,
  owner: { accountId: string; userId: string },
  spareContactIds: string[],
) {
  const db = app.platform.database.db;
  const { accountId } = owner;
  const closed = await withTenant(db, accountId, async (tx) =>
    rowsOf<{ id: string }>(
      await tx.execute(sql`select id from conversations where account_id = ${accountId} and stage = 'closed'
        order by closed_at, id`),
    ),
  );
  await withTenant(db, accountId, async (tx) => {
    for (const [i, { id }] of closed.entries()) {
      const shift = `${(i % DAYS) + 1} days ${(i * 5) % 7} hours`;
      await tx.execute(sql`
        update messages set created_at = created_at - ${shift}::interval where conversation_id = ${id}`);
      await tx.execute(sql`
        update conversations set created_at = created_at - ${shift}::interval,
          taken_at = taken_at - ${shift}::interval, closed_at = closed_at - ${shift}::interval,
          last_inbound_at = last_inbound_at - ${shift}::interval,
          last_message_at = last_message_at - ${shift}::interval
        where id = ${id}`);
    }
  });
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
  const db = app.platform.database.db;
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
      await withTenant(db, accountId, async (tx) => {
        await tx.execute(sql`
          update messages set created_at = case author_type
              when 'contact' then ${opened.toISOString()}::timestamptz
              when 'operator' then ${answered.toISOString()}::timestamptz
              else ${closed.toISOString()}::timestamptz end
          where conversation_id = ${conversationId}`);
        await tx.execute(sql`
          update conversations set created_at = ${opened.toISOString()}::timestamptz,
            taken_at = ${answered.toISOString()}::timestamptz, closed_at = ${closed.toISOString()}::timestamptz,
            last_inbound_at = ${opened.toISOString()}::timestamptz, last_message_at = ${closed.toISOString()}::timestamptz
          where id = ${conversationId}`);
      });
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
  const db = app.platform.database.db;
  const dayMs = 86_400_000;
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const phases = await s.contacts.phases.list(accountId);
  await withTenant(db, accountId, async (tx) => {
    for (const [i, contactId] of spareContactIds.entries()) {
      const at = new Date(today.getTime() - (((i * 3) % DAYS) + 1) * dayMs + 15 * 3_600_000);
      await tx.execute(
        sql`update contacts set created_at = ${at.toISOString()}::timestamptz where id = ${contactId}`,
      );
      if (phases.length > 1 && i % 2 === 0)
        await tx.execute(sql`
          insert into dashboard_contact_events (id, account_id, at, kind, contact_id, phase_id)
          values (${newId()}, ${accountId}, ${at.toISOString()}::timestamptz, 'phase', ${contactId},
            ${phases[1 + (i % (phases.length - 1))]._id}::uuid)`);
      if (i % 9 === 4)
        await tx.execute(sql`
          insert into dashboard_contact_events (id, account_id, at, kind, contact_id)
          values (${newId()}, ${accountId}, ${at.toISOString()}::timestamptz, 'opt_out', ${contactId})`);
    }
  });
  const days = await s.dashboardRollups.catchUp(accountId);
  return { historyConversations: conversations, daysBuilt: days.length };
}
