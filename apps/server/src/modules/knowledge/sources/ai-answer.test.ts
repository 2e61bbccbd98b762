import { describe, expect, it } from 'vitest';
import { answerMessages, customerReply, KNOWLEDGE_GUARDRAILS } from './ai-answer';

describe('AI answers of the knowledge base', () => {
  it('labels a retrieved passage as found in the knowledge base, with its source, in the language', () => {
    const answer = {
      kind: 'retrieved' as const,
      text: 'O frete é grátis acima de 200 reais.',
      source: { sourceName: 'politica.pdf', page: 2, section: null },
    };
    expect(customerReply(answer, 'pt-BR')).toBe(
      'Encontrei isto na nossa base de conhecimento:\n\nO frete é grátis acima de 200 reais.\n\nFonte: politica.pdf, página 2',
    );
    expect(customerReply(answer, 'en')).toBe(
      'I found this in our knowledge base:\n\nO frete é grátis acima de 200 reais.\n\nSource: politica.pdf, page 2',
    );
  });

  it("sends a model's answer as written and nothing when nothing matched (hand over)", () => {
    expect(customerReply({ kind: 'generated', text: 'Sim!', source: null }, 'pt-BR')).toBe('Sim!');
    expect(customerReply({ kind: 'none', text: null, source: null }, 'pt-BR')).toBeNull();
  });

  it('gives the model the guardrails, the numbered passages with their citation, and the question', () => {
    const messages = answerMessages('Tem garantia?', [
      { sourceName: 'Garantia', page: null, section: 'Prazos', text: '12 meses.' },
      { sourceName: 'manual.pdf', page: 3, section: null, text: 'Guarde a nota.' },
    ]);
    expect(messages).toEqual([
      {
        role: 'system',
        content: `${KNOWLEDGE_GUARDRAILS}\n\nKnowledge base passages:\n[1] (Garantia, Prazos)\n12 meses.\n\n[2] (manual.pdf, page 3)\nGuarde a nota.`,
      },
      { role: 'user', content: 'Tem garantia?' },
    ]);
  });
});
