import type { TTemplateStatus } from '@atende/shared';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { channels } from '../channels/channels.schema';
import { messageTemplates } from './templates.schema';

export type TTemplateRow = typeof messageTemplates.$inferSelect;
export type TNewTemplate = Omit<
  typeof messageTemplates.$inferInsert,
  'id' | 'accountId' | 'createdAt' | 'updatedAt'
>;
export type TTemplatePatch = Partial<TNewTemplate>;

export function listTemplateRows(
  db: TDb,
  accountId: string,
  filter: { status?: TTemplateStatus; channelId?: string },
): Promise<TTemplateRow[]> {
  const where: SQL[] = [eq(messageTemplates.accountId, accountId)];
  if (filter.status) where.push(eq(messageTemplates.status, filter.status));
  if (filter.channelId) where.push(eq(messageTemplates.channelId, filter.channelId));
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(messageTemplates)
      .where(and(...where))
      .orderBy(desc(messageTemplates.createdAt))
      .limit(1000),
  );
}

export function findTemplateRow(db: TDb, accountId: string, id: string): Promise<TTemplateRow | undefined> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.id, id)));
    return row;
  });
}

/** The account's live WhatsApp channel (templates belong to one). */
export function findWhatsAppChannel(db: TDb, accountId: string, channelId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(channels)
      .where(
        and(
          eq(channels.accountId, accountId),
          eq(channels.id, channelId),
          eq(channels.kind, 'whatsapp-cloud'),
          isNull(channels.deletedAt),
        ),
      );
    return row;
  });
}

export function listWhatsAppChannels(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(channels)
      .where(
        and(
          eq(channels.accountId, accountId),
          eq(channels.kind, 'whatsapp-cloud'),
          isNull(channels.deletedAt),
        ),
      ),
  );
}

/** Inserts a template; undefined when (channel, name, language) is taken. */
export function insertTemplateRow(db: TDb, accountId: string, values: TNewTemplate & { id: string }) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(messageTemplates)
      .values({ ...values, accountId })
      .onConflictDoNothing()
      .returning();
    return row as TTemplateRow | undefined;
  });
}

export function updateTemplateRow(db: TDb, accountId: string, id: string, patch: TTemplatePatch) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(messageTemplates)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.id, id)))
      .returning();
    return row as TTemplateRow | undefined;
  });
}

/** Deletes the template; `also` runs in the same transaction when it existed. */
export function deleteTemplateRow(
  db: TDb,
  accountId: string,
  id: string,
  also?: (tx: TTx) => Promise<unknown>,
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .delete(messageTemplates)
      .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.id, id)))
      .returning();
    if (row && also) await also(tx);
    return row as TTemplateRow | undefined;
  });
}

/** Whether (name, language) is taken on the channel by another template. */
export function templateNameTaken(
  db: TDb,
  accountId: string,
  channelId: string,
  name: string,
  language: string,
  exceptId?: string,
) {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({ id: messageTemplates.id })
      .from(messageTemplates)
      .where(
        and(
          eq(messageTemplates.channelId, channelId),
          eq(messageTemplates.name, name),
          eq(messageTemplates.language, language),
        ),
      );
    return rows.some((r) => r.id !== exceptId);
  });
}

/** Provider status of a template of the channel (the status-update webhook and the sync). */
export function applyProviderStatus(
  db: TDb,
  accountId: string,
  channelId: string,
  match: { providerTemplateId?: string; name?: string; language?: string },
  status: TTemplateStatus,
  rejectionReason: string | null,
) {
  const by = match.providerTemplateId
    ? eq(messageTemplates.providerTemplateId, match.providerTemplateId)
    : and(eq(messageTemplates.name, match.name ?? ''), eq(messageTemplates.language, match.language ?? ''));
  return withTenant(db, accountId, (tx) =>
    tx
      .update(messageTemplates)
      .set({
        status,
        rejectionReason,
        ...(match.providerTemplateId ? { providerTemplateId: match.providerTemplateId } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.channelId, channelId), by))
      .returning(),
  );
}
