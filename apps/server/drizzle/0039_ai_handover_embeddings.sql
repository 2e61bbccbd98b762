-- AI bots (issue 15): one list of hand-over words. An AI bot's exact-match words of its basic
-- settings (handover_keywords) join its AI hand-over words (ai_settings.customKeywords, matched
-- anywhere in the message), without repeating one already there or among the words that ask for a
-- person (personKeywords, or their defaults), at most 30; handover_keywords is left empty.
UPDATE chatbots b
   SET ai_settings = jsonb_set(
         b.ai_settings,
         '{customKeywords}',
         (SELECT coalesce(jsonb_agg(m.k ORDER BY m.o), '[]'::jsonb)
            FROM (SELECT k, min(o) AS o
                    FROM (SELECT value AS k, ord AS o
                            FROM jsonb_array_elements_text(coalesce(b.ai_settings -> 'customKeywords', '[]'::jsonb))
                                 WITH ORDINALITY AS c(value, ord)
                          UNION ALL
                          SELECT lower(btrim(value)), 1000 + ord
                            FROM jsonb_array_elements_text(b.handover_keywords) WITH ORDINALITY AS h(value, ord)
                           WHERE btrim(value) <> ''
                             AND lower(btrim(value)) NOT IN (
                               SELECT jsonb_array_elements_text(coalesce(
                                 b.ai_settings -> 'personKeywords',
                                 '["atendente","humano","pessoa","falar com alguém","agent","human","person","representative"]'::jsonb))
                             )) AS u
                   GROUP BY k
                   ORDER BY min(o)
                   LIMIT 30) AS m)),
       handover_keywords = '[]'::jsonb
 WHERE b.type = 'ai' AND b.handover_keywords <> '[]'::jsonb;
--> statement-breakpoint
-- Knowledge chunks' embedding vectors (when the AI provider offers /embeddings), ranked in the
-- server with the full-text rank (no pgvector needed); null: lexical ranking only.
ALTER TABLE knowledge_chunks ADD COLUMN embedding real[];
