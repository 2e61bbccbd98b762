import { and, asc, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../../platform/db/client';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import type { TChunk } from './chunk-text';
import { knowledgeChunks, knowledgeSources } from './knowledge-sources.schema';
import { isUuid } from '../../../platform/db/columns';

export type TSourceRow = typeof knowledgeSources.$inferSelect;
export type TNewSource = typeof knowledgeSources.$inferInsert;

/** Every column but the file's bytes (lists and answers never carry them). */
const { data: _data, ...listColumns } = getTableColumns(knowledgeSources);

const scope = (accountId: string, chatbotId: string | null) =>
  and(
    eq(knowledgeSources.accountId, accountId),
    chatbotId ? eq(knowledgeSources.chatbotId, chatbotId) : isNull(knowledgeSources.chatbotId),
  );

export function listSources(db: TDb, accountId: string, chatbotId: string | null) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select(listColumns)
      .from(knowledgeSources)
      .where(scope(accountId, chatbotId))
      .orderBy(asc(knowledgeSources.createdAt)),
  );
}

export async function countFiles(tx: TTx, accountId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.accountId, accountId), eq(knowledgeSources.kind, 'file')));
  return Number(row.n);
}

export async function insertSource(tx: TTx, source: TNewSource) {
  const [row] = await tx.insert(knowledgeSources).values(source).returning(listColumns);
  return row;
}

export async function findSource(tx: TTx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.accountId, accountId), eq(knowledgeSources.id, id)));
  return row as TSourceRow | undefined;
}

export async function setSourceState(
  tx: TTx,
  accountId: string,
  id: string,
  patch: Partial<
    Pick<TSourceRow, 'status' | 'errorCode' | 'pages' | 'chunks' | 'trainedAt' | 'name' | 'size'>
  >,
) {
  const [row] = await tx
    .update(knowledgeSources)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(knowledgeSources.accountId, accountId), eq(knowledgeSources.id, id)))
    .returning(listColumns);
  return row;
}

export async function deleteSource(tx: TTx, accountId: string, id: string) {
  const rows = await tx
    .delete(knowledgeSources)
    .where(and(eq(knowledgeSources.accountId, accountId), eq(knowledgeSources.id, id)))
    .returning({ id: knowledgeSources.id });
  return rows.length > 0;
}

/** Replaces a source's chunks (re-training), in batches. */
export async function replaceChunks(
  tx: TTx,
  accountId: string,
  sourceId: string,
  chunks: TChunk[],
  /** One unit-length vector per chunk (same order), when the provider offers embeddings. */
  vectors: number[][] | null = null,
) {
  await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.sourceId, sourceId));
  for (let i = 0; i < chunks.length; i += 200) {
    await tx.insert(knowledgeChunks).values(
      chunks.slice(i, i + 200).map((c, k) => ({
        accountId,
        sourceId,
        ordinal: c.ordinal,
        page: c.page,
        section: c.section,
        body: c.text,
        embedding: vectors?.[i + k] ?? null,
      })),
    );
  }
}

export interface TPassageRow {
  sourceId: string;
  sourceName: string;
  kind: 'file' | 'faq' | 'markdown' | 'url';
  answer: string | null;
  page: number | null;
  section: string | null;
  body: string;
  /** The ranking score, 0..1 (text rank, or text rank and cosine together). */
  score: number;
  /** The text rank alone, 0..1 (a chunk found only by its vector: 0). */
  lexical: number;
}

/** How a search is narrowed and ranked beyond the question's words. */
export interface TSearchOptions {
  /** Only these sources (an AI agent block's choice); none: all the bot's and the account's. */
  sourceIds?: string[];
  /**
   * The question's embedding (unit length), when the AI provider offers /embeddings: chunks with a
   * vector of the same size are ranked by text rank and cosine together.
   */
  vector?: number[] | null;
}

/** Weight of the cosine similarity in a hybrid score (the text rank has the rest). */
export const VECTOR_WEIGHT = 0.5;
/** Chunks ranked by their vector alone (no word in common) that a hybrid search considers. */
const VECTOR_CANDIDATES = 20;

