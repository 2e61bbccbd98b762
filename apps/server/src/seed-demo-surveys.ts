import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from './platform/db/client';
import { withTenant } from './platform/db/tenant';

/** The demo customers' answers: CSAT, NPS and an optional comment, one survey per closed conversation. */
const DEMO_ANSWERS: Array<[number, number, string | null]> = [
  [5, 10, 'Atendimento rápido e muito educado. Resolveram tudo na hora!'],
  [4, 9, null],
  [5, 9, 'Adorei o acompanhamento da entrega.'],
  [3, 7, 'Demorou um pouco para me responderem.'],
  [2, 4, 'Tive que repetir meu problema duas vezes.'],
  [5, 8, null],
  [4, 10, 'Muito bom, recomendo.'],
  [1, 2, 'Meu pedido ainda não chegou e ninguém resolveu.'],
  [5, 10, null],
  [4, 8, 'Bom, mas o site poderia avisar o prazo.'],
];

/**
 * The demo account's satisfaction surveys, through the services as in the product: surveys on (CSAT
 * and NPS, with a comment), asked in the closed demo conversations, and the customers' answers
 * entering through the web chat intake (kept in the closed conversation) and recorded as answers.
 */
export async function seedDemoSurveys(app: FastifyInstance, accountId: string, channelId: string) {
  const s = app.services;
  await s.surveys.updateSettings(accountId, {
    enabled: true,
    type: 'both',
    commentEnabled: true,
    lang: 'pt-BR',
    manual: true,
  });
  const record = s.channels.record(await s.channels.row(accountId, channelId));
  const closed = await withTenant(app.platform.database.db, accountId, async (tx) =>
    rowsOf<{ id: string; contact_id: string }>(
      await tx.execute(sql`select id, contact_id from conversations
        where account_id = ${accountId} and channel_id = ${channelId} and stage = 'closed'
        order by closed_at, id limit ${DEMO_ANSWERS.length}`),
    ),
  );
  let answered = 0;
  for (const [index, conversation] of closed.entries()) {
    await s.surveys.ask(accountId, conversation.id, 'manual', `demo-survey-${conversation.id}`);
    const [csat, nps, comment] = DEMO_ANSWERS[index];
    const replies = [String(csat), String(nps), ...(comment ? [comment] : [])];
    for (const [turn, text] of replies.entries()) {
      await surveyMessagesSent(app, accountId, conversation.id, turn + 1);
      const at = new Date();
      const stored = await s.inbound.receive(
        record,
        {
          messages: [
            {
              providerMessageId: `${conversation.contact_id}:demo-survey-${turn}`,
              from: conversation.contact_id,
              timestamp: at,
              kind: 'text',
              text,
            },
          ],
          statuses: [],
        },
        { contactId: conversation.contact_id },
      );
      await s.surveyAnswers.recordMessage(accountId, stored.messages[0].conversationId, {
        id: stored.messages[0].id,
        body: text,
        reply: null,
        kind: 'text',
        at,
      });
    }
    await surveyMessagesSent(app, accountId, conversation.id, replies.length + 1);
    answered += 1;
  }
  return { surveys: answered };
}

/**
 * The customer answers a question once it is out, and the seed goes on (to the dashboards'
 * history shift) once the thanks is. After an answer, the next message goes out from whichever
 * comes first, the seed's recordMessage or the durable listener of the answer's message.created;
 * when the listener took the answer first, recordMessage returns before that message is stored.
 * A reply written then would find the closed conversation awaiting nothing and open a new one, as
 * a real customer's would; a thanks stored after the shift would be a message of today.
 */
async function surveyMessagesSent(
  app: FastifyInstance,
  accountId: string,
  conversationId: string,
  count: number,
) {
  for (let tries = 0; tries < 1500; tries += 1) {
    const [row] = await withTenant(app.platform.database.db, accountId, async (tx) =>
      rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from messages
          where account_id = ${accountId} and conversation_id = ${conversationId}
            and client_id like 'auto:survey:%'`),
      ),
    );
    if (row.n >= count) return;
    await setTimeout(20);
  }
  throw new Error(`demo survey: ${count} survey messages not sent in conversation ${conversationId}`);
}
