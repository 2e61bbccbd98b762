import { and, desc, eq } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { knowledgeNotes } from './knowledge.schema';

export type TNoteRow = typeof knowledgeNotes.$inferSelect;

export function listNotes(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(knowledgeNotes)
      .where(eq(knowledgeNotes.accountId, accountId))
      .orderBy(desc(knowledgeNotes.createdAt)),
  );
}

export function insertNote(
  db: TDb,
  accountId: string,
  note: { title: string; body: string; createdBy: string },
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(knowledgeNotes)
      .values({ ...note, accountId })
      .returning();
    return row;
  });
}

export function deleteNote(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .delete(knowledgeNotes)
      .where(and(eq(knowledgeNotes.accountId, accountId), eq(knowledgeNotes.id, id)))
      .returning({ id: knowledgeNotes.id });
    return rows.length > 0;
  });
}
