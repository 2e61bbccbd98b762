import { sql } from 'drizzle-orm';
import type { TLang } from '@atende/shared';
import { rowsOf, type TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { HELP_ARTICLES } from './help-articles';

import type { TKnowledgeHit } from '../../platform/ai/ai.types';

export type { TKnowledgeHit };

/**
 * PostgreSQL full-text search over the account's own knowledge (its notes, 'portuguese'
 * configuration, GIN-indexed) and Atende's help texts in the user's language. The question's
 * lexemes are OR-ed, so a hit needs one shared word; only the hits sharing as many of the
 * question's words as the best one are kept (asked about "horário de atendimento", a note on the
 * hours no longer came with help passages that only say "atendimento"); ts_rank_cd orders them.
 */
export function searchKnowledge(
  db: TDb,
  accountId: string,
  question: string,
  lang: TLang,
  limit = 3,
): Promise<TKnowledgeHit[]> {
  const helpConfig = lang === 'en' ? 'english' : 'portuguese';
  const articles = JSON.stringify(HELP_ARTICLES[lang]);
  return withTenant(db, accountId, async (tx) => {
    const result = await tx.execute(sql`
      with words as (
        select tsvector_to_array(to_tsvector('portuguese'::regconfig, ${question})) as pt,
               tsvector_to_array(to_tsvector(${helpConfig}::regconfig, ${question})) as help
      ),
      q as (
        select words.pt as pt_words, words.help as help_words,
          (select to_tsquery('simple', string_agg(quote_literal(w), ' | ')) from unnest(words.pt) w) as pt,
          (select to_tsquery('simple', string_agg(quote_literal(w), ' | ')) from unnest(words.help) w) as help
        from words
      ),
      notes as (
        select n.title, n.body, to_tsvector('portuguese'::regconfig, n.title || ' ' || n.body) as doc
          from knowledge_notes n, q
         where n.account_id = ${accountId}
           and to_tsvector('portuguese'::regconfig, n.title || ' ' || n.body) @@ q.pt
      ),
      help as (
        select a.title, a.body, to_tsvector(${helpConfig}::regconfig, a.title || ' ' || a.body) as doc
          from jsonb_to_recordset(${articles}::jsonb) as a(title text, body text), q
         where to_tsvector(${helpConfig}::regconfig, a.title || ' ' || a.body) @@ q.help
      ),
      hits as (
        select 'note' as source, n.title, n.body, ts_rank_cd(n.doc, q.pt) as rank,
               (select count(*) from unnest(q.pt_words) w
                 where n.doc @@ to_tsquery('simple', quote_literal(w))) as words
          from notes n, q
        union all
        select 'help', h.title, h.body, ts_rank_cd(h.doc, q.help),
               (select count(*) from unnest(q.help_words) w
                 where h.doc @@ to_tsquery('simple', quote_literal(w)))
          from help h, q
      )
      select source, title, body, rank from hits
       where words = (select max(words) from hits)
       order by rank desc, source desc limit ${limit}`);
    return rowsOf<TKnowledgeHit>(result).map((r) => ({ ...r, rank: Number(r.rank) }));
  });
}
