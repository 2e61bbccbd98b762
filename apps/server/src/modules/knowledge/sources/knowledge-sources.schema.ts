import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from '../../../platform/db/columns';
import { accounts } from '../../accounts/accounts.schema';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What an account's (or one chatbot's) AI answers come from: an uploaded file (bytes kept until
 * re-training), a FAQ pair, a markdown text or a web page (its address in `content`, fetched again
 * at each training); status not_trained → training → trained | failed.
 */
export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id'),
    kind: text('kind').notNull().$type<'file' | 'faq' | 'markdown' | 'url'>(),
    name: text('name').notNull(),
    fileType: text('file_type'),
    size: integer('size').notNull().default(0),
    data: bytea('data'),
    content: text('content'),
    answer: text('answer'),
    status: text('status').notNull().default('not_trained').$type<TSourceStatus>(),
    errorCode: text('error_code'),
    pages: integer('pages').notNull().default(0),
    chunks: integer('chunks').notNull().default(0),
    trainedAt: tsColumn('trained_at'),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('knowledge_sources_account_idx').on(t.accountId, t.chatbotId)],
);
export type TSourceStatus = 'not_trained' | 'training' | 'trained' | 'failed';

/** A searchable piece of a source, with the page/section it cites; tsv is generated (0028). */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    page: integer('page'),
    section: text('section'),
    body: text('body').notNull(),
    /** The chunk's embedding when the AI provider offers /embeddings (ranked with the text rank). */
    embedding: real('embedding').array(),
    tsv: tsvector('tsv').generatedAlwaysAs(
      sql`to_tsvector('portuguese'::regconfig, public.contacts_fold(coalesce(section, '') || ' ' || body)) || to_tsvector('english'::regconfig, public.contacts_fold(coalesce(section, '') || ' ' || body))`,
    ),
  },
  (t) => [
    index('knowledge_chunks_source_idx').on(t.sourceId, t.ordinal),
    index('knowledge_chunks_account_idx').on(t.accountId),
  ],
);
