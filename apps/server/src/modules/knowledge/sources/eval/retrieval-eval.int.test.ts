import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../testing/fixtures';
import { startTestApp, type TTestApp } from '../../../../testing/test-app';
import { evalQuestions, evaluateRetrieval, loadEvalKnowledgeBase } from './retrieval-eval';

/**
 * Retrieval quality on the project's evaluation set (a fictional store's knowledge base and pt-BR
 * questions with their expected source), with the built-in retrieval and no model: the expected
 * source is among the top 5 passages' sources for at least 85% of the questions, on both engines.
 * (The ai-knowledge benchmark prints the same figure as hit_at_5.)
 */
let ctx: TTestApp;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx?.close());

describe('retrieval evaluation set', { timeout: 120_000 }, () => {
  it('has at least 60 pt-BR questions, each naming a source of its knowledge base', async () => {
    const questions = evalQuestions();
    expect(questions.length).toBeGreaterThanOrEqual(60);
    const documents = readdirSync(new URL('./kb', import.meta.url));
    for (const { q, source } of questions) {
      expect(q.trim().length, q).toBeGreaterThan(5);
      if (!source.startsWith('faq:')) expect(documents, q).toContain(source);
    }
  });

  it('finds the expected source in the top 5 for at least 85% of the questions', async () => {
    const owner = await signUp(ctx);
    const db = ctx.app.platform.database.db;
    const keys = await loadEvalKnowledgeBase(db, owner.accountId);
    expect(new Set(keys.values())).toEqual(new Set(evalQuestions().map((q) => q.source)));
    const result = await evaluateRetrieval(db, owner.accountId, keys);
    expect(result.questions).toBe(evalQuestions().length);
    expect(result.hitAt5, JSON.stringify(result.misses, null, 1)).toBeGreaterThanOrEqual(0.85);
    // Another account asking the same questions sees none of it.
    const other = await signUp(ctx);
    const foreign = await evaluateRetrieval(db, other.accountId, keys);
    expect(foreign.hitAt5).toBe(0);
  });
});
