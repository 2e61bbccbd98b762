import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { expectSameWhileClosing, withMotion } from '../../../test/closing-dialog';
import { conversation, mockApi, renderInbox } from '../inbox-testing';
import { Composer } from './composer';

type TStatus = { enabled: boolean; model: boolean };

function setUp(status: TStatus, answers: Record<string, unknown> = {}) {
  const api = mockApi((call) => {
    if (call.path === '/p/chat/quick-messages') return { body: [] };
    if (call.path === '/p/chat/ai/status') return { body: status };
    const key = Object.keys(answers).find((suffix) => call.path.endsWith(suffix));
    return key ? { body: answers[key] } : undefined;
  });
  const c = conversation();
  const sent: Array<{ text: string; note: boolean }> = [];
  renderInbox(
    <Composer acc={c.acc} conversation={c} canReply onSend={(text, _f, note) => sent.push({ text, note })} />,
  );
  return { ...api, c, sent };
}

const box = (name = 'Mensagem') => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;

/** Opens the menu once the last AI call is over (the button is busy meanwhile). */
async function openMenu(name = 'Assistente de IA') {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

describe('the composer AI menu', () => {
  it('shows nothing of AI when the account has it off', async () => {
    const { calls } = setUp({ enabled: false, model: true });
    await waitFor(() => expect(calls.some((c) => c.path === '/p/chat/ai/status')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Assistente de IA' })).toBeNull();
  });

  it('inserts a model suggestion into the box, labelled, without sending it', async () => {
    const { calls, c, sent } = setUp(
      { enabled: true, model: true },
      { '/ai/suggest': { kind: 'generated', text: 'O prazo de troca é de 30 dias.', source: null } },
    );
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sugerir resposta' }));
    await waitFor(() => expect(box().value).toBe('O prazo de troca é de 30 dias.'));
    expect(screen.getByTestId('ai-label')).toHaveTextContent(
      'Sugerido pelo modelo de IA — revise antes de enviar.',
    );
    expect(calls.find((x) => x.path.endsWith('/ai/suggest'))?.path).toBe(
      `/p/chat/conversation/${c._id}/ai/suggest`,
    );
    expect(sent).toEqual([]);
    // Emptied by the operator: the label of a text no longer there goes too.
    await userEvent.clear(box());
    expect(screen.queryByTestId('ai-label')).toBeNull();
    await userEvent.type(box(), 'O prazo de troca é de 30 dias.');
    await userEvent.type(box(), ' Posso ajudar?{Enter}');
    expect(sent).toEqual([{ text: 'O prazo de troca é de 30 dias. Posso ajudar?', note: false }]);
    expect(screen.queryByTestId('ai-label')).toBeNull();
  });

  it('searches the knowledge base in the operator’s words and inserts a found passage into the reply', async () => {
    const { calls, sent } = setUp(
      { enabled: true, model: false },
      {
        '/ai/search': {
          items: [
            { kind: 'knowledge', source: 'Garantia', text: 'Os móveis têm garantia de 12 meses.' },
            { kind: 'note', source: 'Horário', text: 'Abrimos às 9h.' },
          ],
        },
      },
    );
    await openMenu('Assistente de IA');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Buscar na base de conhecimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'O que diz a base de conhecimento?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Sua pergunta' }), 'garantia{Enter}');
    const items = await within(dialog).findAllByTestId('kb-search-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Base de conhecimento · Garantia');
    expect(items[1]).toHaveTextContent('Nota · Horário');
    expect(calls.find((x) => x.path === '/p/chat/ai/search')?.body).toEqual({ question: 'garantia' });
    await userEvent.click(within(items[0]).getByRole('button', { name: 'Inserir na resposta' }));
    await waitFor(() => expect(box().value).toBe('Os móveis têm garantia de 12 meses.'));
    expect(screen.getByTestId('ai-label')).toHaveTextContent('Garantia');
    expect(sent).toEqual([]);
  });

  it('improves and translates the draft; the summary goes in as a private note draft', async () => {
    const { calls } = setUp(
      { enabled: true, model: true },
      {
        '/ai/improve': { text: 'Olá! O prazo é de 30 dias.' },
        '/ai/translate': { text: 'Hi! The deadline is 30 days.' },
        '/ai/summary': { text: '- Cliente quer trocar um produto' },
      },
    );
    await userEvent.type(box(), 'oi prazo 30 dia');
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Melhorar rascunho' }));
    await waitFor(() => expect(box().value).toBe('Olá! O prazo é de 30 dias.'));
    expect(calls.find((x) => x.path === '/p/chat/ai/improve')?.body).toEqual({ text: 'oi prazo 30 dia' });

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Traduzir rascunho para inglês' }));
    await waitFor(() => expect(box().value).toBe('Hi! The deadline is 30 days.'));
    expect(calls.find((x) => x.path === '/p/chat/ai/translate')?.body).toEqual({
      text: 'Olá! O prazo é de 30 dias.',
      to: 'en',
    });

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Resumir conversa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resumo da conversa' });
    expect(within(dialog).getByTestId('ai-summary')).toHaveTextContent('- Cliente quer trocar um produto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inserir como nota privada' }));
    await waitFor(() => expect(box('Nota privada').value).toBe('- Cliente quer trocar um produto'));
  });

  it('keeps the summary in its dialog while it fades out, after a cancel and after the insert', async () => {
    await withMotion(async () => {
      setUp({ enabled: true, model: true }, { '/ai/summary': { text: '- Cliente quer trocar um produto' } });
      for (const button of ['Cancelar', 'Inserir como nota privada']) {
        await openMenu();
        await userEvent.click(await screen.findByRole('menuitem', { name: 'Resumir conversa' }));
        const dialog = await screen.findByRole('dialog', { name: 'Resumo da conversa' });
        expect(within(dialog).getByTestId('ai-summary')).toHaveTextContent(
          '- Cliente quer trocar um produto',
        );
        await expectSameWhileClosing(dialog, () =>
          fireEvent.click(within(dialog).getByRole('button', { name: button })),
        );
      }
      expect(box('Nota privada').value).toBe('- Cliente quer trocar um produto');
    });
  });

  it('without a model offers only suggestions, labelled as found, and says why', async () => {
    setUp(
      { enabled: true, model: false },
      { '/ai/suggest': { kind: 'quick_message', text: 'Trocas em até 30 dias.', source: 'troca' } },
    );
    await openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Sugerir resposta' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Resumir conversa' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Melhorar rascunho' })).toBeNull();
    expect(screen.getByTestId('ai-no-model')).toHaveTextContent(
      'Resumos, melhorias e traduções precisam de um modelo de IA, e nenhum está configurado',
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sugerir resposta' }));
    await waitFor(() => expect(box().value).toBe('Trocas em até 30 dias.'));
    expect(screen.getByTestId('ai-label')).toHaveTextContent(
      'Mensagem rápida /troca, encontrada pela busca embutida (sem modelo de IA) — revise antes de enviar.',
    );
  });

  it('tells when nothing was found, in English too', async () => {
    await i18n.changeLanguage('en');
    setUp({ enabled: true, model: false }, { '/ai/suggest': { kind: 'none', text: '', source: null } });
    await openMenu('AI assistant');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Suggest reply' }));
    expect(
      await screen.findByText(
        "Nothing in the quick messages or the knowledge base matches the customer's last message.",
      ),
    ).toBeInTheDocument();
    expect(box('Message').value).toBe('');
  });
});
