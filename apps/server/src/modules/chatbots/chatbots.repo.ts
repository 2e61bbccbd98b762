import type { TChatbotVersion, TFlowDocument } from '@atende/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { builtOnce, type TPlaceholders } from '../../platform/db/built-once';
import { rowsOf, type TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { users } from '../auth/auth.schema';
import {
  chatbotChannels,
  chatbotPages,
  chatbots,
  chatbotTestVisitors,
  chatbotVersions,
} from './chatbots.schema';

export type TChatbotRow = typeof chatbots.$inferSelect;
export type TChatbotPageRow = typeof chatbotPages.$inferSelect;

export function listChatbotRows(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx.select().from(chatbots).where(eq(chatbots.accountId, accountId)).orderBy(desc(chatbots.createdAt)),
  );
}

export function findChatbotRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(chatbots)
      .where(and(eq(chatbots.accountId, accountId), eq(chatbots.id, id)));
    return row;
  });
}

/** Conversations now in the flow stage with an active session, per bot. */
export async function inFlowCounts(db: TDb, accountId: string): Promise<Map<string, number>> {
  const rows = await withTenant(db, accountId, async (tx) =>
    rowsOf<{ chatbot_id: string; n: number }>(
      await tx.execute(sql`
        select s.chatbot_id, count(*)::int as n from chatbot_sessions s
        join conversations c on c.id = s.conversation_id
        where s.account_id = ${accountId} and s.status = 'active' and s.test = false and c.stage = 'flow'
        group by s.chatbot_id`),
    ),
  );
  return new Map(rows.map((r) => [r.chatbot_id, Number(r.n)]));
}

/** Which of `ids` are channels of the account (deleted ones are not). */
export async function accountChannelIds(db: TDb, accountId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await withTenant(db, accountId, async (tx) =>
    rowsOf<{ id: string; kind: string }>(
      await tx.execute(sql`
        select id, kind from channels
        where account_id = ${accountId} and deleted_at is null
          and id::text in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`),
    ),
  );
  return new Set(rows.map((r) => r.id));
}

/** The kinds of the bot's channels (for the WhatsApp limits of validation). */
export async function channelKinds(db: TDb, accountId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return withTenant(db, accountId, async (tx) =>
    rowsOf<{ kind: string }>(
      await tx.execute(sql`
        select kind from channels where account_id = ${accountId}
          and id::text in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`),
    ).map((r) => r.kind),
  );
}

/** Inserts unless the account already has `max` bots (counted under a per-account lock). */
export function insertChatbotRow(
  db: TDb,
  accountId: string,
  values: Omit<typeof chatbots.$inferInsert, 'accountId'>,
  max: number,
) {
  return withTenant(db, accountId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chatbots'), hashtext(${accountId}))`);
    const [{ n }] = await tx.select({ n: count() }).from(chatbots).where(eq(chatbots.accountId, accountId));
    if (n >= max) return 'limit' as const;
    const [row] = await tx
      .insert(chatbots)
      .values({ ...values, accountId })
      .returning();
    return row;
  });
}

export function updateChatbotRow(
  db: TDb,
  accountId: string,
  id: string,
  patch: Partial<typeof chatbots.$inferInsert>,
  inTx?: (tx: TTx, row: TChatbotRow) => Promise<void>,
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(chatbots)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(chatbots.accountId, accountId), eq(chatbots.id, id)))
      .returning();
    if (row && inTx) await inTx(tx, row);
    return row;
  });
}

/** Deletes the bot; `also` runs in the same transaction when it existed. */
export function deleteChatbotRow(
  db: TDb,
  accountId: string,
  id: string,
  also?: (tx: TTx) => Promise<unknown>,
) {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .delete(chatbots)
      .where(and(eq(chatbots.accountId, accountId), eq(chatbots.id, id)))
      .returning({ id: chatbots.id });
    if (rows.length > 0 && also) await also(tx);
    return rows.length > 0;
  });
}

/** A deleted channel leaves the account's bots: their channel lists and the channels they answer on. */
export function removeChannelFromBots(db: TDb, accountId: string, channelId: string) {
  return withTenant(db, accountId, async (tx) => {
    await tx
      .update(chatbots)
      .set({ channelIds: sql`${chatbots.channelIds} - ${channelId}::text` })
      .where(
        and(
          eq(chatbots.accountId, accountId),
          sql`${chatbots.channelIds} @> ${JSON.stringify([channelId])}::jsonb`,
        ),
      );
    await tx
      .delete(chatbotChannels)
      .where(and(eq(chatbotChannels.accountId, accountId), eq(chatbotChannels.channelId, channelId)));
  });
}

/** The channels a published bot answers on: replaced whole (conflicts with another bot's: unique violation). */
export async function setLiveChannels(tx: TTx, accountId: string, chatbotId: string, channelIds: string[]) {
  await tx.delete(chatbotChannels).where(eq(chatbotChannels.chatbotId, chatbotId));
  if (channelIds.length > 0)
    await tx
      .insert(chatbotChannels)
      .values(channelIds.map((channelId) => ({ channelId, accountId, chatbotId })));
}

