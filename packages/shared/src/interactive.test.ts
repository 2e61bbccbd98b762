import { describe, expect, it } from 'vitest';
import { matchInteractiveOption, numberedOptionsText, ZInteractive } from './schemas/interactive';

const options = [
  { id: 'sales', title: 'Vendas' },
  { id: 'support', title: 'Suporte técnico' },
  { id: 'billing', title: 'Financeiro' },
];

describe('interactive options', () => {
  it('writes the options as numbered lines under the text, with header and footer', () => {
    expect(
      numberedOptionsText('Com quem quer falar?', { options, header: 'Atende', footer: 'Responda o número' }),
    ).toBe(
      'Atende\n\nCom quem quer falar?\n\n1. Vendas\n2. Suporte técnico\n3. Financeiro\n\nResponda o número',
    );
  });

  it('reads the option a customer picked: the reported reply, the number, or the title without case or accents', () => {
    expect(matchInteractiveOption({ reply: { id: 'billing', title: 'x' } }, options)?.id).toBe('billing');
    expect(matchInteractiveOption({ text: '2' }, options)?.id).toBe('support');
    expect(matchInteractiveOption({ text: ' 3. ' }, options)?.id).toBe('billing');
    expect(matchInteractiveOption({ text: 'suporte TECNICO!' }, options)?.id).toBe('support');
  });

  it('reads nothing from an answer that is none of the options', () => {
    expect(matchInteractiveOption({ text: '4' }, options)).toBeUndefined();
    expect(matchInteractiveOption({ text: '0' }, options)).toBeUndefined();
    expect(matchInteractiveOption({ text: 'quero falar de vendas' }, options)).toBeUndefined();
    expect(matchInteractiveOption({ text: '' }, options)).toBeUndefined();
  });

  it('refuses a message without options or with more than 50', () => {
    expect(ZInteractive.safeParse({ options: [] }).success).toBe(false);
    const many = Array.from({ length: 51 }, (_, i) => ({ id: `o${i}`, title: `Opção ${i}` }));
    expect(ZInteractive.safeParse({ options: many }).success).toBe(false);
  });
});
