import { describe, expect, it } from 'vitest';
import { whatsappInteractivePayload } from './whatsapp-interactive';

const opts = (n: number, title = (i: number) => `Opção ${i + 1}`) =>
  Array.from({ length: n }, (_, i) => ({ id: `o${i + 1}`, title: title(i) }));

describe('WhatsApp interactive payloads', () => {
  it('sends up to 3 short options as reply buttons', () => {
    expect(whatsappInteractivePayload('Escolha', { options: opts(3), footer: 'Atende' })).toEqual({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Escolha' },
        footer: { text: 'Atende' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'o1', title: 'Opção 1' } },
            { type: 'reply', reply: { id: 'o2', title: 'Opção 2' } },
            { type: 'reply', reply: { id: 'o3', title: 'Opção 3' } },
          ],
        },
      },
    });
  });

  it('sends 4 to 10 options, or titles too long for a button, as a list with its button label', () => {
    const list = whatsappInteractivePayload('Escolha', {
      options: opts(10),
      listButton: 'Ver opções',
    }) as any;
    expect(list.interactive.type).toBe('list');
    expect(list.interactive.action.button).toBe('Ver opções');
    expect(list.interactive.action.sections[0].rows).toHaveLength(10);
    const long = whatsappInteractivePayload('Escolha', {
      options: [{ id: 'a', title: 'Quero falar com o financeiro sobre boletos' }],
    }) as any;
    expect(long.interactive.type).toBe('list');
    expect(long.interactive.action.sections[0].rows[0]).toEqual({
      id: 'a',
      title: 'Quero falar com o finan…',
      description: 'Quero falar com o financeiro sobre boletos',
    });
  });

  it('sends more than 10 options as numbered text', () => {
    const payload = whatsappInteractivePayload('Nota de 0 a 10?', {
      options: opts(11, (i) => String(i)),
    }) as any;
    expect(payload.type).toBe('text');
    expect(payload.text.body).toBe(
      `Nota de 0 a 10?\n\n${Array.from({ length: 11 }, (_, i) => `${i + 1}. ${i}`).join('\n')}`,
    );
  });

  it("cuts the body to Meta's 1,024 characters", () => {
    const payload = whatsappInteractivePayload('a'.repeat(2000), { options: opts(2) }) as any;
    expect([...payload.interactive.body.text]).toHaveLength(1024);
  });
});