/**
 * The account's trained chunks best matching `question` (its words that are a stop word in neither
 * language, OR-ed, accents folded, Portuguese and English stemming), scored 0..1 by ts_rank_cd
 * normalised rank/(rank+1) (`lexical`). With the question's vector, the candidates are the text
 * matches plus the nearest chunks by cosine, scored (1 − w)·lexical + w·max(cosine, 0) (vectors are
 * stored unit length: the cosine is their dot product, computed in the query — no pgvector).
 * Only the account's own rows (its id in the query and row-level security); a chatbot sees its own
 * sources and the account-wide ones.
 */
export function searchChunks(
  db: TDb,
  accountId: string,
  chatbotId: string | null,
  question: string,
  limit: number,
  options: TSearchOptions = {},
): Promise<TPassageRow[]> {
  const only = options.sourceIds?.filter(isUuid);
  if (options.sourceIds && only?.length === 0) return Promise.resolve([]);
  const vector = options.vector?.length ? options.vector : null;
  const scope = sql`c.account_id = ${accountId}
         and s.status = 'trained'
         and (s.chatbot_id is null ${chatbotId ? sql`or s.chatbot_id = ${chatbotId}` : sql``})
         ${
           only?.length
             ? sql`and s.id in (${sql.join(
                 only.map((id) => sql`${id}::uuid`),
                 sql`, `,
               )})`
             : sql``
         }`;
  const query = sql`
      words as (
        select w from regexp_split_to_table(public.contacts_fold(${question}), '[^[:alnum:]]+') as w
         where w <> ''
           -- a stop word of either language (Portuguese "de", English "the") matches everything
           and to_tsvector('portuguese'::regconfig, w) <> ''::tsvector
           and to_tsvector('english'::regconfig, w) <> ''::tsvector
      ),
      q as (
        select to_tsquery('simple', string_agg(distinct quote_literal(lexeme), ' | ')) as query
          from words,
               unnest(to_tsvector('portuguese'::regconfig, w) || to_tsvector('english'::regconfig, w))
      )`;
  return withTenant(db, accountId, async (tx) => {
    const result = vector
      ? await tx.execute(sql`
      with ${query},
      qv as (select ${`{${vector.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}}`}::real[] as v),
      lexical as (
        select c.id, ts_rank_cd(c.tsv, q.query, 32) as lexical
          from knowledge_chunks c
          join knowledge_sources s on s.id = c.source_id and s.account_id = c.account_id, q
         where ${scope} and q.query is not null and c.tsv @@ q.query
      ),
      near as (
        select c.id
          from knowledge_chunks c
          join knowledge_sources s on s.id = c.source_id and s.account_id = c.account_id, qv
         where ${scope} and array_length(c.embedding, 1) = ${vector.length}
         order by (select sum(a * b) from unnest(c.embedding, qv.v) as t(a, b)) desc
         limit ${VECTOR_CANDIDATES}
      ),
      scored as (
        select s.id as "sourceId", s.name as "sourceName", s.kind, s.answer,
               c.page, c.section, c.body, c.ordinal, coalesce(l.lexical, 0) as lexical,
               case when array_length(c.embedding, 1) = ${vector.length}
                    then (select sum(a * b) from unnest(c.embedding, qv.v) as t(a, b)) end as cosine
          from knowledge_chunks c
          join knowledge_sources s on s.id = c.source_id and s.account_id = c.account_id
          left join lexical l on l.id = c.id, qv
         where c.id in (select id from lexical union select id from near)
      )
      select "sourceId", "sourceName", kind, answer, page, section, body, lexical,
             case when cosine is null then lexical
                  else ${1 - VECTOR_WEIGHT} * lexical + ${VECTOR_WEIGHT} * greatest(cosine, 0) end as score
        from scored
       order by score desc, ordinal asc
       limit ${limit}`)
      : await tx.execute(sql`
      with ${query}
      select s.id as "sourceId", s.name as "sourceName", s.kind, s.answer,
             c.page, c.section, c.body, ts_rank_cd(c.tsv, q.query, 32) as score
        from knowledge_chunks c
        join knowledge_sources s on s.id = c.source_id and s.account_id = c.account_id, q
       where ${scope}
         and q.query is not null
         and c.tsv @@ q.query
       order by score desc, c.ordinal asc
       limit ${limit}`);
    return rowsOf<TPassageRow>(result).map((r) => ({
      ...r,
      score: Number(r.score),
      lexical: Number(r.lexical ?? r.score),
    }));
  });
}
