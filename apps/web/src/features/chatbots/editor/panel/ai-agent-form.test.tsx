import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyFlowDocument, type TFlowBlock, type TFlowDocument, validateFlow } from '@atende/shared';
import { Wrapper } from '../../../../test/setup';
import { mockApi, signInAdmin } from '../../chatbots-testing';
import { BlockPalette } from '../block-palette';
import { createBlock } from '../flow-blocks';
import { findBlock } from '../flow-edit';
import { useFlowState } from '../use-flow-state';
import { BlockPanel } from './block-panel';

beforeEach(signInAdmin);
afterEach(() => vi.restoreAllMocks());

function Harness({ initial }: { initial: TFlowDocument }) {
  const state = useFlowState(initial);
  const found = findBlock(state.doc, 'ai1');
  if (!found) return <p>removed</p>;
  return (
    <>
      <BlockPanel
        block={found.block}
        doc={state.doc}
        issues={validateFlow(state.doc)}
        edit={state.edit}
        onRemoved={() => undefined}
      />
      <output data-testid="doc">{JSON.stringify(state.doc)}</output>
    </>
  );
}

describe('AI agent block (hybrid bots)', { timeout: 20_000 }, () => {
  it('the palette offers it to hybrid bots only', () => {
    const { unmount } = render(<BlockPalette onAdd={() => undefined} withAi />, { wrapper: Wrapper });
    expect(screen.getByTestId('palette-ai_agent')).toHaveTextContent('Agente de IA');
    unmount();
    render(<BlockPalette onAdd={() => undefined} />, { wrapper: Wrapper });
    expect(screen.queryByTestId('palette-ai_agent')).not.toBeInTheDocument();
  });

  it('edits the opening message, the answer limit and the department; lists its typed exits', async () => {
    mockApi((call) =>
      call.path === '/p/chat/departments'
        ? { body: [{ _id: 'd-sales', name: 'Vendas', description: '', distribution: true, capacity: null }] }
        : undefined,
    );
    const block = createBlock('ai_agent', 'ai1');
    expect(block).toEqual({ id: 'ai1', type: 'ai_agent', message: null, maxTurns: 10, departmentId: null });
    const doc: TFlowDocument = {
      ...emptyFlowDocument(),
      groups: [{ id: 'g1', title: 'IA', position: { x: 0, y: 0 }, blocks: [block as TFlowBlock] }],
      edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    };
    render(<Harness initial={doc} />, { wrapper: Wrapper });
    const exits = within(screen.getByTestId('exits-section'));
    for (const label of ['Resolvido', 'Transferir', 'Limite de respostas'])
      expect(exits.getByText(label)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Mensagem de abertura'), {
      target: { value: 'Pode perguntar.' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Máximo de respostas' }), {
      target: { value: '4' },
    });
    fireEvent.click(screen.getByRole('textbox', { name: 'Departamento' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vendas', hidden: true }));
    const saved = JSON.parse(screen.getByTestId('doc').textContent ?? '{}') as TFlowDocument;
    expect(findBlock(saved, 'ai1')!.block).toEqual({
      id: 'ai1',
      type: 'ai_agent',
      message: 'Pode perguntar.',
      maxTurns: 4,
      departmentId: 'd-sales',
    });
  });

  it("restricts the block's answers to chosen knowledge sources (none: the whole knowledge base)", async () => {
    mockApi((call) =>
      call.path === '/p/ai/knowledge/sources'
        ? {
            body: {
              items: [
                { _id: 's-faq', name: 'Perguntas frequentes', status: 'trained' },
                { _id: 's-manual', name: 'Manual.pdf', status: 'trained' },
              ],
              count: 2,
            },
          }
        : call.path === '/p/chat/departments'
          ? { body: [] }
          : undefined,
    );
    const block = { ...createBlock('ai_agent', 'ai1'), sourceIds: ['s-gone'] } as TFlowBlock;
    const doc: TFlowDocument = {
      ...emptyFlowDocument(),
      groups: [{ id: 'g1', title: 'IA', position: { x: 0, y: 0 }, blocks: [block] }],
      edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    };
    render(<Harness initial={doc} />, { wrapper: Wrapper });
    const field = screen.getByTestId('ai-agent-sources');
    // A chosen source deleted since is shown as removed, to be taken out.
    expect(
      await within(field.parentElement!.parentElement!).findByText('Fonte removida'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'O bloco responde só com as fontes escolhidas aqui. Nenhuma escolhida: toda a base de conhecimento.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('textbox', { name: 'Fontes de conhecimento' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Manual.pdf', hidden: true }));
    const saved = JSON.parse(screen.getByTestId('doc').textContent ?? '{}') as TFlowDocument;
    expect(findBlock(saved, 'ai1')!.block).toMatchObject({ sourceIds: ['s-gone', 's-manual'] });
  });
});
