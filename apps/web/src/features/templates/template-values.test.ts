import { ZTemplateBody } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { nextVariable, templateBody, templateName, templateValues } from './template-values';

const CHANNEL = '0190aaaa-0000-7000-8000-0000000000d1';

describe('template form values', () => {
  it("names follow Meta's rule while typing", () => {
    expect(templateName('Pedido Confirmado-2')).toBe('pedido_confirmado_2');
    expect(templateName('Promoção de Verão!')).toBe('promocao_de_verao');
  });

  it('variables are numbered in order and examples follow the text', () => {
    expect(nextVariable('Olá')).toBe('{{1}}');
    expect(nextVariable('Olá {{1}}, seu pedido {{2}}')).toBe('{{3}}');
    const values = {
      ...templateValues(null, CHANNEL, 'pt-BR'),
      name: 'pedido',
      body: 'Olá {{1}}, seu pedido {{2}} saiu.',
      examples: { body: ['Maria', '#123', 'sobra'], header: [] },
    };
    const body = templateBody(values);
    expect(body.examples.body).toEqual(['Maria', '#123']);
    expect(body.language).toBe('pt_BR');
    expect(ZTemplateBody.safeParse(body).success).toBe(true);
  });

  it('a missing example is refused on its own field', () => {
    const values = { ...templateValues(null, CHANNEL, 'en'), name: 'order', body: 'Hi {{1}}' };
    const parsed = ZTemplateBody.safeParse(templateBody(values));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['examples.body.0', 'required'],
    ]);
  });
});