/** Freezes a version (the next number) and makes it the published one, in one transaction. */
export function publishVersion(
  db: TDb,
  accountId: string,
  chatbotId: string,
  document: TFlowDocument,
  publishedBy: string | null,
  summaryOf: (previous: TFlowDocument | null) => TChatbotVersion['summary'],
  channelIds: string[],
) {
  return withTenant(db, accountId, async (tx) => {
    const [bot] = await tx
      .select()
      .from(chatbots)
      .where(and(eq(chatbots.accountId, accountId), eq(chatbots.id, chatbotId)))
      .for('update');
    if (!bot) return undefined;
    const [last] = await tx
      .select({ version: chatbotVersions.version, document: chatbotVersions.document })
      .from(chatbotVersions)
      .where(eq(chatbotVersions.chatbotId, chatbotId))
      .orderBy(desc(chatbotVersions.version))
      .limit(1);
    const version = (last?.version ?? 0) + 1;
    const now = new Date();
    await tx.insert(chatbotVersions).values({
      accountId,
      chatbotId,
      version,
      document,
      summary: summaryOf(last?.document ?? null),
      publishedBy,
      publishedAt: now,
    });
    await setLiveChannels(tx, accountId, chatbotId, channelIds);
    const [row] = await tx
      .update(chatbots)
      .set({ status: 'published', publishedVersion: version, publishedAt: now, updatedAt: now })
      .where(eq(chatbots.id, chatbotId))
      .returning();
    return row;
  });
}

export function listVersionRows(db: TDb, accountId: string, chatbotId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select({
        version: chatbotVersions.version,
        publishedAt: chatbotVersions.publishedAt,
        summary: chatbotVersions.summary,
        publishedById: chatbotVersions.publishedBy,
        publishedByName: users.name,
      })
      .from(chatbotVersions)
      .leftJoin(users, eq(users.id, chatbotVersions.publishedBy))
      .where(and(eq(chatbotVersions.accountId, accountId), eq(chatbotVersions.chatbotId, chatbotId)))
      .orderBy(desc(chatbotVersions.version)),
  );
}

export function findVersionDocument(db: TDb, accountId: string, chatbotId: string, version: number) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ document: chatbotVersions.document })
      .from(chatbotVersions)
      .where(
        and(
          eq(chatbotVersions.accountId, accountId),
          eq(chatbotVersions.chatbotId, chatbotId),
          eq(chatbotVersions.version, version),
        ),
      );
    return row?.document;
  });
}

/** The published bot answering on a channel, with its live version. */
export function findLiveBotOfChannel(db: TDb, accountId: string, channelId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await liveBotOfChannel(tx, { accountId, channelId });
    return row?.bot;
  });
}

/** The draft a test visitor's conversation runs (undefined: not a test visitor). */
export function findTestVisitor(db: TDb, accountId: string, contactId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await testVisitor(tx, { accountId, contactId });
    return row as { chatbotId: string; document: TFlowDocument } | undefined;
  });
}

/** findTestVisitor's statement (builtOnce: read when a conversation's first message comes). */
const testVisitor = builtOnce((tx, p: TPlaceholders<{ accountId: string; contactId: string }>) =>
  tx
    .select({ chatbotId: chatbotTestVisitors.chatbotId, document: chatbotTestVisitors.document })
    .from(chatbotTestVisitors)
    .where(
      and(
        eq(chatbotTestVisitors.accountId, p('accountId')),
        eq(chatbotTestVisitors.contactId, p('contactId')),
      ),
    ),
);

/** findLiveBotOfChannel's statement (builtOnce: read when a conversation's first message comes). */
const liveBotOfChannel = builtOnce((tx, p: TPlaceholders<{ accountId: string; channelId: string }>) =>
  tx
    .select({ bot: chatbots })
    .from(chatbotChannels)
    .innerJoin(chatbots, eq(chatbots.id, chatbotChannels.chatbotId))
    .where(and(eq(chatbotChannels.accountId, p('accountId')), eq(chatbotChannels.channelId, p('channelId')))),
);

export function findPageRow(db: TDb, accountId: string, chatbotId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(chatbotPages)
      .where(and(eq(chatbotPages.accountId, accountId), eq(chatbotPages.chatbotId, chatbotId)));
    return row;
  });
}

export function upsertPageRow(
  db: TDb,
  accountId: string,
  values: Omit<typeof chatbotPages.$inferInsert, 'accountId'>,
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(chatbotPages)
      .values({ ...values, accountId })
      .onConflictDoUpdate({ target: chatbotPages.chatbotId, set: { ...values, updatedAt: new Date() } })
      .returning();
    return row;
  });
}

export function botsByIds(db: TDb, accountId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as TChatbotRow[]);
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(chatbots)
      .where(and(eq(chatbots.accountId, accountId), inArray(chatbots.id, ids))),
  );
}
