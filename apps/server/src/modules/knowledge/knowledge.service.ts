import type { TKnowledgeNote } from '@atende/shared';
import type { TKnowledgeSearch } from '../../platform/ai/ai.types';
import type { TDb } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { searchKnowledge } from './knowledge-search';
import { deleteNote, insertNote, listNotes, type TNoteRow } from './knowledge.repo';

const present = (n: TNoteRow): TKnowledgeNote => ({
  _id: n.id,
  acc: n.accountId,
  title: n.title,
  body: n.body,
  createdBy: n.createdBy,
  createdAt: n.createdAt.toISOString(),
});

/** The account's knowledge notes (admins write them) and the search the built-in assistant answers from. */
export class KnowledgeService {
  constructor(private readonly db: TDb) {}

  readonly search: TKnowledgeSearch = (accountId, question, lang, limit) =>
    searchKnowledge(this.db, accountId, question, lang, limit);

  async list(accountId: string) {
    const rows = await listNotes(this.db, accountId);
    return { items: rows.map(present), count: rows.length };
  }

  async add(accountId: string, createdBy: string, note: { title: string; body: string }) {
    return present(await insertNote(this.db, accountId, { ...note, createdBy }));
  }

  async remove(accountId: string, id: string) {
    if (!(await deleteNote(this.db, accountId, id))) throw new AppError('KNOWLEDGE_NOTE_NOT_FOUND');
    return { _id: id };
  }
}
