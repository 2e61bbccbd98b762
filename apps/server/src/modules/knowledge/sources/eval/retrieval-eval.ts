import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TDb } from '../../../../platform/db/client';
import { withTenant } from '../../../../platform/db/tenant';
import type { Jobs } from '../../../../platform/jobs';
import { insertSource, searchChunks } from '../knowledge-sources.repo';
import { KnowledgeSourcesService } from '../knowledge-sources.service';

/**
 * The project's retrieval evaluation set: the knowledge base of a fictional furniture store (Casa
 * Aurora: markdown documents in kb/ and FAQ pairs in faq.json) and pt-BR customer questions, each
 * with the source that answers it (questions.json: a document's file name, or `faq:<id>`). Asked
 * with the built-in retrieval (no model), a question is a hit at k when its source is among the
 * sources of the top k passages. Used by the ai-knowledge benchmark (hit_at_5) and its test.
 */
const DIR = fileURLToPath(new URL('.', import.meta.url));

export interface TEvalQuestion {
  q: string;
  source: string;
}

interface TEvalFaq {
  id: string;
  question: string;
  answer: string;
}

export function evalQuestions(): TEvalQuestion[] {
  return JSON.parse(readFileSync(join(DIR, 'questions.json'), 'utf8'));
}

/** Loads the knowledge base into the account and trains it; returns source id → evaluation key. */
export async function loadEvalKnowledgeBase(db: TDb, accountId: string): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  const documents = readdirSync(join(DIR, 'kb')).filter((f) => f.endsWith('.md'));
  const faqs: TEvalFaq[] = JSON.parse(readFileSync(join(DIR, 'faq.json'), 'utf8'));
  await withTenant(db, accountId, async (tx) => {
    for (const file of documents.sort()) {
      const text = readFileSync(join(DIR, 'kb', file), 'utf8');
      const row = await insertSource(tx, {
        accountId,
        kind: 'markdown',
        name: file,
        content: text,
        size: Buffer.byteLength(text),
      });
      keys.set(row.id, file);
    }
    for (const faq of faqs) {
      const row = await insertSource(tx, {
        accountId,
        kind: 'faq',
        name: faq.question,
        content: faq.question,
        answer: faq.answer,
        size: Buffer.byteLength(faq.question + faq.answer),
      });
      keys.set(row.id, `faq:${faq.id}`);
    }
  });
  // Training is the service's own (extract → chunk → index); it queues nothing.
  const service = new KnowledgeSourcesService(db, {} as Jobs);
  for (const sourceId of keys.keys()) await service.train({ accountId, sourceId });
  return keys;
}

export interface TEvalResult {
  questions: number;
  hitAt1: number;
  hitAt5: number;
  /** Mean reciprocal rank of the expected source among the top 5 passages' sources. */
  mrr: number;
  misses: Array<{ q: string; expected: string; got: string[] }>;
}

/** Asks every question (top 5 passages) and scores where the expected source comes. */
export async function evaluateRetrieval(
  db: TDb,
  accountId: string,
  keys: Map<string, string>,
): Promise<TEvalResult> {
  const questions = evalQuestions();
  let hit1 = 0;
  let hit5 = 0;
  let rr = 0;
  const misses: TEvalResult['misses'] = [];
  for (const { q, source } of questions) {
    const rows = await searchChunks(db, accountId, null, q, 5);
    const got = [...new Set(rows.map((r) => keys.get(r.sourceId) ?? r.sourceName))];
    const rank = got.indexOf(source);
    if (rank === 0) hit1++;
    if (rank >= 0) {
      hit5++;
      rr += 1 / (rank + 1);
    } else misses.push({ q, expected: source, got });
  }
  const n = questions.length;
  const round = (x: number) => Math.round((x / n) * 1000) / 1000;
  return { questions: n, hitAt1: round(hit1), hitAt5: round(hit5), mrr: round(rr), misses };
}
