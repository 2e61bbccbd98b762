// npm run bench -- ai-knowledge: ingest_pages_per_s — text extraction + chunking of a generated
// 200-page PDF (goal ≥ 20); retrieval_p95_ms — the knowledge base search for a question with
// 10,000 trained chunks in the account (60 words each from a 5,000-word vocabulary plus one of 28
// topic words, so a topic word is in about 3.5% of them), on PostgreSQL (goal ≤ 50). One client, no HTTP.
// hit_at_5 — the project's evaluation set (knowledge/sources/eval: a fictional store's documents and
// FAQ, 68 pt-BR questions with the source that answers each): the share of questions whose source
// is among the top 5 passages of the built-in retrieval, no model (goal ≥ 0.85).
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../apps/server/src/platform/db/client';
import { runMigrations } from '../apps/server/src/platform/db/migrate';
import { chunkText } from '../apps/server/src/modules/knowledge/sources/chunk-text';
import {
  evaluateRetrieval,
  loadEvalKnowledgeBase,
} from '../apps/server/src/modules/knowledge/sources/eval/retrieval-eval';
import { extractText } from '../apps/server/src/modules/knowledge/sources/extract-text';
import { searchChunks } from '../apps/server/src/modules/knowledge/sources/knowledge-sources.repo';
import { tinyPdf } from '../apps/server/src/modules/knowledge/sources/knowledge-sources.testing';
import { BENCH_DATABASE_URL, emit, ensureBenchDatabase, load, percentile, round } from './_support';

const PAGES = 200;
const CHUNKS = 10_000;
const ACCOUNT = '0195f000-0000-7000-8000-00000000a1a1';
const SOURCE = '0195f000-0000-7000-8000-00000000a1a2';
const EVAL_ACCOUNT = '0195f000-0000-7000-8000-00000000a1a3';
const TOPICS = words(`entrega frete troca devolucao pagamento pix boleto cartao parcela garantia prazo loja
  horario endereco cupom desconto pedido cancelamento reembolso estoque tamanho cor produto nota fiscal`);
function words(s: string) {
  return s.split(/\s+/).filter(Boolean);
}
const line = (i: number) =>
  `${Array.from({ length: 30 }, (_, k) => TOPICS[(i * 7 + k * 3) % TOPICS.length]).join(' ')} item ${i}`;

// Ingest: extraction and chunking of a 200-page PDF.
const pdf = tinyPdf(Array.from({ length: PAGES }, (_, i) => line(i)));
const started = performance.now();
const extracted = await extractText('pdf', pdf);
const chunks = chunkText(extracted.parts);
const ingestSeconds = (performance.now() - started) / 1000;
emit({
  bench: 'ai-knowledge',
  metric: 'ingest_pages_per_s',
  value: round(extracted.pages / ingestSeconds),
  pages: extracted.pages,
  chunks: chunks.length,
  goal: '>= 20',
});

// Retrieval at 10,000 chunks in the account.
await ensureBenchDatabase();
const database = await openDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 2 });
await runMigrations(database);
const db = database.db;
await db.execute(sql`insert into accounts (id, name) values (${ACCOUNT}, 'Bench AI') on conflict do nothing`);
await db.execute(sql`insert into knowledge_sources (id, account_id, kind, name, status)
  values (${SOURCE}, ${ACCOUNT}, 'markdown', 'bench', 'trained') on conflict do nothing`);
const [{ n }] = rowsOf<{ n: number }>(
  await db.execute(sql`select count(*)::int as n from knowledge_chunks where source_id = ${SOURCE}`),
);
if (n !== CHUNKS || process.env.BENCH_REBUILD) {
  await db.execute(sql`delete from knowledge_chunks where source_id = ${SOURCE}`);
  await db.execute(sql`insert into knowledge_chunks (id, account_id, source_id, ordinal, page, body)
    select gen_random_uuid(), ${ACCOUNT}, ${SOURCE}, g, g / 5,
           t[1 + g % array_length(t, 1)] || ' ' ||
           (select string_agg('termo' || ((g * 31 + k * 97) % 5000), ' ') from generate_series(1, 60) k)
           || ' item ' || g
      from generate_series(1, ${CHUNKS}) g,
           (select ${`{${TOPICS.join(',')}}`}::text[] as t) topics`);
  await db.execute(sql`analyze knowledge_chunks`);
}
const questions = [
  'Qual o prazo de entrega?',
  'Como faço a troca do produto?',
  'Aceitam pix ou boleto?',
  'Tem garantia?',
];
let q = 0;
const run = await load(1, 5, async () => {
  await searchChunks(db, ACCOUNT, null, questions[q++ % questions.length], 5);
});
emit({
  bench: 'ai-knowledge',
  metric: 'retrieval_p95_ms',
  value: round(percentile(run.latencies, 95)),
  p50_ms: round(percentile(run.latencies, 50)),
  chunks: CHUNKS,
  queries: run.latencies.length,
  errors: run.errors,
  goal: '<= 50',
});

// Retrieval quality on the evaluation set (its own account, loaded and trained afresh).
await db.execute(sql`delete from accounts where id = ${EVAL_ACCOUNT}`);
await db.execute(sql`insert into accounts (id, name) values (${EVAL_ACCOUNT}, 'Bench AI eval')`);
const evaluation = await evaluateRetrieval(db, EVAL_ACCOUNT, await loadEvalKnowledgeBase(db, EVAL_ACCOUNT));
emit({
  bench: 'ai-knowledge',
  metric: 'hit_at_5',
  value: evaluation.hitAt5,
  hit_at_1: evaluation.hitAt1,
  mrr: evaluation.mrr,
  questions: evaluation.questions,
  misses: evaluation.misses.map((m) => `${m.expected}: ${m.q}`),
  goal: '>= 0.85',
});
await db.execute(sql`delete from accounts where id = ${EVAL_ACCOUNT}`);
await database.close();
