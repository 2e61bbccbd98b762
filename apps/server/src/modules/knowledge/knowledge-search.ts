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
 * lexemes are OR-ed, so a hit needs one shared word; ts_rank_cd orders the hits.
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
      with q as (
        select
          (select to_tsquery('simple', string_agg(quote_literal(lexeme), ' | '))
             from unnest(to_tsvector('portuguese'::regconfig, ${question}))) as pt,
          (select to_tsquery('simple', string_agg(quote_literal(lexeme), ' | '))
             from unnest(to_tsvector(${helpConfig}::regconfig, ${question}))) as help
      ),
      hits as (
        select 'note' as source, n.title, n.body,
               ts_rank_cd(to_tsvector('portuguese'::regconfig, n.title || ' ' || n.body), q.pt) as rank
          from knowledge_notes n, q
         where n.account_id = ${accountId}
           and to_tsvector('portuguese'::regconfig, n.title || ' ' || n.body) @@ q.pt
        union all
        select 'help', a.title, a.body,
               ts_rank_cd(to_tsvector(${helpConfig}::regconfig, a.title || ' ' || a.body), q.help)
          from jsonb_to_recordset(${articles}::jsonb) as a(title text, body text), q
         where to_tsvector(${helpConfig}::regconfig, a.title || ' ' || a.body) @@ q.help
      )
      select source, title, body, rank from hits order by rank desc, source desc limit ${limit}`);
    return rowsOf<TKnowledgeHit>(result).map((r) => ({ ...r, rank: Number(r.rank) }));
  });
}
