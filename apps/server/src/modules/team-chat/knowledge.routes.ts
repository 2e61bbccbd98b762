import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZKnowledgeNoteBody, zUuid } from '@atende/shared';
import { list, ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireTenant } from '../../platform/tenancy';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai'];
  const db = () => app.platform.database.db;
  const querystring = z.object({ acc: zUuid });

  r.get(
    '/p/ai/knowledge',
    { preHandler: requireTenant('operator'), schema: { tags, querystring } },
    async (request) => {
      const rows = await listNotes(db(), request.tenant!.accountId);
      return list(rows.map(present), rows.length);
    },
  );

  r.post(
    '/p/ai/knowledge',
    { preHandler: requireTenant('admin'), schema: { tags, querystring, body: ZKnowledgeNoteBody } },
    async (request) =>
      ok(
        present(
          await insertNote(db(), request.tenant!.accountId, { ...request.body, createdBy: request.userId! }),
        ),
      ),
  );

  r.delete(
    '/p/ai/knowledge/:id',
    { preHandler: requireTenant('admin'), schema: { tags, querystring, params: z.object({ id: zUuid }) } },
    async (request) => {
      if (!(await deleteNote(db(), request.tenant!.accountId, request.params.id)))
        throw new AppError('KNOWLEDGE_NOTE_NOT_FOUND');
      return ok({ _id: request.params.id });
    },
  );
}
