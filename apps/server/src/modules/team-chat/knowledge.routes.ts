import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZKnowledgeNote, ZKnowledgeNoteBody, zUuid } from '@atende/shared';
import { okOf, zList } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { tenantRoutes } from '../../platform/tenant-route';
import { deleteNote, insertNote, listNotes, type TNoteRow } from './settings.repo';

const present = (n: TNoteRow) => ({
  _id: n.id,
  acc: n.accountId,
  title: n.title,
  body: n.body,
  createdBy: n.createdBy,
  createdAt: n.createdAt.toISOString(),
});

/** p/ai/knowledge: the account's notes that the built-in assistant searches (admins write them). */
export async function knowledgeRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['ai']);
  const db = () => app.platform.database.db;

  route.get(
    '/p/ai/knowledge',
    { role: 'operator', response: okOf(zList(ZKnowledgeNote)) },
    async ({ tenant }) => {
      const rows = await listNotes(db(), tenant.accountId);
      return { items: rows.map(present), count: rows.length };
    },
  );

  route.post(
    '/p/ai/knowledge',
    { role: 'admin', body: ZKnowledgeNoteBody, response: okOf(ZKnowledgeNote) },
    async ({ tenant, body }) =>
      present(await insertNote(db(), tenant.accountId, { ...body, createdBy: tenant.userId })),
  );

  route.delete(
    '/p/ai/knowledge/:id',
    { role: 'admin', params: z.object({ id: zUuid }), response: okOf(z.object({ _id: z.string() })) },
    async ({ tenant, params }) => {
      if (!(await deleteNote(db(), tenant.accountId, params.id)))
        throw new AppError('KNOWLEDGE_NOTE_NOT_FOUND');
      return { _id: params.id };
    },
  );
}
